import { Button, Group, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

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
