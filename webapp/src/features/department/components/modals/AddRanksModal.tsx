import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Department, Level } from '@/api/types';
import { STRUCTURE_NAME_MAX } from '@/lib/limits';
import { assignableLevelOptions, type RankViewer } from '@/lib/rank-access';
import { createStructureItem } from '../../api/structure';
import { insigniaFileError, namedRankRows, rankRowsError } from '../../lib/structure';
import { DiscordRoleField } from '../DiscordRoleField';
import { ErrorAlert, InsigniaPicker, ModalFrame, useRankSave, type StructureModalProps } from './common';

interface RankRow {
  key: number;
  name: string;
  roleId: string | null;
  level: string;
  file: File | null;
}

export interface AddRanksModalProps extends StructureModalProps {
  department: Department;
  levels: readonly Level[];
  /** Who adds the ranks: the level choices are the levels they may assign. */
  viewer: RankViewer | null;
}

/** Add Rank(s): several rows, each name, Discord role, level and PNG insignia (uploaded before the save). */
export function AddRanksModal({ slug, department, roles, levels, viewer, onClose }: AddRanksModalProps) {
  const offered = assignableLevelOptions(levels, viewer);
  const firstLevel = offered[0]?.id ?? levels[0]?.id ?? 'deputy';
  const [nextKey, setNextKey] = useState(2);
  const [rows, setRows] = useState<RankRow[]>([{ key: 1, name: '', roleId: null, level: firstLevel, file: null }]);
  const named = rows.filter((row) => row.name.trim() !== '' || row.file !== null || row.roleId !== null).length;
  const { error, setError, busy, uploadAll, save } = useRankSave(slug, onClose, named > 1 ? 'Ranks added' : 'Rank added');
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
    const filled = namedRankRows(rows);
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
    <ModalFrame
      title="Add Rank(s)"
      size="xl"
      busy={busy}
      dirty={named > 0}
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
