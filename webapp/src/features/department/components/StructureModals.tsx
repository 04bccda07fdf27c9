import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { ApiError, messageOf } from '@/api/client';
import { createStructureItem, updateStructureItem } from '@/api/structure';
import type { Department, DiscordRole, Level, Pool, Rank, Structure } from '@/api/types';
import { STRUCTURE_NAME_MAX } from '@/lib/limits';
import { assignableLevelOptions, canChangeRankLevel, type RankViewer } from '@/lib/rank-access';
import {
  insigniaFileError,
  INSIGNIA_ACCEPT,
  insigniaUrl,
  namedRankRows,
  newPoolDraft,
  poolDraft,
  poolsFromDrafts,
  rankRowsError,
  saveFailed,
  UPLOAD_FAILED,
  type PoolDraft,
} from '@/lib/structure';
import { useSavePools, useStructureChange, useUploadInsignia } from '../api/use-structure';
import { DiscordRoleField } from './DiscordRoleField';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

/** The server's error text of a failed call, else `fallback`. */
function serverText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return messageOf(error, fallback);
}

/** An insignia upload failure: the server's text, else 'Upload failed'. */
function uploadErrorText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : UPLOAD_FAILED;
}

function ErrorAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

function ModalFrame({
  title,
  busy,
  onClose,
  onSubmit,
  submitLabel = 'Save',
  submitDisabled = false,
  size = 'md',
  children,
}: {
  title: string;
  busy: boolean;
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
  return (
    <Modal
      opened
      title={title}
      size={size}
      closeButtonProps={MODAL_CLOSE}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
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

/* ------------------------------------------------ department, sub and role */

export interface NamedItemModalProps {
  slug: string;
  title: string;
  /** Label of the name field. */
  nameLabel?: string;
  initialName?: string;
  initialRoleId?: string | null;
  roles: readonly DiscordRole[] | null;
  /** Shown when the name is blank; null: a blank name saves nothing (Edit Sub). */
  nameRequired: string | null;
  /** The write, given the trimmed name and the linked Discord role. */
  write: (name: string, roleId: string | null) => Promise<Structure>;
  onClose: () => void;
}

/** Add/Edit Department, Add/Edit Sub, Add/Edit Role: a name and a linked Discord role. */
export function NamedItemModal({
  slug,
  title,
  nameLabel = 'Name',
  initialName = '',
  initialRoleId = null,
  roles,
  nameRequired,
  write,
  onClose,
}: NamedItemModalProps) {
  const [name, setName] = useState(initialName);
  const [roleId, setRoleId] = useState<string | null>(initialRoleId);
  const [error, setError] = useState<string | null>(null);
  const change = useStructureChange(slug);

  const onSubmit = () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(nameRequired);
      return;
    }
    setError(null);
    change.mutate(() => write(trimmed, roleId), {
      onSuccess: onClose,
      onError: (failure) => {
        setError(serverText(failure, 'Save failed'));
      },
    });
  };

  return (
    <ModalFrame
      title={title}
      busy={change.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      submitDisabled={nameRequired === null && name.trim() === ''}
    >
      <TextInput
        label={nameLabel}
        required
        data-autofocus
        maxLength={STRUCTURE_NAME_MAX}
        value={name}
        disabled={change.isPending}
        onChange={(event) => {
          setName(event.currentTarget.value);
        }}
      />
      <DiscordRoleField value={roleId} onChange={setRoleId} roles={roles} disabled={change.isPending} />
      <ErrorAlert message={error} />
    </ModalFrame>
  );
}

/* -------------------------------------------------------------- add ranks */

interface RankRow {
  key: number;
  name: string;
  roleId: string | null;
  level: string;
  file: File | null;
}

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

export interface AddRanksModalProps {
  slug: string;
  department: Department;
  roles: readonly DiscordRole[] | null;
  levels: readonly Level[];
  /** Who adds the ranks: the level choices are the levels they may assign. */
  viewer: RankViewer | null;
  onClose: () => void;
}

/** Add Rank(s): several rows, each name, Discord role, level and PNG insignia (uploaded before the save). */
export function AddRanksModal({ slug, department, roles, levels, viewer, onClose }: AddRanksModalProps) {
  const offered = assignableLevelOptions(levels, viewer);
  const firstLevel = offered[0]?.id ?? levels[0]?.id ?? 'deputy';
  const [nextKey, setNextKey] = useState(2);
  const [rows, setRows] = useState<RankRow[]>([{ key: 1, name: '', roleId: null, level: firstLevel, file: null }]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const upload = useUploadInsignia();
  const change = useStructureChange(slug);
  const busy = uploading || change.isPending;
  const levelOptions = offered.map((level) => ({ value: level.id, label: level.label }));

  const updateRow = (key: number, patch: Partial<RankRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };

  const onSubmit = async () => {
    const problem = rankRowsError(rows);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    const named = namedRankRows(rows);
    const ranks: { name: string; roleId: string | null; level: string; insignia: string | null }[] = [];
    setUploading(true);
    try {
      for (const row of named) {
        let insignia: string | null = null;
        if (row.file !== null) {
          try {
            insignia = (await upload.mutateAsync(row.file)).filename;
          } catch (failure) {
            setError(uploadErrorText(failure));
            return;
          }
        }
        ranks.push({ name: row.name.trim(), roleId: row.roleId, level: row.level, insignia });
      }
    } finally {
      setUploading(false);
    }
    change.mutate(() => createStructureItem({ type: 'ranks', parentId: department.id, data: { ranks } }), {
      onSuccess: onClose,
      onError: (failure) => {
        setError(saveFailed(serverText(failure, 'Unknown error')));
      },
    });
  };

  return (
    <ModalFrame
      title="Add Rank(s)"
      size="xl"
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        void onSubmit();
      }}
    >
      <Text size="sm" c="dimmed">
        New ranks of {department.name}, added below its existing ranks.
      </Text>
      {rows.map((row, index) => (
        <Card key={row.key} withBorder padding="sm" radius="md" data-testid="rank-row">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={`Rank ${index + 1} name`}
              required
              maxLength={STRUCTURE_NAME_MAX}
              value={row.name}
              disabled={busy}
              data-autofocus={index === 0 ? true : undefined}
              onChange={(event) => {
                updateRow(row.key, { name: event.currentTarget.value });
              }}
            />
            <DiscordRoleField
              value={row.roleId}
              roles={roles}
              disabled={busy}
              onChange={(roleId) => {
                updateRow(row.key, { roleId });
              }}
            />
            <Select
              label="Level"
              data={levelOptions}
              value={row.level}
              allowDeselect={false}
              disabled={busy}
              onChange={(level) => {
                if (level !== null) updateRow(row.key, { level });
              }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Insignia (PNG, max 1 MB)
              </Text>
              <InsigniaPicker
                file={row.file}
                disabled={busy}
                label={`Insignia of rank ${index + 1}`}
                onPick={(file) => {
                  updateRow(row.key, { file });
                  setError(file === null ? null : insigniaFileError(file));
                }}
              />
            </Stack>
          </SimpleGrid>
          {rows.length > 1 && (
            <Group justify="flex-end" mt="xs">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={busy}
                onClick={() => {
                  setRows((current) => current.filter((other) => other.key !== row.key));
                }}
              >
                Remove row
              </Button>
            </Group>
          )}
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={busy}
          onClick={() => {
            setRows((current) => [...current, { key: nextKey, name: '', roleId: null, level: firstLevel, file: null }]);
            setNextKey((key) => key + 1);
          }}
        >
          + Add row
        </Button>
      </Group>
      <ErrorAlert message={error} />
    </ModalFrame>
  );
}

/* -------------------------------------------------------------- edit rank */

export interface EditRankModalProps {
  slug: string;
  rank: Rank;
  roles: readonly DiscordRole[] | null;
  levels: readonly Level[];
  /** Who edits: the level may change only from and to a level they may assign. */
  viewer: RankViewer | null;
  onClose: () => void;
}

/**
 * Edit Rank: name, Discord role, level and insignia (preview, Remove, or a new PNG). A rank
 * whose level the viewer may not assign keeps it (the select is disabled).
 */
export function EditRankModal({ slug, rank, roles, levels, viewer, onClose }: EditRankModalProps) {
  const [name, setName] = useState(rank.name);
  const [roleId, setRoleId] = useState<string | null>(rank.roleId ?? null);
  const [level, setLevel] = useState(rank.level);
  const [insignia, setInsignia] = useState<string | null>(rank.insignia ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const upload = useUploadInsignia();
  const change = useStructureChange(slug);
  const busy = uploading || change.isPending;
  const levelLocked = !canChangeRankLevel(viewer, rank.level);
  const levelOptions = assignableLevelOptions(levels, viewer, rank.level).map((option) => ({
    value: option.id,
    label: option.label,
  }));
  if (!levels.some((option) => option.id === rank.level)) levelOptions.push({ value: rank.level, label: rank.level });
  const preview = file === null && insignia !== null ? insigniaUrl(insignia) : null;

  const onSubmit = async () => {
    const trimmed = name.trim();
    // Saves only with a name (and the rank's id); otherwise nothing happens.
    if (trimmed === '' || rank.id === '') return;
    setError(null);
    let filename = insignia;
    if (file !== null) {
      const problem = insigniaFileError(file);
      if (problem !== null) {
        setError(problem);
        return;
      }
      setUploading(true);
      try {
        filename = (await upload.mutateAsync(file)).filename;
      } catch (failure) {
        setError(uploadErrorText(failure));
        return;
      } finally {
        setUploading(false);
      }
    }
    change.mutate(() => updateStructureItem(rank.id, { name: trimmed, roleId, level, insignia: filename }), {
      onSuccess: onClose,
      onError: (failure) => {
        setError(saveFailed(serverText(failure, 'Unknown error')));
      },
    });
  };

  return (
    <ModalFrame
      title="Edit Rank"
      busy={busy}
      onClose={onClose}
      submitDisabled={name.trim() === ''}
      onSubmit={() => {
        void onSubmit();
      }}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={STRUCTURE_NAME_MAX}
        value={name}
        disabled={busy}
        onChange={(event) => {
          setName(event.currentTarget.value);
        }}
      />
      <DiscordRoleField value={roleId} onChange={setRoleId} roles={roles} disabled={busy} />
      <Select
        label="Level"
        description={levelLocked ? 'Only a higher level can change the level of this rank.' : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={levelOptions}
        value={level}
        allowDeselect={false}
        disabled={busy || levelLocked}
        onChange={(value) => {
          if (value !== null) setLevel(value);
        }}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Insignia
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          {preview !== null ? (
            <Image src={preview} alt={`${rank.name} insignia`} h={48} w={48} fit="contain" />
          ) : (
            <Text size="xs" c="dimmed" w={48}>
              {file === null ? 'None' : 'New'}
            </Text>
          )}
          <InsigniaPicker
            file={file}
            disabled={busy}
            label="Replace insignia"
            onPick={(picked) => {
              setFile(picked);
              setError(picked === null ? null : insigniaFileError(picked));
            }}
          />
          {insignia !== null && file === null && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={busy}
              onClick={() => {
                setInsignia(null);
              }}
            >
              Remove
            </Button>
          )}
        </Group>
      </Stack>
      <ErrorAlert message={error} />
    </ModalFrame>
  );
}

/* ------------------------------------------------------------------ pools */

export interface PoolsModalProps {
  slug: string;
  rank: Rank;
  pools: readonly Pool[];
  onClose: () => void;
}

let poolKey = 0;
const keyed = (draft: PoolDraft) => ({ ...draft, key: (poolKey += 1) });

/** Callsign Pools of a rank (stored under the rank's name): numeric ranges with an optional prefix. */
export function PoolsModal({ slug, rank, pools, onClose }: PoolsModalProps) {
  const [drafts, setDrafts] = useState(() => pools.map((pool) => keyed(poolDraft(pool))));
  const [error, setError] = useState<string | null>(null);
  const save = useSavePools(slug);
  const busy = save.isPending;

  const updateDraft = (key: number, patch: Partial<PoolDraft>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  };

  const onSubmit = () => {
    setError(null);
    save.mutate(
      { rankName: rank.name, pools: poolsFromDrafts(drafts) },
      {
        onSuccess: onClose,
        onError: (failure) => {
          setError(serverText(failure, 'Save failed'));
        },
      },
    );
  };

  return (
    <ModalFrame title="Callsign Pools" size="lg" busy={busy} onClose={onClose} onSubmit={onSubmit}>
      <Text size="sm" c="dimmed">
        Callsigns offered for {rank.name}. Pools belong to the rank name, so every rank named {rank.name} shares them.
      </Text>
      {drafts.length === 0 && (
        <Text size="sm" c="dimmed" fs="italic">
          No pools: saving removes this rank&apos;s callsign range.
        </Text>
      )}
      {drafts.map((draft, index) => (
        <Group key={draft.key} align="flex-end" gap="xs" wrap="nowrap" data-testid="pool-row">
          <TextInput
            label={`Pool ${index + 1} prefix`}
            value={draft.prefix}
            disabled={busy}
            w={120}
            onChange={(event) => {
              updateDraft(draft.key, { prefix: event.currentTarget.value });
            }}
          />
          <TextInput
            label="Start"
            inputMode="numeric"
            value={draft.start}
            disabled={busy}
            w={100}
            onChange={(event) => {
              updateDraft(draft.key, { start: event.currentTarget.value });
            }}
          />
          <TextInput
            label="End"
            inputMode="numeric"
            value={draft.end}
            disabled={busy}
            w={100}
            onChange={(event) => {
              updateDraft(draft.key, { end: event.currentTarget.value });
            }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove pool ${index + 1}`}
            disabled={busy}
            onClick={() => {
              setDrafts((current) => current.filter((other) => other.key !== draft.key));
            }}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={busy}
          onClick={() => {
            setDrafts((current) => [...current, keyed(newPoolDraft())]);
          }}
        >
          + Add pool
        </Button>
      </Group>
      <ErrorAlert message={error} />
    </ModalFrame>
  );
}
