import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { confirmRemoval } from './confirm';

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

export interface EntryRemoval<T extends { id: unknown }> {
  /** The delete mutation, called with the entry's id. */
  remove: Pick<UseMutationResult<unknown, Error, T['id']>, 'mutate' | 'isPending'>;
  /** What an entry is, in the green notification: 'Qualification', 'Form', 'Webhook'. */
  kind: string;
  nameOf: (entry: T) => string;
  /** The confirmation's sentence. */
  message: ReactNode;
  errorText: (error: unknown) => string;
  /** A delete or another save is under way: the cards' buttons wait. The delete alone unless said. */
  busy?: boolean;
}

/**
 * A list edited one entry at a time in a dialog (qualifications, application forms, webhooks):
 * `editing` is null while the dialog is closed; `add` opens it empty, a card's `onEdit` with its
 * entry, `close` shuts it; a card's `onDelete` asks `Delete <name>` (`confirmRemoval`) and runs
 * `remove` with the entry's id.
 */
export function useEntryEditing<T extends { id: unknown }>({ remove, kind, nameOf, message, errorText, busy = remove.isPending }: EntryRemoval<T>) {
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
        confirmRemoval({ verb: 'Delete', kind, name: nameOf(entry), message, mutation: remove, variables: entry.id, errorText });
      },
    }),
  };
}
