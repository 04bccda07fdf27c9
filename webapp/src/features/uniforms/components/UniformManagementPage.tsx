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
import { callFailure, managedUniformsQueryOptions, useSaveUniforms, type Uniform, type UniformList } from '../api/uniforms';
import {
  CONFIRM_REMOVE_UNIFORM,
  displayAttachments,
  filledSlots,
  gearSlotCountText,
  isStale,
  manageLoadErrorText,
  NO_UNIFORMS_CONFIGURED,
  saveErrorText,
  UNABLE_TO_LOAD_UNIFORMS,
  UNIFORM_REMOVED,
} from '../lib/uniforms';
import { AttachmentChips } from './AttachmentChips';
import { UniformImage } from './UniformImage';
import { UniformModal } from './UniformModal';

/** The uniform card image (command-and-reports §9): 140x180. */
const IMAGE_WIDTH = 140;
const IMAGE_HEIGHT = 180;

interface ManageCardProps {
  uniform: Uniform;
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
function ManageCard({ uniform, writable, busy, onEdit, onDelete }: ManageCardProps) {
  const titleId = useId();
  const summary = (uniform.notes ?? '').trim();
  const slots = filledSlots(uniform.gear);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="uniform-card">
      <Flex direction={{ base: 'column', xs: 'row' }} gap="md" align="flex-start">
        <UniformImage src={uniform.image} alt={uniform.name} width={IMAGE_WIDTH} height={IMAGE_HEIGHT} placeholder />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {uniform.name}
              </Title>
              <Text size="sm" c="dimmed">
                {gearSlotCountText(uniform.gear)} · Allowed: {allowedSummary(uniform.allowedRanks ?? [], { emptyIsAll: true })}
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
          {summary !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {summary}
            </Text>
          )}
          {slots.length > 0 && (
            <Stack gap={4} component="dl" m={0}>
              {slots.map(({ slot, label, text }) => (
                <Group key={slot} gap="xs" align="flex-start" wrap="nowrap" data-testid="gear-slot">
                  <Text component="dt" size="sm" fw={600} w={84} style={{ flex: 'none' }}>
                    {label}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 0 }}>
                    {text}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          <AttachmentChips attachments={displayAttachments(uniform.attachments)} />
        </Stack>
      </Flex>
    </Card>
  );
}

interface PageProblem {
  message: string;
  stale: boolean;
}

type Editing = { kind: 'new' } | { kind: 'edit'; uniform: Uniform };

/**
 * Uniform management (command-and-reports §2 "Uniform management", §4, §5, §7, §8, §9): every
 * uniform with New uniform and Refresh; each card with its 140x180 image, name, how many gear
 * slots are filled, the summary, each slot's text and the attachment chips, Edit and Delete.
 * Edits are applied to the list, which is saved whole; the server's answer replaces it.
 * Members on leave of absence see the list read-only.
 */
export function UniformManagementPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(managedUniformsQueryOptions(slug));
  const remove = useSaveUniforms(slug);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<PageProblem | null>(null);

  const data: UniformList | undefined = query.data;
  const list = data?.uniforms ?? [];

  const reload = () => {
    setProblem(null);
    void query.refetch();
  };

  const confirmDelete = (uniform: Uniform) => {
    if (data === undefined) return;
    modals.openConfirmModal({
      title: `Delete ${uniform.name}`,
      children: <Text size="sm">{CONFIRM_REMOVE_UNIFORM}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setProblem(null);
        const current = query.data ?? data;
        remove.mutate(
          { uniforms: withoutEntry(current.uniforms, uniform.id ?? ''), version: current.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', title: UNIFORM_REMOVED, message: uniform.name });
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
            <Title order={1}>Uniform management</Title>
            <Text c="dimmed" size="sm">
              The uniforms of the agency, their gear and which ranks wear them.
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
                New uniform
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
            <Text>Loading uniforms…</Text>
          </Group>
        ) : data === undefined ? (
          <Card withBorder radius="md" padding="lg" role="alert">
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h4">
                {UNABLE_TO_LOAD_UNIFORMS}
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
                <Text c="dimmed" ta="center" data-testid="uniforms-empty">
                  {NO_UNIFORMS_CONFIGURED}
                </Text>
              </Paper>
            ) : (
              <Stack gap="md">
                {list.map((uniform, index) => (
                  <ManageCard
                    key={uniform.id !== undefined && uniform.id !== '' ? uniform.id : `new-${String(index)}`}
                    uniform={uniform}
                    writable={writable}
                    busy={remove.isPending}
                    onEdit={() => {
                      setEditing({ kind: 'edit', uniform });
                    }}
                    onDelete={() => {
                      confirmDelete(uniform);
                    }}
                  />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>

      {editing !== null && data !== undefined && (
        <UniformModal
          slug={slug}
          uniform={editing.kind === 'edit' ? editing.uniform : null}
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
