import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { GripIcon } from '@/components/icons';

/** What every sortable row carries: its list and its own id. */
export interface SortableData {
  container: string;
  itemId: string;
}

export interface SortableRowProps {
  /** Unique among every sortable row of the page. */
  sortableId: string;
  data: SortableData;
  /** Names the row for the drag handle ('Drag {label}'). */
  label: string;
  disabled?: boolean;
  /** False: no drag handle at all (a viewer who may not reorder). */
  sortable?: boolean;
  children: ReactNode;
  testId?: string;
}

/** A row that can be dragged by its handle (mouse, touch or keyboard) within its own list. */
export function SortableRow({ sortableId, data, label, disabled = false, sortable = true, children, testId }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sortableId,
    data,
    disabled: disabled || !sortable,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      data-testid={testId}
      data-dragging={isDragging || undefined}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        {sortable && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag ${label}`}
            disabled={disabled}
            style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </ActionIcon>
        )}
        {children}
      </Group>
    </Paper>
  );
}
