import { Badge, Checkbox, Divider, Group, Loader, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { Dialog, useDialogClose, useDirtyInDialog } from '@/components/Dialog';
import { FailureAlert, FormActions } from '@/components/FormActions';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import {
  checklistProgress,
  formatDateTime,
  progressPercent,
  progressText,
  SESSION_STATUS_LABELS,
  SESSION_STATUSES,
  sessionStatusOf,
} from '@/lib/training';
import { getSession, useUpdateSession, type ChecklistItem, type Session } from '../api/training';
import {
  CHANGES_SAVED,
  CHECKLIST_UPDATE_FAILED,
  fieldsOf,
  FTO_ONLY_HINT,
  ITEM_UPDATE_FAILED,
  OWN_STEPS,
  patchOf,
  SAVE_FAILED,
  sessionErrors,
  sessionTitle,
  STEP_DONE,
  STEP_UNDONE,
  UNABLE_TO_LOAD_SESSION,
  UNABLE_TO_OPEN_SESSION,
  type SessionFields as Fields,
  type SessionPowers,
} from '../lib/sessions';
import { sessionFieldsChange, SessionFields } from './SessionFields';

export interface ManageSessionModalProps {
  sessionId: number;
  /**
   * What the viewer may do to this session: training managers change everything, its FTOs
   * tick steps and change notes and status, its trainees never tick their own steps.
   */
  powers: (session: Session) => SessionPowers;
  onClose: () => void;
}

function ChecklistRow({
  item,
  disabled,
  onToggle,
}: {
  item: ChecklistItem;
  disabled: boolean;
  onToggle: (done: boolean) => void;
}) {
  const when = formatDateTime(item.doneAt);
  return (
    <Paper withBorder p="xs" radius="sm" component="li" style={{ listStyle: 'none' }} data-testid="checklist-item">
      <Checkbox
        checked={item.done}
        disabled={disabled}
        label={
          <Group gap={6} wrap="wrap" component="span">
            <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.text}
            </Text>
            {!item.required && (
              <Badge size="xs" variant="outline" color="gray" component="span">
                Optional
              </Badge>
            )}
          </Group>
        }
        onChange={(event) => {
          onToggle(event.currentTarget.checked);
        }}
      />
      {item.done && (
        <Text size="xs" c="dimmed" mt={4} pl={32} data-testid="checklist-done-by">
          Done by {item.doneBy ?? 'FTO'}
          {when !== null ? ` on ${when}` : ''}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The Manage modal (command-and-reports §2, §4, §5, §8): the session as stored now
 * (`GET /api/trainings/assignments/{id}`; a failure closes it with 'Unable to open session'),
 * its checklist (each tick saved at once; the server records who and when), the status radio
 * and the session's fields with Save ('Changes saved'; a session keeps at least one trainee,
 * nobody is both FTO and trainee). An FTO who is not a training manager sees the name, time
 * and people read-only; a trainee sees the steps disabled with 'Trainees cannot tick their own
 * training steps.'; viewers who may not change the session see it read-only.
 */
export function ManageSessionModal({ sessionId, powers, onClose }: ManageSessionModalProps) {
  const slug = useActiveSlug();
  const query = useQuery({
    queryKey: queryKeys.trainingSession(slug, sessionId),
    queryFn: ({ signal }) => getSession(sessionId, signal),
    refetchOnWindowFocus: false,
  });
  const session = query.data;
  const may = session === undefined ? null : powers(session);
  const writable = may?.canChange === true;

  useEffect(() => {
    if (query.isError && session === undefined) {
      notifications.show({
        color: 'red',
        title: UNABLE_TO_OPEN_SESSION,
        message: failureText(query.error, () => UNABLE_TO_LOAD_SESSION, UNABLE_TO_LOAD_SESSION),
      });
      onClose();
    }
  }, [query.isError, query.error, session, onClose]);

  const title = session === undefined ? 'Session' : sessionTitle(session);

  return (
    <Dialog onClose={onClose} title={writable ? `Manage: ${title}` : title} size="lg">
      {session === undefined || may === null ? (
        <Group gap="sm" py="lg" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading session…</Text>
        </Group>
      ) : (
        <ManageSessionForm session={session} powers={may} onClose={onClose} />
      )}
    </Dialog>
  );
}

/**
 * The loaded session: checklist, status and fields, on @mantine/form. The fields start from
 * the session as first loaded; changes not saved make closing the dialog ask first.
 */
function ManageSessionForm({ session, powers, onClose }: { session: Session; powers: SessionPowers; onClose: () => void }) {
  const writable = powers.canChange;
  const slug = useActiveSlug();
  const update = useUpdateSession(slug);
  const form = useForm<Fields>({
    mode: 'controlled',
    initialValues: fieldsOf(session),
    validate: (values) => (powers.canChangePeople ? sessionErrors(values) : {}),
  });
  // The server's refusal of a save, and the step whose tick is being saved.
  const [failure, setFailure] = useState<string | null>(null);
  const [ticking, setTicking] = useState<string | null>(null);
  const dirty = writable && form.isDirty();
  useUnsavedChanges(dirty && !update.isSuccess);
  useDirtyInDialog(dirty);
  const close = useDialogClose(onClose);

  const onToggle = (item: ChecklistItem, done: boolean) => {
    setTicking(item.id);
    update.mutate(
      { id: session.id, patch: { updateItem: { id: item.id, done, doneBy: null, doneById: null } } },
      {
        onSettled: () => {
          setTicking(null);
        },
        onSuccess: (saved) => {
          // The first step done starts a scheduled session on the server: follow it unless the
          // status was changed here and not saved yet.
          const status = sessionStatusOf(saved.status);
          if (!form.isDirty('status') && status !== form.getInitialValues().status) {
            form.setInitialValues({ ...form.getInitialValues(), status });
            form.setFieldValue('status', status);
          }
          notifications.show({ color: 'gray', message: done ? STEP_DONE : STEP_UNDONE, autoClose: 2500 });
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: CHECKLIST_UPDATE_FAILED,
            message: failureText(error, () => ITEM_UPDATE_FAILED, ITEM_UPDATE_FAILED),
          });
        },
      },
    );
  };

  const onSave = form.onSubmit((fields) => {
    setFailure(null);
    update.mutate(
      { id: session.id, patch: patchOf(fields, powers.canChangePeople) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: CHANGES_SAVED });
          onClose();
        },
        onError: (error) => {
          const message = failureText(error, () => SAVE_FAILED, SAVE_FAILED);
          setFailure(message);
          notifications.show({ color: 'red', title: SAVE_FAILED, message });
        },
      },
    );
  });

  const progress = checklistProgress(session.checklist);
  const saving = update.isPending && ticking === null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (writable) onSave(event);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Template: {session.templateTitle || '—'}
        </Text>
        <Stack gap={6} component="section" aria-labelledby="session-checklist">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5" id="session-checklist">
              Checklist
            </Title>
            <Text size="sm" c="dimmed" data-testid="session-progress">
              {progressText(progress)}
            </Text>
          </Group>
          <Progress value={progressPercent(progress)} size="sm" aria-label="Checklist progress" />
          {powers.isTrainee && (
            <Text size="sm" c="dimmed" data-testid="trainee-hint">
              {OWN_STEPS}
            </Text>
          )}
          {session.checklist.length === 0 ? (
            <Text size="sm" c="dimmed">
              This session has no checklist items.
            </Text>
          ) : (
            <Stack component="ul" gap={6} m={0} p={0} aria-label="Checklist">
              {session.checklist.map((item) => (
                <ChecklistRow
                  key={item.id}
                  item={item}
                  disabled={!powers.canTick || ticking !== null}
                  onToggle={(done) => {
                    onToggle(item, done);
                  }}
                />
              ))}
            </Stack>
          )}
        </Stack>
        <Divider />
        <Radio.Group
          label="Status"
          value={form.values.status}
          onChange={(value) => {
            form.setFieldValue('status', sessionStatusOf(value));
          }}
        >
          <Group gap="md" mt={6}>
            {SESSION_STATUSES.map((status) => (
              <Radio key={status} value={status} label={SESSION_STATUS_LABELS[status]} disabled={!writable} />
            ))}
          </Group>
        </Radio.Group>
        {writable && !powers.canChangePeople && (
          <Text size="sm" c="dimmed" data-testid="fto-only-hint">
            {FTO_ONLY_HINT}
          </Text>
        )}
        <SessionFields
          values={form.values}
          readOnly={!writable}
          peopleReadOnly={!powers.canChangePeople}
          namePlaceholder={session.templateTitle}
          traineeError={typeof form.errors.trainees === 'string' ? form.errors.trainees : null}
          onChange={sessionFieldsChange(form)}
        />
        <FormActions
          alert={<FailureAlert message={failure} testId="save-session-error" />}
          cancelLabel="Close"
          onCancel={close}
          busy={saving}
          readOnly={!writable}
        />
      </Stack>
    </form>
  );
}
