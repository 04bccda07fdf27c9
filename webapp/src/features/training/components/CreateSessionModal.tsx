import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { useCreateSession, type Template } from '../api/training';
import {
  CREATE_FAILED,
  FTO_AND_TRAINEE,
  isoOf,
  newSessionProblem,
  SESSION_CREATED,
  TEMPLATE_REQUIRED,
  TRAINEE_REQUIRED,
  type PersonRef,
} from '../lib/sessions';
import { SessionFields, TemplateSelect, type SessionFieldValues } from './SessionFields';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

interface NewSession extends SessionFieldValues {
  templateId: number | null;
}

const EMPTY: NewSession = { templateId: null, sessionName: '', scheduledAt: null, notes: '', ftos: [], trainees: [] };

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
 * picker leaves out the other list's people). 'Session created' on success,
 * the server's text or 'Failed to create session' on failure. The viewer starts as the FTO.
 */
export function CreateSessionModal({ templates, viewer, onClose }: CreateSessionModalProps) {
  const slug = useActiveSlug();
  const phone = useMediaQuery('(max-width: 36em)');
  const create = useCreateSession(slug);
  const [initial] = useState<NewSession>(() => ({ ...EMPTY, ftos: viewer === null ? [] : [viewer] }));
  const [values, setValues] = useState<NewSession>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);

  const template = templates.find((t) => t.id === values.templateId);

  const onSubmit = () => {
    const refusal = newSessionProblem(values);
    setProblem(refusal);
    if (refusal !== null || values.templateId === null) return;
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
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Create session"
      size="lg"
      fullScreen={phone}
      closeButtonProps={MODAL_CLOSE}
      closeOnClickOutside={!dirty}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <TemplateSelect
            templates={templates}
            value={values.templateId}
            error={problem === TEMPLATE_REQUIRED ? problem : null}
            onChange={(templateId) => {
              setValues({ ...values, templateId });
              if (problem === TEMPLATE_REQUIRED && templateId !== null) setProblem(null);
            }}
          />
          <SessionFields
            values={values}
            namePlaceholder={template?.title ?? 'The template title'}
            traineeError={problem === TRAINEE_REQUIRED || problem === FTO_AND_TRAINEE ? problem : null}
            onChange={(next) => {
              setValues(next);
              if (problem === TRAINEE_REQUIRED && next.trainees.length > 0) setProblem(null);
              if (problem === FTO_AND_TRAINEE && newSessionProblem(next) !== FTO_AND_TRAINEE) setProblem(null);
            }}
          />
          {failure !== null && (
            <Alert color="red" variant="light" role="alert" data-testid="create-session-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create session
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
