import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { ReasonField } from '@/components/ReasonField';
import { useFormMutation } from '@/components/use-form-mutation';
import { formatPeriod, periodLength } from '@/lib/days';
import { leaveErrorText, useDecideLeave, type LeaveAction, type LeaveRequest } from '../api/leave';
import { ACTION_DONE, ACTION_LABELS } from '../lib/leave-review';

/**
 * Approve or deny one request, with a note the member reads on their profile. The server's
 * refusal (the request was decided meanwhile, your own request) shows above the buttons.
 */
export function DecideLeaveDialog({ request, action, onClose }: { request: LeaveRequest; action: LeaveAction; onClose: () => void }) {
  const slug = useActiveSlug();
  const decide = useDecideLeave(slug);
  const form = useForm({ mode: 'controlled', initialValues: { note: '' } });
  const { sendAndClose, dialog } = useFormMutation({ form, mutation: decide, errorText: leaveErrorText, onClose, problemTestId: 'decide-problem' });
  const period = formatPeriod(request.startsOn, request.endsOn);

  const submit = form.onSubmit(({ note }) => {
    sendAndClose({ id: request.id, action, note: note.trim() }, () => ({ message: `Leave of ${request.member} (${period}) ${ACTION_DONE[action]}.` }));
  });

  return (
    <FormDialog
      title={`${ACTION_LABELS[action]} leave of ${request.member}`}
      submitLabel={ACTION_LABELS[action]}
      onSubmit={submit}
      {...dialog}
    >
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {period} ({periodLength(request.startsOn, request.endsOn)})
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.reason}
        </Text>
      </Stack>
      <ReasonField
        label="Note"
        description={action === 'deny' ? 'Say why, so the member can ask again.' : 'Optional: the member reads it on their profile.'}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-autofocus
        {...form.getInputProps('note')}
      />
    </FormDialog>
  );
}
