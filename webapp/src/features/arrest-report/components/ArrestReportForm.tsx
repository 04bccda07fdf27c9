import { Autocomplete, Grid, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type KeyboardEvent } from 'react';
import { messageOf } from '@/api/client';
import { clearErrorsUnder, focusFirstError } from '@/components/form-errors';
import { OfficersSection, type OfficersWords } from '@/components/OfficersSection';
import { EvidenceSection, ReportNumberField, ReportSaveBar, ReportSection, WitnessesSection } from '@/components/ReportRows';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { ARREST_TYPES, arrestFormErrors, draftOf, isDirty, type ArrestDraftValues, type ArrestForm } from '../lib/arrest-form';
import { ChargesSection } from './ChargesSection';

export interface ArrestReportFormProps {
  /** Where the form starts (read once, at mount; remount with a key for a fresh form). */
  initial: ArrestForm;
  /** Resubmitting a returned report: its case number stays. */
  caseNumberLocked: boolean;
  /** Sends the draft; resolves with the report's case number. */
  save: (draft: ArrestDraftValues) => Promise<string>;
  /** After a successful save, with the case number (the form is clean by then). */
  onSaved: (caseNumber: string) => void;
}

const OFFICER_WORDS: OfficersWords = {
  title: 'Arresting Officers',
  row: 'Officer',
  rank: 'Rank',
  add: 'Add officer',
  none: 'No officers listed.',
};

/** Where the arresting officers are in the form, and the section's ids. */
const OFFICERS = { path: 'officers', id: 'arrest-officers', rowTestId: 'officer-row', words: OFFICER_WORDS } as const;

/** Enter in a one-line input must not file a whole report by accident. */
function keepEnter(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * The arrest report form (member-portal §2.11, §5, §8): case info (case number, incident number
 * = case number, arrest type, date, location), Arresting Officers, Suspect Information,
 * Charges with totals, Witnesses, Narrative, Evidence & Links and 'Save to server' ('Saving…'
 * while busy). Save first checks what the server would refuse (`arrestFormErrors`, issue 19):
 * every problem is marked in its field at once and the first one takes the focus, and nothing
 * is sent. Otherwise the server has the last word: its message shows as 'Save failed:
 * {message}'. Leaving with unsaved changes asks first.
 */
export function ArrestReportForm({ initial, caseNumberLocked, save, onSaved }: ArrestReportFormProps) {
  const [start] = useState<ArrestForm>(initial);
  const form = useForm<ArrestForm>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => arrestFormErrors(values, new Date()),
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = isDirty(form.values, start);
  useUnsavedChanges(dirty && !saving);

  const send = (values: ArrestForm) => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    save(draftOf(values)).then(
      (caseNumber) => {
        setSaving(false);
        // The parent replaces this form; what was typed is saved.
        form.reset();
        onSaved(caseNumber);
      },
      (error: unknown) => {
        setSaving(false);
        const text = `Save failed: ${messageOf(error, 'Unknown error')}`;
        setFailure(text);
        notifications.show({ color: 'red', title: 'Arrest report', message: text });
      },
    );
  };

  const submit = form.onSubmit(send, (errors) => {
    setFailure(null);
    focusFirstError(form, errors);
  });

  return (
    <form onSubmit={submit} onKeyDown={keepEnter} noValidate aria-label="Arrest report">
      <Stack gap="md">
        <ReportSection id="arrest-case" title="Case information">
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <ReportNumberField
                label="Case number"
                {...form.getInputProps('caseNumber')}
                readOnly={caseNumberLocked}
                description={caseNumberLocked ? 'A resubmitted report keeps its number.' : undefined}
                disabled={saving}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextInput label="Incident number" value={form.values.caseNumber} readOnly description="Always the case number." />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Autocomplete label="Arrest type" data={ARREST_TYPES} disabled={saving} {...form.getInputProps('arrestType')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextInput label="Date" type="datetime-local" required disabled={saving} {...form.getInputProps('arrestDate')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 8 }}>
              <TextInput label="Location" required disabled={saving} {...form.getInputProps('location')} />
            </Grid.Col>
          </Grid>
        </ReportSection>

        <OfficersSection form={form} {...OFFICERS} disabled={saving} />

        <ReportSection id="arrest-suspect" title="Suspect Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Suspect name" required disabled={saving} {...form.getInputProps('suspect.name')} />
            <TextInput label="Address" disabled={saving} {...form.getInputProps('suspect.address')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} disabled={saving} {...form.getInputProps('suspect.description')} />
        </ReportSection>

        <ChargesSection form={form} disabled={saving} />

        <WitnessesSection
          witnesses={form.values.witnesses}
          disabled={saving}
          onChange={(witnesses) => {
            form.setFieldValue('witnesses', witnesses);
          }}
        />

        <ReportSection id="arrest-narrative" title="Narrative">
          <Textarea aria-labelledby="arrest-narrative" autosize minRows={6} disabled={saving} {...form.getInputProps('narrative')} />
        </ReportSection>

        <EvidenceSection
          evidence={form.values.evidence}
          errors={form.errors}
          disabled={saving}
          onChange={(evidence) => {
            form.setFieldValue('evidence', evidence);
            clearErrorsUnder(form, 'evidence');
          }}
        />

        <ReportSaveBar failure={failure} saving={saving} testId="arrest-save-failure" />
      </Stack>
    </form>
  );
}
