import { useState } from 'react';

/** The entry dialog open: a new entry (`entry` null) or the one being edited. */
export interface EntryEditing<T> {
  entry: T | null;
}

/** What an entry's card needs for its `EditDeleteButtons`. */
export interface EntryActions {
  /** A delete (or another save) is under way: the buttons wait. */
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * A list edited one entry at a time in a dialog (qualifications, application forms, webhooks):
 * `editing` is null while the dialog is closed; `add` opens it empty, a card's `onEdit` with its
 * entry, `close` shuts it; a card's `onDelete` calls `onDelete` (a `confirmRemoval`).
 */
export function useEntryEditing<T>({ busy, onDelete }: { busy: boolean; onDelete: (entry: T) => void }) {
  const [editing, setEditing] = useState<EntryEditing<T> | null>(null);
  return {
    editing,
    add: () => {
      setEditing({ entry: null });
    },
    close: () => {
      setEditing(null);
    },
    actionsOf: (entry: T): EntryActions => ({
      busy,
      onEdit: () => {
        setEditing({ entry });
      },
      onDelete: () => {
        onDelete(entry);
      },
    }),
  };
}
