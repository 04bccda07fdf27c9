/**
 * What the structure dialogs share: the error alert, the fields of a rank (Add Rank(s), Edit
 * Rank) with the insignia picker, and the save of the rank dialogs.
 */

import { Button, FileButton, Group, Image, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { ApiError, messageOf } from '@/api/client';
import type { DiscordRole, Structure } from '@/api/types';
import { FormDialog, type FormDialogProps } from '@/components/Dialog';
import { RemoveRowButton } from '@/components/EditableRows';
import { setFieldAt } from '@/components/form-errors';
import { FailureAlert } from '@/components/FormActions';
import { insigniaUrl } from '@/lib/insignia';
import { STRUCTURE_NAME_MAX } from '@/lib/limits';
import { useStructureChange, useUploadInsignia } from '../../api/use-structure';
import { INSIGNIA_ACCEPT, insigniaFileError, saveFailed, UPLOAD_FAILED, type RankDraft } from '../../lib/structure';
import { DiscordRoleField } from '../DiscordRoleField';

/** What every structure dialog gets from the page. */
export interface StructureModalProps {
  slug: string;
  /** The community server's Discord roles; null when they cannot be listed (ids are then typed). */
  roles: readonly DiscordRole[] | null;
  onClose: () => void;
}

/** The server's error text of a failed call, else `fallback`. */
export function serverText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return messageOf(error, fallback);
}

/** An insignia upload failure: the server's text, else 'Upload failed'. */
function uploadErrorText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : UPLOAD_FAILED;
}

/** Choose, change or clear one PNG insignia file (uploaded when the dialog saves). */
function InsigniaPicker({
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

export interface RankFieldsProps<V extends object> {
  form: UseFormReturnType<V>;
  /** Where the rank is in the form: '' (Edit Rank) or 'ranks.0.' (a row of Add Rank(s)). */
  path: string;
  rank: RankDraft;
  nameLabel: string;
  /** The insignia button's name: 'Replace insignia', 'Insignia of rank 1'. */
  insigniaLabel: string;
  roles: readonly DiscordRole[] | null;
  levelOptions: readonly { value: string; label: string }[];
  /** The viewer may not change this rank's level: the select is disabled and says why. */
  levelLocked?: boolean;
  /** The stored insignia is shown (alt text: '{name} insignia') with Remove: Edit Rank. */
  stored?: { rankName: string };
  busy: boolean;
  autoFocus?: boolean;
}

/**
 * The fields of a rank, bound to `path` in `form`: its name (required), the linked Discord
 * role, its level and its insignia (a PNG of at most 1 MB, uploaded when the dialog saves; a
 * file refused by its type or size is said at once). In Edit Rank the stored insignia shows
 * beside the picker, with Remove.
 */
export function RankFields<V extends object>({
  form,
  path,
  rank,
  nameLabel,
  insigniaLabel,
  roles,
  levelOptions,
  levelLocked = false,
  stored,
  busy,
  autoFocus = false,
}: RankFieldsProps<V>) {
  const field = (name: keyof RankDraft) => form.getInputProps(`${path}${name}`);
  const set = (name: keyof RankDraft, value: RankDraft[keyof RankDraft]) => {
    setFieldAt(form, `${path}${name}`, value);
  };
  const fileError = form.errors[`${path}file`];
  const preview = stored !== undefined && rank.file === null && rank.insignia !== null ? insigniaUrl(rank.insignia) : null;
  return (
    <>
      <TextInput
        label={nameLabel}
        required
        data-autofocus={autoFocus || undefined}
        maxLength={STRUCTURE_NAME_MAX}
        disabled={busy}
        {...field('name')}
      />
      <DiscordRoleField
        value={rank.roleId}
        onChange={(roleId) => {
          set('roleId', roleId);
        }}
        roles={roles}
        disabled={busy}
      />
      <Select
        label="Level"
        description={levelLocked ? 'Only a higher level can change the level of this rank.' : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={levelOptions}
        allowDeselect={false}
        disabled={busy || levelLocked}
        {...field('level')}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Insignia (PNG, max 1 MB)
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          {stored !== undefined &&
            (preview !== null ? (
              <Image src={preview} alt={`${stored.rankName} insignia`} h={48} w={48} fit="contain" />
            ) : (
              <Text size="xs" c="dimmed" w={48}>
                {rank.file === null ? 'None' : 'New'}
              </Text>
            ))}
          <InsigniaPicker
            file={rank.file}
            disabled={busy}
            label={insigniaLabel}
            onPick={(picked) => {
              set('file', picked);
              // A refused file is said at once (the save checks it again).
              if (picked !== null) {
                const refusal = insigniaFileError(picked);
                if (refusal !== null) form.setFieldError(`${path}file`, refusal);
              }
            }}
          />
          {stored !== undefined && rank.insignia !== null && rank.file === null && (
            <RemoveRowButton
              disabled={busy}
              onClick={() => {
                set('insignia', null);
              }}
            >
              Remove
            </RemoveRowButton>
          )}
        </Group>
        {typeof fileError === 'string' && (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        )}
      </Stack>
    </>
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

  /** Uploads `files` in turn (null: none), then writes with their stored names (null for none). */
  const saveWithFiles = (files: readonly (File | null)[], write: (names: (string | null)[]) => Promise<Structure>) => {
    setError(null);
    void uploadAll(files).then((names) => {
      if (names !== null) save(() => write(names));
    });
  };

  return { error, busy: uploading || change.isPending, saveWithFiles };
}

export interface StructureDialogProps {
  title: string;
  size?: 'md' | 'lg' | 'xl';
  busy: boolean;
  dirty: boolean;
  /** The server's refusal, or an upload's. */
  error: string | null;
  submitDisabled?: boolean;
  onClose: () => void;
  onSubmit: FormDialogProps['onSubmit'];
  children: ReactNode;
}

/** The frame of every structure dialog: a form dialog (not full screen), the refusal above Cancel and Save. */
export function StructureDialog({ error, size = 'md', ...props }: StructureDialogProps) {
  return <FormDialog {...props} size={size} fullScreen={false} gap="sm" alert={<FailureAlert message={error} />} />;
}
