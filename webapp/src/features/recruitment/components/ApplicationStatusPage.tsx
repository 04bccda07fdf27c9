import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { formatDay } from '@/lib/days';
import { myApplicationsQueryOptions, recruitmentErrorText, type MyApplication } from '../api/recruitment';
import { stageColor, statusText } from '../lib/board';
import { ApplicantNotice, useApplicantState } from './ApplicantNotice';

export const STATUS_TITLE = 'My applications';
export const NO_APPLICATIONS = 'You have not applied yet.';
export const STATUS_UNAVAILABLE = 'Failed to load your applications';

function ApplicationCard({ application }: { application: MyApplication }) {
  const titleId = `my-application-${String(application.id)}`;
  const reason = application.denialReason?.trim() ?? '';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="my-application">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {application.formTitle}
          </Title>
          <Badge color={application.hired ? 'green' : stageColor(application.stageKind)} variant="light" style={{ flexShrink: 0, textTransform: 'none' }} data-testid="my-application-stage">
            {application.hired ? 'Hired' : application.stage}
          </Badge>
        </Group>
        <Text size="sm">{statusText(application)}</Text>
        {reason !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="denial-reason">
            <Text span fw={600}>
              Reason:
            </Text>{' '}
            {reason}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Sent {formatDay(application.createdAt)} · updated {formatDay(application.updatedAt)}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /apply/status (issue 26): where each of the viewer's applications stands: the form, the
 * stage's name and, when denied, the reviewer's reason. Never notes, votes or answers.
 */
export function ApplicationStatusPage() {
  const slug = useActiveSlug();
  const state = useApplicantState();
  const signedIn = state === 'applicant' || state === 'member';
  const query = useQuery({ ...myApplicationsQueryOptions(slug), enabled: signedIn });
  const applications = query.data ?? [];
  return (
    <Page
      size="md"
      title={STATUS_TITLE}
      description="Where your applications stand. Reviewers move them through the stages."
      actions={
        <Button component={Link} to="/apply" variant="default">
          Open forms
        </Button>
      }
    >
      <ApplicantNotice state={state === 'visitor' ? 'visitor' : 'applicant'} />
      {signedIn && (
        <QueryStatus
          query={query}
          loading="Loading your applications…"
          errorTitle={STATUS_UNAVAILABLE}
          errorText={recruitmentErrorText}
          empty={applications.length === 0 ? NO_APPLICATIONS : null}
          emptyTestId="my-applications-empty"
        >
          <Stack gap="sm">
            {applications.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </Stack>
        </QueryStatus>
      )}
    </Page>
  );
}
