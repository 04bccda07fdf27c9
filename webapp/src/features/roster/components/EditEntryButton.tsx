import { Button } from '@mantine/core';
import type { RosterEntry } from '@/api/types';

/** A roster entry's Edit button, named 'Edit {name}' for screen readers. */
export function EditEntryButton({ entry, onEdit }: { entry: RosterEntry; onEdit: (entry: RosterEntry) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={`Edit ${entry.name}`}
      onClick={() => {
        onEdit(entry);
      }}
      style={{ flex: 'none' }}
    >
      Edit
    </Button>
  );
}
