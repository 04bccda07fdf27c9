import { Alert, Autocomplete, Button, Grid, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { messageOf } from '@/api/client';
import { EvidenceSection, WitnessesSection } from '@/components/ReportRows';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { ARREST_TYPES, draftOf, isDirty, type ArrestDraftValues, type ArrestForm } from '../lib/arrest-form';
import { ChargesSection } from './ChargesSection';
import { OfficersSection } from './OfficersSection';

export interface ArrestReportFormProps {
  /** Where the form starts (read once, at mount; remount with a key for a fresh form). */
  initial: ArrestForm;
  /** Resubmitting a returned report: its case number stays. */
  caseNumberLocked: boolean;
  /** Sends the draft; resolves with the report id. */
  save: (draft: ArrestDraftValues) => Promise<number>;
  /** After a successful save (the form is clean by then). */
  onSaved: (id: number) => void;
}

/** Enter in a one-line input must not file a whole report by accident. */
function keepEnter(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * The arrest report form (member-portal §2.11, §5, §8): case info (case number, incident number
 * = case number, arrest type, date, location), Arresting Officers, Suspect Information,
 * Charges with totals, Witnesses, Narrative, Evidence & Links and 'Save to server' ('Saving…'
 * while busy). The server checks the rest (required date, location, suspect name, a charge)
 * and its message shows as 'Save failed: {message}'. Leaving with unsaved changes asks first.
 */
export function ArrestReportForm({ initial, caseNumberLocked, save, onSaved }: ArrestReportFormProps) {
  const [start] = useState<ArrestForm>(initial);
  const [form, setForm] = useState<ArrestForm>(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = isDirty(form, start);
  useUnsavedChanges(dirty && !saving);

  const set = <K extends keyof ArrestForm>(key: K, value: ArrestForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
  };
  const setSuspect = (patch: Partial<ArrestForm['suspect']>) => {
    setForm((current) => ({ ...current, suspect: { ...current.suspect, ...patch } }));
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailure(null);
    save(draftOf(form)).then(
      (id) => {
        setSaving(false);
        // The parent replaces this form; what was typed is saved.
        setForm(start);
        onSaved(id);
      },
      (error: unknown) => {
        setSaving(false);
        const text = `Save failed: ${messageOf(error, 'Unknown error')}`;
        setFailure(text);
        notifications.show({ color: 'red', title: 'Arrest report', message: text });
      },
    );
  };

  return (
    <form onSubmit={submit} onKeyDown={keepEnter} noValidate aria-label="Arrest report">
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="arrest-case">
          <Stack gap="sm">
            <Title order={2} size="h4" id="arrest-case">
              Case information
            </Title>
            <Grid gap="sm" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <TextInput
                  label="Case number"
                  value={form.caseNumber}
                  readOnly={caseNumberLocked}
                  description={caseNumberLocked ? 'A resubmitted report keeps its number.' : 'Left blank, the server gives the next number.'}
                  disabled={saving}
                  onChange={(event) => {
                    set('caseNumber', event.currentTarget.value);
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <TextInput label="Incident number" value={form.caseNumber} readOnly description="Always the case number." />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <Autocomplete
                  label="Arrest type"
                  data={ARREST_TYPES}
                  value={form.arrestType}
                  disabled={saving}
                  onChange={(value) => {
                    set('arrestType', value);
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <TextInput
                  label="Date"
                  type="datetime-local"
                  required
                  value={form.arrestDate}
                  disabled={saving}
                  onChange={(event) => {
                    set('arrestDate', event.currentTarget.value);
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 8 }}>
                <TextInput
                  label="Location"
                  required
                  value={form.location}
                  disabled={saving}
                  onChange={(event) => {
                    set('location', event.currentTarget.value);
                  }}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Paper>

        <OfficersSection
          officers={form.officers}
          disabled={saving}
          onChange={(officers) => {
            set('officers', officers);
          }}
        />

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="arrest-suspect">
          <Stack gap="sm">
            <Title order={2} size="h4" id="arrest-suspect">
              Suspect Information
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Suspect name"
                required
                value={form.suspect.name}
                disabled={saving}
                onChange={(event) => {
                  setSuspect({ name: event.currentTarget.value });
                }}
              />
              <TextInput
                label="Address"
                value={form.suspect.address}
                disabled={saving}
                onChange={(event) => {
                  setSuspect({ address: event.currentTarget.value });
                }}
              />
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={form.suspect.description}
              disabled={saving}
              onChange={(event) => {
                setSuspect({ description: event.currentTarget.value });
              }}
            />
          </Stack>
        </Paper>

        <ChargesSection
          charges={form.charges}
          disabled={saving}
          onChange={(charges) => {
            set('charges', charges);
          }}
        />

        <WitnessesSection
          witnesses={form.witnesses}
          disabled={saving}
          onChange={(witnesses) => {
            set('witnesses', witnesses);
          }}
        />

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="arrest-narrative">
          <Stack gap="sm">
            <Title order={2} size="h4" id="arrest-narrative">
              Narrative
            </Title>
            <Textarea
              aria-labelledby="arrest-narrative"
              autosize
              minRows={6}
              value={form.narrative}
              disabled={saving}
              onChange={(event) => {
                set('narrative', event.currentTarget.value);
              }}
            />
          </Stack>
        </Paper>

        <EvidenceSection
          evidence={form.evidence}
          disabled={saving}
          onChange={(evidence) => {
            set('evidence', evidence);
          }}
        />

        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="arrest-save-failure">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save to server'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
