import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { openFormsQueryOptions, recruitmentErrorText, type PublicForm } from '../api/recruitment';
import { questionCount } from '../lib/forms';
import { ApplicantNotice, useApplicantState } from './ApplicantNotice';

export const APPLY_TITLE = 'Apply';
export const NO_OPEN_FORMS = 'No application is open at the moment. Come back later.';
export const OPEN_FORMS_UNAVAILABLE = 'Failed to load the application forms';

function OpenFormCard({ form, canApply }: { form: PublicForm; canApply: boolean }) {
  const titleId = `open-form-${String(form.id)}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="open-form">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {form.title}
        </Title>
        {form.description.trim() !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {form.description}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {questionCount(form.questions.length)}
          </Text>
          <Button component={Link} to={`/apply/${String(form.id)}`} variant={canApply ? 'filled' : 'default'} aria-label={`${canApply ? 'Apply to' : 'Read'} ${form.title}`}>
            {canApply ? 'Apply' : 'Read the form'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /apply (issue 26): the agency's open application forms, for anyone. Visitors are asked to
 * sign in with Discord (and come back here); members on the roster are told applications are
 * for others; someone who applied finds their applications under "My applications".
 */
export function ApplyPage() {
  const slug = useActiveSlug();
  const state = useApplicantState();
  const query = useQuery(openFormsQueryOptions(slug));
  const forms = query.data ?? [];
  return (
    <Page
      title={APPLY_TITLE}
      description="Join the agency: choose a form, answer its questions, and follow your application here."
      actions={
        state === 'applicant' && (
          <Button component={Link} to="/apply/status" variant="default">
            My applications
          </Button>
        )
      }
    >
      <ApplicantNotice state={state} />
      <QueryStatus
        query={query}
        loading="Loading application forms…"
        errorTitle={OPEN_FORMS_UNAVAILABLE}
        errorText={recruitmentErrorText}
        empty={forms.length === 0 ? NO_OPEN_FORMS : null}
        emptyTestId="open-forms-empty"
      >
        <Stack gap="sm">
          {forms.map((form) => (
            <OpenFormCard key={form.id} form={form} canApply={state === 'applicant'} />
          ))}
        </Stack>
      </QueryStatus>
    </Page>
  );
}
