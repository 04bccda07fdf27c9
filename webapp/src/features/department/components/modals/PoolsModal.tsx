import { Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Pool, Rank } from '@/api/types';
import { EditableRows, RemoveIconButton } from '@/components/EditableRows';
import { useSavePools } from '../../api/use-structure';
import { newPoolDraft, poolDraft, poolsFromDrafts, type PoolDraft } from '../../lib/structure';
import { serverText, StructureDialog, type StructureModalProps } from './common';

export interface PoolsModalProps extends Omit<StructureModalProps, 'roles'> {
  rank: Rank;
  pools: readonly Pool[];
}

/** The inputs of a pool row, in order. */
const POOL_FIELDS: readonly { key: keyof PoolDraft; label: (index: number) => string; width: number; numeric: boolean }[] = [
  { key: 'prefix', label: (index) => `Pool ${String(index + 1)} prefix`, width: 120, numeric: false },
  { key: 'start', label: () => 'Start', width: 100, numeric: true },
  { key: 'end', label: () => 'End', width: 100, numeric: true },
];

interface PoolRow extends PoolDraft {
  /** The row's React key. */
  key: string;
}

const keyed = (draft: PoolDraft): PoolRow => ({ ...draft, key: randomId() });

/** Callsign Pools of a rank (stored under the rank's name): numeric ranges with an optional prefix. */
export function PoolsModal({ slug, rank, pools, onClose }: PoolsModalProps) {
  const form = useForm<{ pools: PoolRow[] }>({
    mode: 'controlled',
    initialValues: { pools: pools.map((pool) => keyed(poolDraft(pool))) },
  });
  // The server's refusal.
  const [error, setError] = useState<string | null>(null);
  const save = useSavePools(slug);
  const busy = save.isPending;
  const rows = form.values.pools;

  const onSubmit = form.onSubmit((values) => {
    setError(null);
    save.mutate(
      { rankName: rank.name, pools: poolsFromDrafts(values.pools) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Callsign pools saved' });
          onClose();
        },
        onError: (failure) => {
          setError(serverText(failure, 'Save failed'));
        },
      },
    );
  });

  return (
    <StructureDialog
      title="Callsign Pools"
      size="lg"
      busy={busy}
      dirty={form.isDirty()}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
    >
      <Text size="sm" c="dimmed">
        Callsigns offered for {rank.name}. Pools belong to the rank name, so every rank named {rank.name} shares them.
      </Text>
      <EditableRows
        rows={rows}
        keyOf={(row) => row.key}
        empty={
          <Text size="sm" c="dimmed" fs="italic">
            No pools: saving removes this rank&apos;s callsign range.
          </Text>
        }
        addLabel="+ Add pool"
        disabled={busy}
        onAdd={() => {
          form.insertListItem('pools', keyed(newPoolDraft()));
        }}
      >
        {(_row, index) => (
          <Group align="flex-end" gap="xs" wrap="nowrap" data-testid="pool-row">
            {POOL_FIELDS.map((field) => (
              <TextInput
                key={field.key}
                label={field.label(index)}
                inputMode={field.numeric ? 'numeric' : undefined}
                disabled={busy}
                w={field.width}
                {...form.getInputProps(`pools.${String(index)}.${field.key}`)}
              />
            ))}
            <RemoveIconButton
              label={`Remove pool ${String(index + 1)}`}
              disabled={busy}
              onClick={() => {
                form.removeListItem('pools', index);
              }}
            />
          </Group>
        )}
      </EditableRows>
    </StructureDialog>
  );
}
