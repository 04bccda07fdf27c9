import { Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { formatPeriod, periodLength } from '@/lib/days';
import { REASON_MAX } from '@/lib/limits';
import { leaveErrorText, useDecideLeave, type LeaveAction, type LeaveRequest } from '../api/leave';
import { ACTION_DONE, ACTION_LABELS } from '../lib/leave-review';

/**
 * Approve or deny one request, with a note the member reads on their profile. The server's
 * refusal (the request was decided meanwhile, your own request) shows above the buttons.
 */
export function DecideLeaveDialog({ request, action, onClose }: { request: LeaveRequest; action: LeaveAction; onClose: () => void }) {
  const slug = useActiveSlug();
  const decide = useDecideLeave(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { note: '' } });
  const period = formatPeriod(request.startsOn, request.endsOn);

  const submit = form.onSubmit(({ note }) => {
    setRefusal(null);
    decide.mutate(
      { id: request.id, action, note: note.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Leave of ${request.member} (${period}) ${ACTION_DONE[action]}.` });
          onClose();
        },
        onError: (error) => {
          setRefusal(leaveErrorText(error));
        },
      },
    );
  });

  return (
    <FormDialog
      title={`${ACTION_LABELS[action]} leave of ${request.member}`}
      size="md"
      gap="sm"
      dirty={form.isDirty()}
      busy={decide.isPending}
      submitLabel={ACTION_LABELS[action]}
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal} testId="decide-problem" />}
    >
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {period} ({periodLength(request.startsOn, request.endsOn)})
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.reason}
        </Text>
      </Stack>
      <Textarea
        label="Note"
        description={action === 'deny' ? 'Say why, so the member can ask again.' : 'Optional: the member reads it on their profile.'}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-autofocus
        autosize
        minRows={2}
        maxRows={5}
        maxLength={REASON_MAX}
        {...form.getInputProps('note')}
      />
    </FormDialog>
  );
}
