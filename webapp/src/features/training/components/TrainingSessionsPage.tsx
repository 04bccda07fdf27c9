import { Alert, Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { confirmThenMutate } from '@/components/confirm';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { ChecklistProgress, SessionStatusBadge } from '@/components/TrainingProgress';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { formatDateTime, SESSION_STATUS_COLORS, SESSION_STATUS_LABELS, SESSION_STATUSES, sessionStatusOf } from '@/lib/training';
import { useNavAccess } from '@/session/use-nav-access';
import { sessionsQueryOptions, templatesQueryOptions, useDeleteSession, type Session } from '../api/training';
import {
  DELETE_FAILED,
  DELETE_SESSION,
  groupSessions,
  loadProblem,
  personOf,
  SESSION_DELETED,
  sessionPowers,
  sessionTitle,
  SESSIONS_LOAD_FAILED,
  TEMPLATES_LOAD_FAILED,
} from '../lib/sessions';
import { CreateSessionModal } from './CreateSessionModal';
import { ManageSessionModal } from './ManageSessionModal';

const MANAGER_NAV = 'fto_training_management';

const textOf = (error: unknown, fallback: string) => failureText(error, () => fallback, fallback);

function names(people: readonly { id: string; name: string }[]): string {
  return people.length === 0 ? '—' : people.map((p) => p.name || p.id).join(', ');
}

function SessionCard({
  session,
  canChange,
  canDelete,
  busy,
  onOpen,
  onDelete,
}: {
  session: Session;
  canChange: boolean;
  canDelete: boolean;
  busy: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const title = sessionTitle(session);
  const status = sessionStatusOf(session.status);
  const when = formatDateTime(session.scheduledAt);
  return (
    <Card withBorder padding="md" radius="md" component="article" data-testid="session-card" aria-label={title}>
      <Stack gap={6} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {title}
          </Title>
          <SessionStatusBadge status={status} />
        </Group>
        {session.sessionName.trim() !== '' && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {session.templateTitle}
          </Text>
        )}
        <Text size="sm">
          <Text span fw={600}>
            Scheduled:
          </Text>{' '}
          {when ?? 'Not scheduled'}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            FTOs:
          </Text>{' '}
          {names(session.ftos)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Trainees:
          </Text>{' '}
          {names(session.trainees)}
        </Text>
        <Box mt={4}>
          <ChecklistProgress checklist={session.checklist} title={title} />
        </Box>
      </Stack>
      <Group mt="md" gap="xs">
        <Button size="xs" onClick={onOpen} disabled={busy} aria-label={`${canChange ? 'Manage' : 'View'} ${title}`}>
          {canChange ? 'Manage' : 'View'}
        </Button>
        {canDelete && (
          <Button size="xs" variant="light" color="red" onClick={onDelete} disabled={busy} aria-label={`Delete ${title}`}>
            Delete
          </Button>
        )}
      </Group>
    </Card>
  );
}

/**
 * Training sessions (command-and-reports §2, §4, §5, §8): sessions grouped under Scheduled,
 * In progress and Completed (an unknown status under Scheduled), each with its people,
 * time and checklist progress. Training managers create sessions (the create-session modal)
 * and delete them ('Delete this training session?'); managers and the FTOs listed on a
 * session open it in the Manage modal (checklist, status, fields; an FTO who is not a manager
 * changes only the checklist, notes and status). Others see it read-only.
 */
export function TrainingSessionsPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const viewer = access.viewer;
  const isManager = canWrite(viewer) && access.canView(MANAGER_NAV);
  const templates = useQuery(templatesQueryOptions(slug));
  const sessions = useQuery(sessionsQueryOptions(slug));
  const remove = useDeleteSession(slug);
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<number | null>(null);

  const powers = useCallback((session: Session) => sessionPowers(viewer, session, isManager), [viewer, isManager]);
  const closeManage = useCallback(() => {
    setManaging(null);
  }, []);

  const problem = loadProblem(
    templates.isError ? textOf(templates.error, TEMPLATES_LOAD_FAILED) : null,
    sessions.isError ? textOf(sessions.error, SESSIONS_LOAD_FAILED) : null,
  );
  const groups = groupSessions(sessions.data ?? []);
  const me = viewer?.roster ?? null;

  const onDelete = (session: Session) => {
    confirmThenMutate({
      title: DELETE_SESSION,
      message: sessionTitle(session),
      confirmLabel: 'Delete',
      mutation: remove,
      variables: session.id,
      done: SESSION_DELETED,
      errorText: (error) => textOf(error, DELETE_FAILED),
    });
  };

  return (
    <Page
      size="xl"
      title="Training sessions"
      description="Field training sessions run from a template&apos;s checklist."
      actions={
        <>
          <Button
            variant="default"
            onClick={() => {
              void templates.refetch();
              void sessions.refetch();
            }}
            loading={(sessions.isFetching && !sessions.isPending) || (templates.isFetching && !templates.isPending)}
          >
            Refresh
          </Button>
          {isManager && (
            <Button
              onClick={() => {
                setCreating(true);
              }}
              disabled={templates.data === undefined}
            >
              Create session
            </Button>
          )}
        </>
      }
    >
      {isOnLeave(viewer) && <LoaNotice />}

      {problem !== null && (
        <Alert color="red" variant="light" role="alert" data-testid="training-load-error">
          {problem}
        </Alert>
      )}

      {sessions.isPending ? (
        <Text aria-busy="true">Loading sessions…</Text>
      ) : sessions.data === undefined ? null : (
        SESSION_STATUSES.map((status) => {
          const list = groups[status];
          const headingId = `sessions-${status}`;
          return (
            <Stack key={status} gap="sm" component="section" aria-labelledby={headingId} data-testid={`sessions-${status}`}>
              <Group gap="xs">
                <Title order={2} size="h3" id={headingId}>
                  {SESSION_STATUS_LABELS[status]}
                </Title>
                <Badge variant="light" color={SESSION_STATUS_COLORS[status]}>
                  {list.length}
                </Badge>
              </Group>
              {list.length === 0 ? (
                <Paper withBorder p="md" radius="md">
                  <Text c="dimmed" size="sm" ta="center">
                    No {SESSION_STATUS_LABELS[status].toLowerCase()} sessions.
                  </Text>
                </Paper>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                  {list.map((session) => (
                    <SessionCard
                      key={session.id}
                      session={session}
                      canChange={powers(session).canChange}
                      canDelete={isManager}
                      busy={remove.isPending}
                      onOpen={() => {
                        setManaging(session.id);
                      }}
                      onDelete={() => {
                        onDelete(session);
                      }}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          );
        })
      )}

      {creating && templates.data !== undefined && (
        <CreateSessionModal
          templates={templates.data}
          viewer={me === null ? null : personOf(me)}
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {managing !== null && <ManageSessionModal sessionId={managing} powers={powers} onClose={closeManage} />}
    </Page>
  );
}
