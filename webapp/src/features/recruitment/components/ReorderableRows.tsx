import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ActionIcon, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ArrowIcon, CrossIcon } from '@/components/icons';
import { SortableRow, useSortSensors } from '@/components/SortableRow';
import { dropRow, moveRow } from '../lib/forms';

const TOUCH_DELAY_MS = 200;

export interface ReorderableRowsProps<T extends { key: string }> {
  rows: readonly T[];
  /** 'Questions', 'Stages': the list's name. */
  label: string;
  /** 'question 3': names a row for its handle and buttons. */
  rowLabel: (row: T, index: number) => string;
  onChange: (rows: T[]) => void;
  /** A row that may not be removed (a stage holding applications). */
  removable?: (row: T) => boolean;
  testId?: string;
  children: (row: T, index: number) => ReactNode;
}

/**
 * An ordered list edited in place: each row dragged by its handle (mouse, touch, or keyboard:
 * Space, arrows, Space), moved with its up and down buttons (phones), or removed.
 */
export function ReorderableRows<T extends { key: string }>({
  rows,
  label,
  rowLabel,
  onChange,
  removable = () => true,
  testId,
  children,
}: ReorderableRowsProps<T>) {
  const sensors = useSortSensors(TOUCH_DELAY_MS);
  const onDragEnd = (event: DragEndEvent) => {
    onChange(dropRow(rows, String(event.active.id), event.over ? String(event.over.id) : null));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
        <Stack component="ol" gap="xs" m={0} p={0} aria-label={label}>
          {rows.map((row, index) => {
            const name = rowLabel(row, index);
            return (
              <SortableRow
                key={row.key}
                sortableId={row.key}
                label={name}
                component="li"
                gap="xs"
                testId={testId}
                footer={
                  <Group gap={4} wrap="nowrap" justify="flex-end" mt={4}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${name} up`}
                      disabled={index === 0}
                      onClick={() => {
                        onChange(moveRow(rows, index, index - 1));
                      }}
                    >
                      <ArrowIcon />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${name} down`}
                      disabled={index === rows.length - 1}
                      onClick={() => {
                        onChange(moveRow(rows, index, index + 1));
                      }}
                    >
                      <ArrowIcon down />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      disabled={!removable(row)}
                      onClick={() => {
                        onChange(rows.filter((r) => r.key !== row.key));
                      }}
                    >
                      <CrossIcon />
                    </ActionIcon>
                  </Group>
                }
              >
                <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                  {children(row, index)}
                </Stack>
              </SortableRow>
            );
          })}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
