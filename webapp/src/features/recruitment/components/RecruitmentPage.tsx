import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { EditDeleteButtons } from '@/components/EditDeleteButtons';
import { EntryGrid, ManagedListPage } from '@/components/ManagedListPage';
import { useEntryEditing } from '@/components/use-entry-editing';
import { applicationFormsQueryOptions, recruitmentErrorText, useDeleteForm, type ApplicationForm } from '../api/recruitment';
import { stageColor } from '../lib/board';
import { CONFIRM_DELETE, FORMS_UNAVAILABLE, NO_FORMS, PAGE_DESCRIPTION, PAGE_TITLE, questionCount } from '../lib/forms';
import { FormEditorDialog } from './FormEditorDialog';

interface FormCardProps {
  form: ApplicationForm;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One form: title, open or closed, its questions, its stages with how many applications each holds. */
function FormCard({ form, busy, onEdit, onDelete }: FormCardProps) {
  const titleId = `form-${String(form.id)}-title`;
  const held = form.stages.reduce((sum, stage) => sum + stage.applications, 0);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="application-form">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {form.title}
          </Title>
          <Badge color={form.isOpen ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {form.isOpen ? 'Open' : 'Closed'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {questionCount(form.questions.length)} · {held} application{held === 1 ? '' : 's'}
        </Text>
        {form.description.trim() !== '' && (
          <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {form.description}
          </Text>
        )}
        <Group gap={6} wrap="wrap" aria-label="Stages">
          {form.stages.map((stage) => (
            <Badge key={stage.id} variant="outline" color={stageColor(stage.kind)} style={{ textTransform: 'none' }}>
              {stage.name} · {stage.applications}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Anchor component={Link} to="/supervisor/applications" size="sm">
            Applications
          </Anchor>
          <Group gap="xs">
            <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} disabled={busy} />
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Command → Recruitment (issue 26): the agency's application forms, each with its stages and
 * how many applications they hold; New form, Edit (saved whole) and Delete (only a form that
 * never had an application: the server's sentence says so otherwise).
 */
export function RecruitmentPage() {
  const slug = useActiveSlug();
  const query = useQuery(applicationFormsQueryOptions(slug));
  const remove = useDeleteForm(slug);
  const forms = query.data ?? [];
  const entries = useEntryEditing<ApplicationForm>({ remove, kind: 'Form', nameOf: (form) => form.title, message: CONFIRM_DELETE, errorText: recruitmentErrorText });

  return (
    <ManagedListPage
      title={PAGE_TITLE}
      description={PAGE_DESCRIPTION}
      addLabel="New form"
      onAdd={entries.add}
      query={query}
      loading="Loading application forms…"
      errorTitle={FORMS_UNAVAILABLE}
      errorText={recruitmentErrorText}
      empty={forms.length === 0 ? NO_FORMS : null}
      emptyTestId="forms-empty"
      after={entries.editing !== null && <FormEditorDialog form={entries.editing.entry} onClose={entries.close} />}
    >
      <EntryGrid entries={forms} card={(form) => <FormCard form={form} {...entries.actionsOf(form)} />} />
    </ManagedListPage>
  );
}
