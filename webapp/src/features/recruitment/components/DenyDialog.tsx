import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { ReasonField } from '@/components/ReasonField';
import { useFormMutation } from '@/components/use-form-mutation';
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
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } });
  const { sendAndClose, dialog } = useFormMutation({ form, mutation: move, errorText: recruitmentErrorText, onClose, problemTestId: 'deny-problem' });

  const submit = form.onSubmit(({ reason }) => {
    sendAndClose({ applicationId: application.id, stageId: stage.id, reason: reason.trim() === '' ? null : reason.trim() }, () => ({
      message: `${application.displayName} moved to ${stage.name}.`,
    }));
  });

  return (
    <FormDialog
      title={`Move ${application.displayName} to ${stage.name}`}
      submitLabel={`Move to ${stage.name}`}
      onSubmit={submit}
      {...dialog}
    >
      <Text size="sm">The applicant reads the reason on their status page, and may apply again.</Text>
      <ReasonField
        label="Reason (optional)"
        data-autofocus
        maxRows={6}
        {...form.getInputProps('reason')}
      />
    </FormDialog>
  );
}
