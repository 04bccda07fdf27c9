import { Alert, Button, Card, Container, Flex, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { LoaNotice } from '@/components/LoaNotice';
import { withoutEntry } from '@/lib/catalogue-list';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { allowedSummary } from '@/lib/rank-list';
import { useNavAccess } from '@/session/use-nav-access';
import {
  callFailure,
  managedEquipmentQueryOptions,
  useSaveEquipment,
  type Equipment,
  type EquipmentList,
} from '../api/equipment';
import {
  CONFIRM_REMOVE_EQUIPMENT,
  displaySections,
  EQUIPMENT_REMOVED,
  isStale,
  manageLoadErrorText,
  NO_EQUIPMENT_CONFIGURED,
  saveErrorText,
  sectionCountText,
  UNABLE_TO_LOAD_EQUIPMENT,
} from '../lib/equipment';
import { EntryImage } from './EntryImage';
import { EquipmentModal } from './EquipmentModal';
import { SectionLists } from './SectionLists';

interface ManageCardProps {
  entry: Equipment;
  writable: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * A management card. Besides what the spec lists it says which ranks may use the entry
 * ('Allowed: All ranks' or 'N rank(s)'); an empty rank list reads 'All ranks', because that is
 * what the server does with it (the editor says so under the chips).
 */
function ManageCard({ entry, writable, busy, onEdit, onDelete }: ManageCardProps) {
  const titleId = useId();
  const sections = displaySections(entry);
  const notes = (entry.notes ?? '').trim();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="equipment-card">
      <Flex direction={{ base: 'column', xs: 'row' }} gap="md" align="flex-start">
        <EntryImage src={entry.image} alt={entry.name} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Title>
              <Text size="sm" c="dimmed">
                {sectionCountText(sections.length)} · Allowed: {allowedSummary(entry.allowedRanks ?? [], { emptyIsAll: true })}
              </Text>
            </Stack>
            {writable && (
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={onEdit} disabled={busy}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" onClick={onDelete} disabled={busy}>
                  Delete
                </Button>
              </Group>
            )}
          </Group>
          {notes !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {notes}
            </Text>
          )}
          <SectionLists sections={sections} />
        </Stack>
      </Flex>
    </Card>
  );
}

interface PageProblem {
  message: string;
  stale: boolean;
}

type Editing = { kind: 'new' } | { kind: 'edit'; entry: Equipment };

/**
 * Equipment management (command-and-reports §2 "Equipment management", §4, §5, §7, §8): the
 * whole equipment list with New equipment and Refresh; each card with image, name, section
 * count, notes and the sections with their items, Edit and Delete. Every save sends the whole
 * list at the version read; the list shows the change before the save returns and goes back
 * if it fails. Members on leave of absence see the list read-only.
 */
export function EquipmentManagementPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(managedEquipmentQueryOptions(slug));
  const remove = useSaveEquipment(slug);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<PageProblem | null>(null);

  const data: EquipmentList | undefined = query.data;
  const list = data?.equipment ?? [];

  const reload = () => {
    setProblem(null);
    void query.refetch();
  };

  const confirmDelete = (entry: Equipment) => {
    if (data === undefined) return;
    modals.openConfirmModal({
      title: `Delete ${entry.name}`,
      children: <Text size="sm">{CONFIRM_REMOVE_EQUIPMENT}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setProblem(null);
        const current = query.data ?? data;
        remove.mutate(
          { equipment: withoutEntry(current.equipment, entry.id ?? ''), version: current.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', title: EQUIPMENT_REMOVED, message: entry.name });
            },
            onError: (error) => {
              const failure = callFailure(error);
              setProblem({ message: saveErrorText(failure), stale: isStale(failure) });
            },
          },
        );
      },
    });
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1}>Equipment management</Title>
            <Text c="dimmed" size="sm">
              The kits of the agency and which ranks may carry them.
            </Text>
          </Stack>
          <Group gap="xs">
            {writable && (
              <Button
                disabled={data === undefined}
                onClick={() => {
                  setEditing({ kind: 'new' });
                }}
              >
                New equipment
              </Button>
            )}
            <Button variant="default" onClick={reload} loading={query.isFetching && !query.isPending}>
              Refresh
            </Button>
          </Group>
        </Group>

        {isOnLeave(access.viewer) && <LoaNotice />}

        {problem !== null && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{problem.message}</Text>
              {problem.stale && (
                <Button size="xs" variant="default" onClick={reload}>
                  Reload
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        {query.isPending ? (
          <Group gap="sm" py="lg" aria-busy="true">
            <Loader size="sm" />
            <Text>Loading equipment…</Text>
          </Group>
        ) : data === undefined ? (
          <Card withBorder radius="md" padding="lg" role="alert">
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h4">
                {UNABLE_TO_LOAD_EQUIPMENT}
              </Title>
              <Text c="red" size="sm">
                {manageLoadErrorText(callFailure(query.error))}
              </Text>
              <Button variant="default" onClick={reload} loading={query.isFetching}>
                Retry
              </Button>
            </Stack>
          </Card>
        ) : (
          <>
            {query.isError && (
              <Text c="red" size="sm" role="alert">
                {manageLoadErrorText(callFailure(query.error))}
              </Text>
            )}
            {list.length === 0 ? (
              <Paper withBorder p="lg" radius="md">
                <Text c="dimmed" ta="center" data-testid="equipment-empty">
                  {NO_EQUIPMENT_CONFIGURED}
                </Text>
              </Paper>
            ) : (
              <Stack gap="md">
                {list.map((entry, index) => (
                  <ManageCard
                    key={entry.id !== undefined && entry.id !== '' ? entry.id : `new-${String(index)}`}
                    entry={entry}
                    writable={writable}
                    busy={remove.isPending}
                    onEdit={() => {
                      setEditing({ kind: 'edit', entry });
                    }}
                    onDelete={() => {
                      confirmDelete(entry);
                    }}
                  />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>

      {editing !== null && data !== undefined && (
        <EquipmentModal
          slug={slug}
          entry={editing.kind === 'edit' ? editing.entry : null}
          list={data}
          onReload={reload}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Container>
  );
}
