import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { clearErrorsUnder, focusFirstError } from '@/components/form-errors';
import { OfficersSection, type OfficersWords } from '@/components/OfficersSection';
import { EvidenceSection, ReportNumberField, ReportSection, WitnessesSection } from '@/components/ReportRows';
import { FORCE_TYPES, orderedForceTypes, UOF_TEXTS, type UofForm } from '../lib/uof-form';

export interface UofReportFormProps {
  /** The form's state, validated by `uofFormErrors`. */
  form: UseFormReturnType<UofForm>;
  /** Files the report once the form found nothing to mark. */
  onSave: (values: UofForm) => void;
  onSaveJson: () => void;
  saving: boolean;
  /** 'Failed to save' after a failed save (§8), until the next one. */
  failed: boolean;
}

const DEPUTY_WORDS: OfficersWords = {
  title: 'Deputies involved',
  row: 'Deputy',
  rank: 'Rank/ID',
  add: 'Add deputy',
  none: 'No deputies listed.',
};

/** Where the deputies are in the form, and the section's ids. */
const DEPUTIES = { path: 'deputies', id: 'uof-deputies', rowTestId: 'deputy-row', words: DEPUTY_WORDS } as const;

/**
 * The use-of-force report form (command-and-reports §2, §5): case number, date and time,
 * location, deputies involved ('Select Deputy'; the first row is the signed-in user's and can
 * neither be edited nor removed), subject, force used (§9), force details, witnesses,
 * narrative and evidence links (the rows every report form shares), with 'Save to server' and
 * 'Save JSON'. 'Save to server' first checks what the server would refuse (issue 19): every
 * problem is marked in its field at once, the first one takes the focus, and nothing is sent.
 */
export function UofReportForm({ form, onSave, onSaveJson, saving, failed }: UofReportFormProps) {
  const values = form.values;

  const submit = form.onSubmit(
    (submitted) => {
      if (!saving) onSave(submitted);
    },
    (errors) => {
      focusFirstError(form, errors);
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label={UOF_TEXTS.title}>
      <Stack gap="md">
        <ReportSection id="uof-case" title="Case">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <ReportNumberField
              label="Case number"
              description="Suggested; leave blank for the next free number."
              disabled={saving}
              {...form.getInputProps('incidentNumber')}
            />
            <TextInput label="Date and time" type="datetime-local" withAsterisk disabled={saving} {...form.getInputProps('incidentDate')} />
            <TextInput label="Location" withAsterisk disabled={saving} {...form.getInputProps('location')} />
          </SimpleGrid>
        </ReportSection>

        <OfficersSection form={form} {...DEPUTIES} disabled={saving} />

        <ReportSection id="uof-subject" title="Subject">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Subject name" disabled={saving} {...form.getInputProps('subjectName')} />
            <TextInput label="Subject address" disabled={saving} {...form.getInputProps('subjectAddress')} />
          </SimpleGrid>
          <Textarea label="Subject description" autosize minRows={2} disabled={saving} {...form.getInputProps('subjectDescription')} />
        </ReportSection>

        <ReportSection id="uof-force" title="Force used">
          <Checkbox.Group
            aria-labelledby="uof-force"
            value={values.forceTypes}
            error={form.errors.forceTypes}
            onChange={(value) => {
              form.setFieldValue('forceTypes', orderedForceTypes(value));
            }}
          >
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {FORCE_TYPES.map((type, index) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={type}
                  disabled={saving}
                  // The first box takes the focus when no type is ticked.
                  data-path={index === 0 ? 'forceTypes' : undefined}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </ReportSection>

        <ReportSection id="uof-force-details" title="Force details">
          <Textarea label="Force details" autosize minRows={3} disabled={saving} {...form.getInputProps('forceDetails')} />
        </ReportSection>

        <WitnessesSection
          witnesses={values.witnesses}
          disabled={saving}
          headingId="uof-witnesses"
          onChange={(witnesses) => {
            form.setFieldValue('witnesses', witnesses);
          }}
        />

        <ReportSection id="uof-narrative" title="Narrative">
          <Textarea label="Narrative" withAsterisk autosize minRows={5} disabled={saving} {...form.getInputProps('narrative')} />
        </ReportSection>

        <EvidenceSection
          evidence={values.evidence}
          errors={form.errors}
          disabled={saving}
          headingId="uof-evidence"
          onChange={(evidence) => {
            form.setFieldValue('evidence', evidence);
            clearErrorsUnder(form, 'evidence');
          }}
        />

        <Group gap="sm" justify="flex-end">
          {failed && (
            <Text c="red" size="sm" role="status" data-testid="uof-save-status">
              {UOF_TEXTS.failedToSave}
            </Text>
          )}
          <Button variant="default" onClick={onSaveJson} disabled={saving}>
            {UOF_TEXTS.saveJson}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? UOF_TEXTS.saving : UOF_TEXTS.saveToServer}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
