import { useForm } from '@mantine/form';
import type { Level, Rank } from '@/api/types';
import { assignableLevelOptions, canChangeRankLevel, type RankViewer } from '@/lib/rank-access';
import { updateStructureItem } from '../../api/structure';
import { rankErrors, type RankDraft } from '../../lib/structure';
import { RankFields, StructureDialog, useRankSave, type StructureModalProps } from './common';

export interface EditRankModalProps extends StructureModalProps {
  rank: Rank;
  levels: readonly Level[];
  /** Who edits: the level may change only from and to a level they may assign. */
  viewer: RankViewer | null;
}

/**
 * Edit Rank: name, Discord role, level and insignia (preview, Remove, or a new PNG). A rank
 * whose level the viewer may not assign keeps it (the select is disabled). A blank name or a
 * refused file is said under its field; a new file is uploaded before the rank is saved.
 */
export function EditRankModal({ slug, rank, roles, levels, viewer, onClose }: EditRankModalProps) {
  const form = useForm<RankDraft>({
    mode: 'controlled',
    initialValues: { name: rank.name, roleId: rank.roleId ?? null, level: rank.level, insignia: rank.insignia ?? null, file: null },
    validate: (values) => rankErrors(values),
  });
  const { error, busy, saveWithFiles } = useRankSave(slug, onClose, 'Rank saved');
  const levelOptions = assignableLevelOptions(levels, viewer, rank.level).map((option) => ({
    value: option.id,
    label: option.label,
  }));
  if (!levels.some((option) => option.id === rank.level)) levelOptions.push({ value: rank.level, label: rank.level });

  const onSubmit = form.onSubmit(({ name, roleId, level, insignia, file }) => {
    // Saves only with the rank's id.
    if (rank.id === '') return;
    saveWithFiles([file], ([uploaded]) =>
      updateStructureItem(rank.id, { name: name.trim(), roleId, level, insignia: file === null ? insignia : (uploaded ?? null) }),
    );
  });

  return (
    <StructureDialog title="Edit Rank" busy={busy} dirty={form.isDirty()} error={error} onClose={onClose} onSubmit={onSubmit}>
      <RankFields
        form={form}
        path=""
        rank={form.values}
        nameLabel="Name"
        insigniaLabel="Replace insignia"
        roles={roles}
        levelOptions={levelOptions}
        levelLocked={!canChangeRankLevel(viewer, rank.level)}
        stored={{ rankName: rank.name }}
        busy={busy}
        autoFocus
      />
    </StructureDialog>
  );
}
