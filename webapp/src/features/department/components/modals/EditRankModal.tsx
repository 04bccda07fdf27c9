import { useForm } from '@mantine/form';
import type { Level, Rank } from '@/api/types';
import { FormDialog } from '@/components/Dialog';
import { assignableLevelOptions, canChangeRankLevel, type RankViewer } from '@/lib/rank-access';
import { updateStructureItem } from '../../api/structure';
import { rankErrors, type RankDraft } from '../../lib/structure';
import { ErrorAlert, RankFields, useRankSave, type StructureModalProps } from './common';

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
  const { error, setError, busy, uploadAll, save } = useRankSave(slug, onClose, 'Rank saved');
  const levelOptions = assignableLevelOptions(levels, viewer, rank.level).map((option) => ({
    value: option.id,
    label: option.label,
  }));
  if (!levels.some((option) => option.id === rank.level)) levelOptions.push({ value: rank.level, label: rank.level });

  const submit = async ({ name, roleId, level, insignia, file }: RankDraft) => {
    // Saves only with the rank's id.
    if (rank.id === '') return;
    setError(null);
    let filename = insignia;
    if (file !== null) {
      const uploaded = await uploadAll([file]);
      if (uploaded === null) return;
      filename = uploaded[0] ?? null;
    }
    save(() => updateStructureItem(rank.id, { name: name.trim(), roleId, level, insignia: filename }));
  };

  return (
    <FormDialog
      title="Edit Rank"
      size="md"
      fullScreen={false}
      gap="sm"
      busy={busy}
      dirty={form.isDirty()}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => {
        void submit(values);
      })}
      alert={<ErrorAlert message={error} />}
    >
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
    </FormDialog>
  );
}
