import { Alert, Badge, Card, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import {
  checklistProgress,
  formatDateTime,
  progressPercent,
  progressText,
  SESSION_STATUS_COLORS,
  SESSION_STATUS_LABELS,
  sessionStatusOf,
  sessionTitle,
} from '@/lib/training';
import { myTrainingQueryOptions, type TrainingSession } from '../api/my-records';

export const NO_TRAINING = 'No training sessions yet.';

function SessionRow({ session, prominent }: { session: TrainingSession; prominent: boolean }) {
  const status = sessionStatusOf(session.status);
  const progress = checklistProgress(session.checklist);
  const title = sessionTitle(session);
  const when = formatDateTime(status === 'completed' ? session.updatedAt : session.scheduledAt);
  const ftos = session.ftos.map((p) => p.name || p.id).join(', ');
  return (
    <Paper
      withBorder
      p={prominent ? 'md' : 'sm'}
      radius="md"
      component="li"
      style={{ listStyle: 'none' }}
      data-testid="my-training"
      aria-label={title}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size={prominent ? 'lg' : 'md'} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {session.sessionName.trim() !== '' && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {session.templateTitle}
            </Text>
          )}
        </Stack>
        <Badge color={SESSION_STATUS_COLORS[status]} variant={prominent ? 'filled' : 'light'} style={{ flexShrink: 0 }}>
          {SESSION_STATUS_LABELS[status]}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        {status === 'completed' ? 'Completed' : 'Scheduled'}: {when ?? (status === 'completed' ? '—' : 'Not scheduled')}
        {ftos !== '' && ` · FTO: ${ftos}`}
      </Text>
      <Stack gap={2} mt="xs">
        <Progress value={progressPercent(progress)} size="sm" color={SESSION_STATUS_COLORS[status]} aria-label={`Checklist progress of ${title}`} />
        <Text size="xs" c="dimmed">
          {progressText(progress)}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * 'Training' on the profile (issue 10): the sessions that list the member as a trainee
 * (`GET /api/trainings/assignments?trainee=me`), completed ones first and larger, each with
 * its checklist progress; then the scheduled and in-progress ones.
 */
export function MyTraining() {
  const slug = useActiveSlug();
  const query = useQuery(myTrainingQueryOptions(slug));
  const sessions = query.data ?? [];
  const completed = sessions.filter((s) => sessionStatusOf(s.status) === 'completed');
  const upcoming = sessions.filter((s) => sessionStatusOf(s.status) !== 'completed');

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-training">
      <Title order={2} size="h4" id="profile-training" mb="xs">
        Training
      </Title>
      {query.isPending ? (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading your training…</Text>
        </Group>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(query.error, 'Failed to load sessions')}
        </Alert>
      ) : sessions.length === 0 ? (
        <Text c="dimmed" data-testid="my-training-empty">
          {NO_TRAINING}
        </Text>
      ) : (
        <Stack gap="md">
          {completed.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Completed training
              </Title>
              <Stack component="ul" gap="xs" m={0} p={0} aria-label="Completed training">
                {completed.map((session) => (
                  <SessionRow key={session.id} session={session} prominent />
                ))}
              </Stack>
            </Stack>
          )}
          {upcoming.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Scheduled and in progress
              </Title>
              <Stack component="ul" gap="xs" m={0} p={0} aria-label="Scheduled and in progress training">
                {upcoming.map((session) => (
                  <SessionRow key={session.id} session={session} prominent={false} />
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
