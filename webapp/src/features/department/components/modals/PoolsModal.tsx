import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Pool, Rank } from '@/api/types';
import { useSavePools } from '../../api/use-structure';
import { newPoolDraft, poolDraft, poolsFromDrafts, type PoolDraft } from '../../lib/structure';
import { ErrorAlert, ModalFrame, serverText, type StructureModalProps } from './common';

export interface PoolsModalProps extends Omit<StructureModalProps, 'roles'> {
  rank: Rank;
  pools: readonly Pool[];
}

/** The inputs of a pool row, in order. */
const POOL_FIELDS: readonly { key: keyof PoolDraft; label: (index: number) => string; width: number; numeric: boolean }[] = [
  { key: 'prefix', label: (index) => `Pool ${index + 1} prefix`, width: 120, numeric: false },
  { key: 'start', label: () => 'Start', width: 100, numeric: true },
  { key: 'end', label: () => 'End', width: 100, numeric: true },
];

let poolKey = 0;
const keyed = (draft: PoolDraft) => ({ ...draft, key: (poolKey += 1) });

/** Callsign Pools of a rank (stored under the rank's name): numeric ranges with an optional prefix. */
export function PoolsModal({ slug, rank, pools, onClose }: PoolsModalProps) {
  const [drafts, setDrafts] = useState(() => pools.map((pool) => keyed(poolDraft(pool))));
  const [error, setError] = useState<string | null>(null);
  const save = useSavePools(slug);
  const [initialDrafts] = useState(drafts);
  const dirtyPools = JSON.stringify(poolsFromDrafts(drafts)) !== JSON.stringify(poolsFromDrafts(initialDrafts));
  const busy = save.isPending;

  const updateDraft = (key: number, patch: Partial<PoolDraft>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  };

  const onSubmit = () => {
    setError(null);
    save.mutate(
      { rankName: rank.name, pools: poolsFromDrafts(drafts) },
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
  };

  return (
    <ModalFrame title="Callsign Pools" size="lg" busy={busy} dirty={dirtyPools} onClose={onClose} onSubmit={onSubmit}>
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
          {POOL_FIELDS.map((field) => (
            <TextInput
              key={field.key}
              label={field.label(index)}
              inputMode={field.numeric ? 'numeric' : undefined}
              value={draft[field.key]}
              disabled={busy}
              w={field.width}
              onChange={(event) => {
                updateDraft(draft.key, { [field.key]: event.currentTarget.value });
              }}
            />
          ))}
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
