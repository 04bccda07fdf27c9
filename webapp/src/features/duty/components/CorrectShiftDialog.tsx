import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { ReasonField } from '@/components/ReasonField';
import { useFormMutation } from '@/components/use-form-mutation';
import { formatDayTime, formatHours, shiftSpan } from '@/lib/duty';
import { pickerValueOf } from '@/lib/picker-time';
import { dutyErrorText, shiftQueryOptions, useCorrectShift, type Correction, type Shift } from '../api/duty';
import { correctionBody, correctionErrors, correctionValues, shiftPost, type CorrectionValues } from '../lib/duty';

/** One correction: when and by whom, the times before and after, and why. */
function CorrectionItem({ correction }: { correction: Correction }) {
  const before = shiftSpan({ startedAt: correction.startedBefore, endedAt: correction.endedBefore ?? null });
  const after = shiftSpan({ startedAt: correction.startedAfter, endedAt: correction.endedAfter ?? null });
  return (
    <Paper withBorder p="xs" radius="sm" component="li" style={{ listStyle: 'none' }} data-testid="shift-correction">
      <Text size="xs" c="dimmed">
        {formatDayTime(correction.createdAt)} by {correction.correctedBy}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="sm" td="line-through">
          {before}
        </Text>{' '}
        → {after}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {correction.reason}
      </Text>
    </Paper>
  );
}

/** The corrections made before, oldest first (loaded with the shift). */
function History({ slug, shiftId }: { slug: string; shiftId: number }) {
  const detail = useQuery(shiftQueryOptions(slug, shiftId));
  if (detail.isPending) {
    return (
      <Group gap="xs" aria-busy="true">
        <Loader size="xs" />
        <Text size="sm">Loading the corrections…</Text>
      </Group>
    );
  }
  if (detail.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {dutyErrorText(detail.error)}
      </Alert>
    );
  }
  const corrections = detail.data.corrections;
  return (
    <Stack gap={4} component="section" aria-label="Corrections so far">
      <Text size="sm" fw={600}>
        Corrections so far
      </Text>
      {corrections.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-corrections">
          None: these are the times as clocked.
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0}>
          {corrections.map((correction) => (
            <CorrectionItem key={correction.id} correction={correction} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Correct a shift's times with a reason (Supervisor → On duty): its start and end (the open
 * shift may stay open), the reason the member and the audit log keep, and the corrections made
 * before. Checked as the server checks it; a refusal (one's own shift, an overlap) shows the
 * server's sentence above the buttons.
 */
export function CorrectShiftDialog({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const slug = useActiveSlug();
  const correct = useCorrectShift(slug);
  const phone = useMediaQuery('(max-width: 36em)');
  const open = shift.endedAt == null;
  const form = useForm<CorrectionValues>({
    mode: 'controlled',
    initialValues: correctionValues(shift),
    validate: (values) => correctionErrors(values, open, Date.now()),
  });
  const { sendAndClose, dialog } = useFormMutation({ form, mutation: correct, errorText: dutyErrorText, onClose, problemTestId: 'correct-problem' });
  const now = pickerValueOf(new Date().toISOString()) ?? undefined;
  const post = shiftPost(shift);

  const submit = form.onSubmit((values) => {
    sendAndClose({ id: shift.id, body: correctionBody(values) }, (saved) => ({
      title: 'Shift corrected',
      message: `${saved.member}: ${shiftSpan(saved)} (${formatHours(saved.hours)}).`,
    }));
  });

  const pickerProps = {
    valueFormat: 'DD MMM YYYY HH:mm',
    maxDate: now,
    dropdownType: phone ? ('modal' as const) : ('popover' as const),
    timePickerProps: { hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' },
    submitButtonProps: { 'aria-label': 'Confirm date and time' },
  };

  return (
    <FormDialog
      title={`Correct the shift of ${shift.member}`}
      submitLabel="Save correction"
      onSubmit={submit}
      {...dialog}
      data-testid="correct-shift"
    >
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {shiftSpan(shift)} ({formatHours(shift.hours)})
        </Text>
        {post !== '' && (
          <Text size="sm" c="dimmed">
            {post}
          </Text>
        )}
      </Stack>
      <DateTimePicker label="Start" withAsterisk {...pickerProps} {...form.getInputProps('startedAt')} />
      <DateTimePicker
        label="End"
        description={open ? 'Left empty, the shift stays open.' : undefined}
        clearable={open}
        clearButtonProps={{ 'aria-label': 'Clear the end' }}
        {...pickerProps}
        {...form.getInputProps('endedAt')}
      />
      <ReasonField
        label="Reason"
        description="Kept with the shift and in the audit log."
        withAsterisk
        data-autofocus
        {...form.getInputProps('reason')}
      />
      <History slug={slug} shiftId={shift.id} />
    </FormDialog>
  );
}
