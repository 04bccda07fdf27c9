import { Alert, Box, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { ChecklistProgress, SessionStatusBadge } from '@/components/TrainingProgress';
import { formatDateTime, SESSION_STATUS_COLORS, sessionStatusOf, sessionTitle } from '@/lib/training';
import { myTrainingQueryOptions, type TrainingSession } from '../api/my-records';

export const NO_TRAINING = 'No training sessions yet.';

function SessionRow({ session, prominent }: { session: TrainingSession; prominent: boolean }) {
  const status = sessionStatusOf(session.status);
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
        <SessionStatusBadge status={status} variant={prominent ? 'filled' : 'light'} />
      </Group>
      <Text size="sm" mt={4}>
        {status === 'completed' ? 'Completed' : 'Scheduled'}: {when ?? (status === 'completed' ? '—' : 'Not scheduled')}
        {ftos !== '' && ` · FTO: ${ftos}`}
      </Text>
      <Box mt="xs">
        <ChecklistProgress checklist={session.checklist} title={title} color={SESSION_STATUS_COLORS[status]} />
      </Box>
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
