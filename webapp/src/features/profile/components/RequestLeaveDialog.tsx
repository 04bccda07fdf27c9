import { SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { ReasonField } from '@/components/ReasonField';
import { useFormMutation } from '@/components/use-form-mutation';
import { addDays, formatPeriod, localToday } from '@/lib/days';
import { leaveFormErrors, MAX_LEAVE_DAYS, type LeaveFormValues } from '@/lib/leave';
import { leaveErrorText, useRequestLeave } from '../api/my-records';

/** What the date pickers share: days as 'YYYY-MM-DD', named month controls for screen readers. */
const PICKER = {
  valueFormat: 'D MMM YYYY',
  placeholder: 'Pick a day',
  nextLabel: 'Next month',
  previousLabel: 'Previous month',
  required: true,
  popoverProps: { withinPortal: true },
} as const;

/**
 * Request leave (issue 23): the first and the last day (from today, at most 180 days) and the
 * reason. The form checks what the server would refuse; the server's own refusal (a request
 * that overlaps one of the member's) shows above the buttons.
 */
export function RequestLeaveDialog({ onClose }: { onClose: () => void }) {
  const slug = useActiveSlug();
  const request = useRequestLeave(slug);
  const today = localToday();
  const form = useForm<LeaveFormValues>({
    mode: 'controlled',
    initialValues: { from: null, to: null, reason: '' },
    validate: (values) => leaveFormErrors(values, today),
  });
  const { sendAndClose, dialog } = useFormMutation({ form, mutation: request, errorText: leaveErrorText, onClose, problemTestId: 'leave-problem' });
  const from = form.values.from;

  const submit = form.onSubmit((values) => {
    const startsOn = values.from ?? '';
    const endsOn = values.to ?? '';
    sendAndClose({ startsOn, endsOn, reason: values.reason.trim() }, () => ({ message: `Leave requested for ${formatPeriod(startsOn, endsOn)}. A supervisor will decide.` }));
  });

  return (
    <FormDialog
      title="Request leave"
      submitLabel="Request leave"
      onSubmit={submit}
      {...dialog}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput
          {...PICKER}
          label="From"
          data-autofocus
          minDate={today}
          {...form.getInputProps('from')}
          onChange={(day) => {
            form.setFieldValue('from', day);
            // A last day before the new first day goes.
            const to = form.getValues().to;
            if (day !== null && to !== null && to < day) form.setFieldValue('to', null);
          }}
        />
        <DatePickerInput
          {...PICKER}
          label="To"
          minDate={from ?? today}
          maxDate={from === null ? undefined : addDays(from, MAX_LEAVE_DAYS - 1)}
          defaultDate={from ?? undefined}
          {...form.getInputProps('to')}
        />
      </SimpleGrid>
      <ReasonField
        label="Reason"
        placeholder="Family holiday out of state."
        required
        {...form.getInputProps('reason')}
      />
    </FormDialog>
  );
}
