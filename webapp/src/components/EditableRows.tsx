import { ActionIcon, Button, Group, Text, type ButtonProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

export interface AddRowButtonProps {
  onClick: () => void;
  disabled?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** '+ Add row', 'Add variant', 'Add card', … */
  children: ReactNode;
}

/** The button under a list of editable rows that adds one more, on a line of its own. */
export function AddRowButton({ onClick, disabled = false, size = 'xs', variant = 'light', children }: AddRowButtonProps) {
  return (
    <Group>
      <Button size={size} variant={variant} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Group>
  );
}

export interface RemoveRowButtonProps {
  onClick: () => void;
  disabled?: boolean;
  size?: ButtonProps['size'];
  /** What a screen reader hears when the text alone does not say which row ('Remove card 2'). */
  'aria-label'?: string;
  /** 'Remove row', 'Remove section', … */
  children: ReactNode;
}

/** A row's own remove button, in red text. */
export function RemoveRowButton({ onClick, disabled = false, size = 'xs', 'aria-label': label, children }: RemoveRowButtonProps) {
  return (
    <Button size={size} variant="subtle" color="red" disabled={disabled} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A row's ✕, named for screen readers ('Remove pool 2') and shown as its tooltip. */
export function RemoveIconButton({ label, onClick, disabled = false, color = 'red' }: { label: string; onClick: () => void; disabled?: boolean; color?: string }) {
  return (
    <ActionIcon variant="subtle" color={color} size="lg" disabled={disabled} aria-label={label} title={label} onClick={onClick}>
      <span aria-hidden="true">✕</span>
    </ActionIcon>
  );
}

export interface EditableRowsProps<T> {
  rows: readonly T[];
  keyOf: (row: T, index: number) => string | number;
  /** Said while there is no row ('No variants yet.'); nothing when absent. */
  empty?: ReactNode;
  /** The add button's text and what it does. */
  addLabel: ReactNode;
  onAdd: () => void;
  addSize?: ButtonProps['size'];
  addVariant?: ButtonProps['variant'];
  disabled?: boolean;
  /** One row (with its own remove button). */
  children: (row: T, index: number) => ReactNode;
}

/**
 * A list of rows edited in place (a form's list field: ranks to add, callsign pools, a
 * vehicle's variants, home cards …): what it says when empty, each row, and the button that
 * adds one.
 */
export function EditableRows<T>({
  rows,
  keyOf,
  empty,
  addLabel,
  onAdd,
  addSize,
  addVariant,
  disabled = false,
  children,
}: EditableRowsProps<T>) {
  return (
    <>
      {rows.length === 0 &&
        empty !== undefined &&
        (typeof empty === 'string' ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          empty
        ))}
      {rows.map((row, index) => (
        <Fragment key={keyOf(row, index)}>{children(row, index)}</Fragment>
      ))}
      <AddRowButton size={addSize} variant={addVariant} disabled={disabled} onClick={onAdd}>
        {addLabel}
      </AddRowButton>
    </>
  );
}
