import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
/**
 * What the structure dialogs share: their frame (title, Cancel and Save), the error alert, the
 * insignia picker and the save of the rank dialogs.
 */

import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { ApiError, messageOf } from '@/api/client';
import type { DiscordRole, Structure } from '@/api/types';
import { useStructureChange, useUploadInsignia } from '../../api/use-structure';
import { INSIGNIA_ACCEPT, saveFailed, UPLOAD_FAILED } from '../../lib/structure';

/** What every structure dialog gets from the page. */
export interface StructureModalProps {
  slug: string;
  /** The community server's Discord roles; null when they cannot be listed (ids are then typed). */
  roles: readonly DiscordRole[] | null;
  onClose: () => void;
}

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

/** The server's error text of a failed call, else `fallback`. */
export function serverText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return messageOf(error, fallback);
}

/** An insignia upload failure: the server's text, else 'Upload failed'. */
function uploadErrorText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : UPLOAD_FAILED;
}

/** A save or upload failure inside a dialog; nothing without one. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

/** A dialog with a form: its fields, then Cancel and Save; it does not close while busy. */
/** The question before a dialog with unsaved changes is closed. */
export const DISCARD_CHANGES = 'Close this dialog and drop your changes?';

export function ModalFrame({
  title,
  busy,
  onClose,
  onSubmit,
  submitLabel = 'Save',
  submitDisabled = false,
  size = 'md',
  dirty = false,
  children,
}: {
  title: string;
  busy: boolean;
  /** The dialog holds changes not saved yet: closing it asks first. */
  dirty?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel?: string;
  submitDisabled?: boolean;
  size?: string;
  children: ReactNode;
}) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const close = () => {
    if (busy) return;
    if (!dirty) {
      onClose();
      return;
    }
    modals.openConfirmModal({
      title: 'Unsaved changes',
      children: DISCARD_CHANGES,
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };
  return (
    <Modal
      opened
      title={title}
      size={size}
      closeButtonProps={MODAL_CLOSE}
      onClose={close}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Choose, change or clear one PNG insignia file (uploaded when the dialog saves). */
export function InsigniaPicker({
  file,
  disabled,
  onPick,
  label,
}: {
  file: File | null;
  disabled: boolean;
  onPick: (file: File | null) => void;
  label: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <FileButton accept={INSIGNIA_ACCEPT} disabled={disabled} onChange={onPick} inputProps={{ 'aria-label': `${label} file` }}>
        {(props) => (
          <Button {...props} size="xs" variant="light" aria-label={label}>
            {file ? 'Change PNG' : 'Choose PNG'}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed" truncate maw={160}>
        {file ? file.name : 'No file'}
      </Text>
      {file && (
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          disabled={disabled}
          onClick={() => {
            onPick(null);
          }}
        >
          Clear
        </Button>
      )}
    </Group>
  );
}

/**
 * The save of Add Rank(s) and Edit Rank: insignia files are uploaded first, then the structure
 * is written; an upload failure ('Upload failed' or the server's text) or a save failure
 * ('Save failed: {message}') lands in `error`, and a successful save closes the dialog.
 */
export function useRankSave(slug: string, onClose: () => void, saved: string) {
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const upload = useUploadInsignia();
  const change = useStructureChange(slug);

  /** Uploads the files in turn → their stored names (null for no file), or null after a failure. */
  const uploadAll = async (files: readonly (File | null)[]): Promise<(string | null)[] | null> => {
    setUploading(true);
    try {
      const names: (string | null)[] = [];
      for (const file of files) {
        if (file === null) {
          names.push(null);
          continue;
        }
        try {
          names.push((await upload.mutateAsync(file)).filename);
        } catch (failure) {
          setError(uploadErrorText(failure));
          return null;
        }
      }
      return names;
    } finally {
      setUploading(false);
    }
  };

  const save = (write: () => Promise<Structure>) => {
    change.mutate(write, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: saved });
        onClose();
      },
      onError: (failure) => {
        setError(saveFailed(serverText(failure, 'Unknown error')));
      },
    });
  };

  return { error, setError, busy: uploading || change.isPending, uploadAll, save };
}
