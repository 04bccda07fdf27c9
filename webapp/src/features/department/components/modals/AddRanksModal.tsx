import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import type { Department, Level } from '@/api/types';
import { AddRowButton } from '@/components/AddRowButton';
import { FormDialog } from '@/components/Dialog';
import { assignableLevelOptions, type RankViewer } from '@/lib/rank-access';
import { createStructureItem } from '../../api/structure';
import { namedRankRows, rankRowsErrors, type RankDraft } from '../../lib/structure';
import { ErrorAlert, RankFields, useRankSave, type StructureModalProps } from './common';

interface RankRow extends RankDraft {
  /** The row's React key. */
  key: string;
}

export interface AddRanksModalProps extends StructureModalProps {
  department: Department;
  levels: readonly Level[];
  /** Who adds the ranks: the level choices are the levels they may assign. */
  viewer: RankViewer | null;
}

/**
 * Add Rank(s): several rows, each name, Discord role, level and PNG insignia (uploaded before
 * the save). The first row and every row with anything in it need a name, said under it.
 */
export function AddRanksModal({ slug, department, roles, levels, viewer, onClose }: AddRanksModalProps) {
  const offered = assignableLevelOptions(levels, viewer);
  const firstLevel = offered[0]?.id ?? levels[0]?.id ?? 'deputy';
  const newRow = (): RankRow => ({ key: randomId(), name: '', roleId: null, level: firstLevel, insignia: null, file: null });
  const form = useForm<{ ranks: RankRow[] }>({
    mode: 'controlled',
    initialValues: { ranks: [newRow()] },
    validate: ({ ranks }) => rankRowsErrors(ranks),
  });
  const rows = form.values.ranks;
  const named = namedRankRows(rows).length;
  const { error, setError, busy, uploadAll, save } = useRankSave(slug, onClose, named > 1 ? 'Ranks added' : 'Rank added');
  const levelOptions = offered.map((level) => ({ value: level.id, label: level.label }));

  const submit = async ({ ranks: all }: { ranks: RankRow[] }) => {
    setError(null);
    const filled = namedRankRows(all);
    const insignia = await uploadAll(filled.map((row) => row.file));
    if (insignia === null) return;
    const ranks = filled.map((row, index) => ({
      name: row.name.trim(),
      roleId: row.roleId,
      level: row.level,
      insignia: insignia[index] ?? null,
    }));
    save(() => createStructureItem({ type: 'ranks', parentId: department.id, data: { ranks } }));
  };

  return (
    <FormDialog
      title="Add Rank(s)"
      size="xl"
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
      <Text size="sm" c="dimmed">
        New ranks of {department.name}, added below its existing ranks.
      </Text>
      {rows.map((row, index) => (
        <Card key={row.key} withBorder padding="sm" radius="md" data-testid="rank-row">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <RankFields
              form={form}
              path={`ranks.${String(index)}.`}
              rank={row}
              nameLabel={`Rank ${String(index + 1)} name`}
              insigniaLabel={`Insignia of rank ${String(index + 1)}`}
              roles={roles}
              levelOptions={levelOptions}
              busy={busy}
              autoFocus={index === 0}
            />
          </SimpleGrid>
          {rows.length > 1 && (
            <Group justify="flex-end" mt="xs">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={busy}
                onClick={() => {
                  form.removeListItem('ranks', index);
                }}
              >
                Remove row
              </Button>
            </Group>
          )}
        </Card>
      ))}
      <AddRowButton
        disabled={busy}
        onClick={() => {
          form.insertListItem('ranks', newRow());
        }}
      >
        + Add row
      </AddRowButton>
    </FormDialog>
  );
}
