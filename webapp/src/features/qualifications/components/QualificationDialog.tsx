import { SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import type { Qualification } from '@/api/types';
import { CatalogueImageField } from '@/components/CatalogueImageField';
import { FormDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { WholeNumberInput } from '@/components/WholeNumberInput';
import {
  qualificationsErrorText,
  useCreateQualification,
  useUpdateQualification,
  type Template,
} from '../api/qualifications';
import {
  DESCRIPTION_MAX,
  formErrors,
  formValues,
  NAME_MAX,
  qualificationBody,
  VALIDITY_DAYS,
  type QualificationFormValues,
} from '../lib/qualifications';

export interface QualificationDialogProps {
  /** The qualification to edit, or null to add one. */
  qualification: Qualification | null;
  /** The training templates to choose from (undefined while they load or when they cannot be read). */
  templates: readonly Template[] | undefined;
  onClose: () => void;
}

/**
 * Adds or edits a qualification: its name, description, how long a grant lasts (a number of
 * days, or no expiry), a badge image (a link, or an uploaded picture) and the training template
 * whose completed sessions grant it. The server's refusal (a name taken, …) shows above the
 * buttons; a saved one says so in green.
 */
export function QualificationDialog({ qualification, templates, onClose }: QualificationDialogProps) {
  const slug = useActiveSlug();
  const create = useCreateQualification(slug);
  const update = useUpdateQualification(slug);
  const busy = create.isPending || update.isPending;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<QualificationFormValues>({
    mode: 'controlled',
    initialValues: formValues(qualification),
    validate: formErrors,
  });

  // The template of a qualification whose template is not listed (deleted, or the list failed) stays choosable.
  const options = (templates ?? []).map((template) => ({ value: String(template.id), label: template.title }));
  if (qualification?.templateId != null && !options.some((option) => option.value === String(qualification.templateId))) {
    options.push({ value: String(qualification.templateId), label: qualification.templateTitle ?? `Template ${String(qualification.templateId)}` });
  }

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    const body = qualificationBody(values);
    const saved = (result: Qualification) => {
      notifications.show({ color: 'green', message: `Qualification ${result.name} ${qualification === null ? 'added' : 'saved'}.` });
      onClose();
    };
    const refused = (error: unknown) => {
      setRefusal(qualificationsErrorText(error));
    };
    if (qualification === null) create.mutate(body, { onSuccess: saved, onError: refused });
    else update.mutate({ id: qualification.id, body }, { onSuccess: saved, onError: refused });
  });

  return (
    <FormDialog
      title={qualification === null ? 'Add qualification' : `Edit ${qualification.name}`}
      size="lg"
      gap="sm"
      dirty={form.isDirty()}
      busy={busy}
      submitLabel={qualification === null ? 'Add qualification' : 'Save'}
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal} testId="qualification-problem" />}
    >
      <TextInput label="Name" placeholder="Pursuit driver" required data-autofocus maxLength={NAME_MAX} {...form.getInputProps('name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} maxLength={DESCRIPTION_MAX} {...form.getInputProps('description')} />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="qualification-validity-label">
          Validity
        </Text>
        <SegmentedControl
          aria-labelledby="qualification-validity-label"
          data={[
            { value: 'expires', label: 'Expires after' },
            { value: 'never', label: 'No expiry' },
          ]}
          value={form.values.validity}
          onChange={(value) => {
            form.setFieldValue('validity', value);
          }}
          style={{ alignSelf: 'flex-start' }}
        />
        {form.values.validity === 'expires' && (
          <WholeNumberInput
            label="Days"
            description="A grant lasts this many days from the day it is given."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            range={VALIDITY_DAYS}
            w={{ base: '100%', xs: 220 }}
            {...form.getInputProps('days')}
          />
        )}
      </Stack>
      <CatalogueImageField
        label="Badge image"
        value={form.values.badge}
        onChange={(badge) => {
          form.setFieldValue('badge', badge);
        }}
        disabled={busy}
      />
      <Select
        label="Granted by training"
        description="Completing a session of this training template grants the qualification."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder={templates === undefined ? 'Loading templates…' : 'None: granted by hand only'}
        data={options}
        clearable
        searchable
        nothingFoundMessage="No training template"
        {...form.getInputProps('templateId')}
      />
    </FormDialog>
  );
}
