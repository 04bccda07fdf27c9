import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import type { Department, Level } from '@/api/types';
import { EditableRows, RemoveRowButton } from '@/components/EditableRows';
import { assignableLevelOptions, type RankViewer } from '@/lib/rank-access';
import { createStructureItem } from '../../api/structure';
import { namedRankRows, rankRowsErrors, type RankDraft } from '../../lib/structure';
import { RankFields, StructureDialog, useRankSave, type StructureModalProps } from './common';

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
  const { error, busy, saveWithFiles } = useRankSave(slug, onClose, named > 1 ? 'Ranks added' : 'Rank added');
  const levelOptions = offered.map((level) => ({ value: level.id, label: level.label }));

  const onSubmit = form.onSubmit(({ ranks }) => {
    const filled = namedRankRows(ranks);
    saveWithFiles(
      filled.map((row) => row.file),
      (insignia) =>
        createStructureItem({
          type: 'ranks',
          parentId: department.id,
          data: {
            ranks: filled.map((row, index) => ({ name: row.name.trim(), roleId: row.roleId, level: row.level, insignia: insignia[index] ?? null })),
          },
        }),
    );
  });

  return (
    <StructureDialog title="Add Rank(s)" size="xl" busy={busy} dirty={form.isDirty()} error={error} onClose={onClose} onSubmit={onSubmit}>
      <Text size="sm" c="dimmed">
        New ranks of {department.name}, added below its existing ranks.
      </Text>
      <EditableRows
        rows={rows}
        keyOf={(row) => row.key}
        addLabel="+ Add row"
        disabled={busy}
        onAdd={() => {
          form.insertListItem('ranks', newRow());
        }}
      >
        {(row, index) => (
          <Card withBorder padding="sm" radius="md" data-testid="rank-row">
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
                <RemoveRowButton
                  disabled={busy}
                  onClick={() => {
                    form.removeListItem('ranks', index);
                  }}
                >
                  Remove row
                </RemoveRowButton>
              </Group>
            )}
          </Card>
        )}
      </EditableRows>
    </StructureDialog>
  );
}
