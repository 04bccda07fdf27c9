import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { REASON_MAX } from '@/lib/limits';
import { recruitmentErrorText, useMoveApplication, type Stage } from '../api/recruitment';

export interface DenyDialogProps {
  application: { id: number; displayName: string };
  /** The denied stage it goes to. */
  stage: Stage;
  onClose: () => void;
}

/** Moves an application to a denied stage, with an optional reason the applicant reads on their status page. */
export function DenyDialog({ application, stage, onClose }: DenyDialogProps) {
  const slug = useActiveSlug();
  const move = useMoveApplication(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } });

  const submit = form.onSubmit(({ reason }) => {
    setRefusal(null);
    move.mutate(
      { applicationId: application.id, stageId: stage.id, reason: reason.trim() === '' ? null : reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${application.displayName} moved to ${stage.name}.` });
          onClose();
        },
        onError: (error) => {
          setRefusal(recruitmentErrorText(error));
        },
      },
    );
  });

  return (
    <FormDialog
      title={`Move ${application.displayName} to ${stage.name}`}
      size="md"
      gap="sm"
      dirty={form.isDirty()}
      busy={move.isPending}
      submitLabel={`Move to ${stage.name}`}
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal} testId="deny-problem" />}
    >
      <Text size="sm">The applicant reads the reason on their status page, and may apply again.</Text>
      <Textarea
        label="Reason (optional)"
        data-autofocus
        autosize
        minRows={2}
        maxRows={6}
        maxLength={REASON_MAX}
        {...form.getInputProps('reason')}
      />
    </FormDialog>
  );
}
