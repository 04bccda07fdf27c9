import { Button, Group, Image, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Level, Rank } from '@/api/types';
import { insigniaUrl } from '@/lib/insignia';
import { STRUCTURE_NAME_MAX } from '@/lib/limits';
import { assignableLevelOptions, canChangeRankLevel, type RankViewer } from '@/lib/rank-access';
import { updateStructureItem } from '../../api/structure';
import { insigniaFileError } from '../../lib/structure';
import { DiscordRoleField } from '../DiscordRoleField';
import { ErrorAlert, InsigniaPicker, ModalFrame, useRankSave, type StructureModalProps } from './common';

export interface EditRankModalProps extends StructureModalProps {
  rank: Rank;
  levels: readonly Level[];
  /** Who edits: the level may change only from and to a level they may assign. */
  viewer: RankViewer | null;
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
  const { error, setError, busy, uploadAll, save } = useRankSave(slug, onClose, 'Rank saved');
  const dirty =
    name !== rank.name || roleId !== (rank.roleId ?? null) || level !== rank.level || insignia !== (rank.insignia ?? null) || file !== null;
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
      const uploaded = await uploadAll([file]);
      if (uploaded === null) return;
      filename = uploaded[0] ?? null;
    }
    save(() => updateStructureItem(rank.id, { name: trimmed, roleId, level, insignia: filename }));
  };

  return (
    <ModalFrame
      dirty={dirty}
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
