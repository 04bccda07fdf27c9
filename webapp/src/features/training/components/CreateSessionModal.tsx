import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { FormDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { isoOf } from '@/lib/picker-time';
import { useCreateSession, type Template } from '../api/training';
import { CREATE_FAILED, newSessionErrors, SESSION_CREATED, type PersonRef } from '../lib/sessions';
import { sessionFieldsChange, SessionFields, TemplateSelect, type SessionFieldValues } from './SessionFields';

interface NewSession extends SessionFieldValues {
  templateId: number | null;
}

export interface CreateSessionModalProps {
  templates: Template[];
  /** The viewer, listed as the first FTO of a new session when they have a roster entry. */
  viewer: PersonRef | null;
  onClose: () => void;
}

/**
 * The create-session modal (command-and-reports §2, §5, §8): template (required: 'Select a
 * training template'), session name (blank: the template's title), scheduled time, notes, FTOs
 * and trainees (at least one: 'Add at least one trainee'; nobody both FTO and trainee: each
 * picker leaves out the other list's people), on @mantine/form with each refusal under its
 * field. 'Session created' on success, the server's text or 'Failed to create session' on
 * failure. The viewer starts as the FTO. Closing it or leaving the screen with changes asks
 * first; Escape in a picker closes the picker only.
 */
export function CreateSessionModal({ templates, viewer, onClose }: CreateSessionModalProps) {
  const slug = useActiveSlug();
  const create = useCreateSession(slug);
  const form = useForm<NewSession>({
    mode: 'controlled',
    initialValues: {
      templateId: null,
      sessionName: '',
      scheduledAt: null,
      notes: '',
      ftos: viewer === null ? [] : [viewer],
      trainees: [],
    },
    validate: newSessionErrors,
  });
  // The server's refusal.
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = form.isDirty();
  useUnsavedChanges(dirty && !create.isSuccess);

  const template = templates.find((t) => t.id === form.values.templateId);

  const onSubmit = form.onSubmit((values) => {
    if (values.templateId === null) return;
    setFailure(null);
    create.mutate(
      {
        templateId: values.templateId,
        sessionName: values.sessionName.trim(),
        scheduledAt: isoOf(values.scheduledAt),
        notes: values.notes.trim(),
        ftos: values.ftos,
        trainees: values.trainees,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: SESSION_CREATED });
          onClose();
        },
        onError: (error) => {
          const message = failureText(error, () => CREATE_FAILED, CREATE_FAILED);
          setFailure(message);
          notifications.show({ color: 'red', title: CREATE_FAILED, message });
        },
      },
    );
  });

  return (
    <FormDialog
      title="Create session"
      size="lg"
      gap="sm"
      submitLabel="Create session"
      busy={create.isPending}
      dirty={dirty && !create.isSuccess}
      onClose={onClose}
      onSubmit={onSubmit}
      alert={<FailureAlert message={failure} testId="create-session-error" />}
    >
      <TemplateSelect
        templates={templates}
        value={form.values.templateId}
        error={form.errors.templateId}
        onChange={(templateId) => {
          form.setFieldValue('templateId', templateId);
        }}
      />
      <SessionFields
        values={form.values}
        namePlaceholder={template?.title ?? 'The template title'}
        traineeError={typeof form.errors.trainees === 'string' ? form.errors.trainees : null}
        onChange={sessionFieldsChange(form)}
      />
    </FormDialog>
  );
}
