import { Button } from '@mantine/core';

export interface EditDeleteButtonsProps {
  onEdit: () => void;
  onDelete: () => void;
  /** A save is under way: both wait. */
  disabled?: boolean;
}

/** An entry's Edit and Delete (catalogue cards, penal codes): Delete in red. */
export function EditDeleteButtons({ onEdit, onDelete, disabled = false }: EditDeleteButtonsProps) {
  return (
    <>
      <Button size="xs" variant="default" disabled={disabled} onClick={onEdit}>
        Edit
      </Button>
      <Button size="xs" variant="light" color="red" disabled={disabled} onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}
