import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { GripIcon } from '@/components/icons';

/** A mouse drag starts after this many pixels (a click stays a click). */
export const MOUSE_DISTANCE_PX = 5;

/**
 * How a list is reordered: by mouse past MOUSE_DISTANCE_PX, by touch after holding
 * `touchDelayMs` (so that a swipe still scrolls the page), and by keyboard (Space, arrows).
 */
export function useSortSensors(touchDelayMs: number) {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: touchDelayMs, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** What every sortable row carries: its list and its own id. */
export interface SortableData {
  container: string;
  itemId: string;
}

export interface SortableRowProps {
  /** Unique among every sortable row of the page. */
  sortableId: string;
  data?: SortableData;
  /** Names the row for the drag handle ('Drag {label}'). */
  label: string;
  disabled?: boolean;
  /** False: no drag handle at all (a viewer who may not reorder). */
  sortable?: boolean;
  children: ReactNode;
  testId?: string;
  /** 'li' inside a list. */
  component?: 'div' | 'li';
  /** The space between the handle and the row's content. */
  gap?: MantineSpacing;
  /** Under the row, inside its border (a training step's Required and move buttons). */
  footer?: ReactNode;
}

/** A row that can be dragged by its handle (mouse, touch or keyboard) within its own list. */
export function SortableRow({
  sortableId,
  data,
  label,
  disabled = false,
  sortable = true,
  children,
  testId,
  component = 'div',
  gap = 'sm',
  footer = null,
}: SortableRowProps) {
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
      component={component}
      data-testid={testId}
      data-dragging={isDragging || undefined}
      style={{
        listStyle: component === 'li' ? 'none' : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group gap={gap} wrap="nowrap" align="center">
        {sortable && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag ${label}`}
            disabled={disabled}
            style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none', flexShrink: 0 }}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </ActionIcon>
        )}
        {children}
      </Group>
      {footer}
    </Paper>
  );
}
