import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { DeputyPicker } from '@/components/DeputyPicker';
import { clearErrorsUnder, focusFirstError } from '@/components/form-errors';
import { EvidenceSection, ListError, RemoveButton, WitnessesSection } from '@/components/ReportRows';
import { formatCallsign } from '@/lib/callsign';
import { compactCallsign } from '@/lib/deputy-search';
import {
  emptyDeputy,
  FORCE_TYPES,
  orderedForceTypes,
  UOF_TEXTS,
  withPickedDeputy,
  type UofForm,
} from '../lib/uof-form';

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

function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {actions !== undefined && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The use-of-force report form (command-and-reports §2, §5): case number, date and time,
 * location, deputies involved ('Select Deputy'; the first row is the signed-in user's and can
 * neither be edited nor removed), subject, force used (§9), force details, witnesses,
 * narrative and evidence links (the rows every report form shares), with 'Save to server' and
 * 'Save JSON'. 'Save to server' first checks what the server would refuse (issue 19): every
 * problem is marked in its field at once, the first one takes the focus, and nothing is sent.
 */
export function UofReportForm({ form, onSave, onSaveJson, saving, failed }: UofReportFormProps) {
  const [picking, setPicking] = useState(false);
  const values = form.values;
  const deputiesError = form.errors.deputies;

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
        <Section id="uof-case" title="Case">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Case number"
              description="Suggested; leave blank for the next free number."
              inputMode="numeric"
              disabled={saving}
              {...form.getInputProps('incidentNumber')}
            />
            <TextInput label="Date and time" type="datetime-local" withAsterisk disabled={saving} {...form.getInputProps('incidentDate')} />
            <TextInput label="Location" withAsterisk disabled={saving} {...form.getInputProps('location')} />
          </SimpleGrid>
        </Section>

        <Section
          id="uof-deputies"
          title="Deputies involved"
          actions={
            <>
              <Button
                size="xs"
                variant="light"
                disabled={saving}
                onClick={() => {
                  setPicking(true);
                }}
              >
                Select Deputy
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={saving}
                data-path="deputies"
                aria-describedby={deputiesError === undefined ? undefined : 'uof-deputies-error'}
                onClick={() => {
                  form.insertListItem('deputies', emptyDeputy());
                }}
              >
                Add deputy
              </Button>
            </>
          }
        >
          <ListError id="uof-deputies-error" error={deputiesError} />
          {values.deputies.length === 0 && (
            <Text size="sm" c="dimmed">
              No deputies listed.
            </Text>
          )}
          {values.deputies.map((row, index) => {
            const n = index + 1;
            const path = `deputies.${String(index)}`;
            const shown = formatCallsign(row.callsign);
            return (
              <Paper key={row.key} withBorder radius="sm" p="sm" data-testid="deputy-row">
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        Deputy {n}
                      </Text>
                      {row.locked && (
                        <Badge size="xs" variant="light">
                          You
                        </Badge>
                      )}
                    </Group>
                    {!row.locked && (
                      <RemoveButton
                        label={`Remove deputy ${String(n)}`}
                        disabled={saving}
                        onClick={() => {
                          form.removeListItem('deputies', index);
                        }}
                      />
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                    <TextInput
                      label="Name"
                      aria-label={`Deputy ${String(n)} name`}
                      {...form.getInputProps(`${path}.name`)}
                      readOnly={row.locked}
                      variant={row.locked ? 'filled' : 'default'}
                      disabled={saving}
                    />
                    <TextInput
                      label="Rank/ID"
                      aria-label={`Deputy ${String(n)} rank/ID`}
                      {...form.getInputProps(`${path}.rank`)}
                      readOnly={row.locked}
                      variant={row.locked ? 'filled' : 'default'}
                      disabled={saving}
                    />
                    <TextInput
                      label="Callsign"
                      aria-label={`Deputy ${String(n)} callsign`}
                      {...form.getInputProps(`${path}.callsign`)}
                      value={row.locked ? shown : row.callsign}
                      readOnly={row.locked}
                      variant={row.locked ? 'filled' : 'default'}
                      disabled={saving}
                      description={!row.locked && shown !== '' && shown !== row.callsign ? `Shown as ${shown}` : undefined}
                      onChange={(event) => {
                        form.setFieldValue(`${path}.callsign`, compactCallsign(event.currentTarget.value));
                      }}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            );
          })}
        </Section>

        <Section id="uof-subject" title="Subject">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Subject name" disabled={saving} {...form.getInputProps('subjectName')} />
            <TextInput label="Subject address" disabled={saving} {...form.getInputProps('subjectAddress')} />
          </SimpleGrid>
          <Textarea label="Subject description" autosize minRows={2} disabled={saving} {...form.getInputProps('subjectDescription')} />
        </Section>

        <Section id="uof-force" title="Force used">
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
        </Section>

        <Section id="uof-force-details" title="Force details">
          <Textarea label="Force details" autosize minRows={3} disabled={saving} {...form.getInputProps('forceDetails')} />
        </Section>

        <WitnessesSection
          witnesses={values.witnesses}
          disabled={saving}
          headingId="uof-witnesses"
          onChange={(witnesses) => {
            form.setFieldValue('witnesses', witnesses);
          }}
        />

        <Section id="uof-narrative" title="Narrative">
          <Textarea label="Narrative" withAsterisk autosize minRows={5} disabled={saving} {...form.getInputProps('narrative')} />
        </Section>

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
      <DeputyPicker
        opened={picking}
        onClose={() => {
          setPicking(false);
        }}
        onSelect={(officer) => {
          const next = withPickedDeputy(form.getValues().deputies, officer);
          if (next === null) {
            notifications.show({ color: 'yellow', message: `${officer.name} is already listed.` });
            return;
          }
          form.setFieldValue('deputies', next);
          clearErrorsUnder(form, 'deputies');
        }}
      />
    </form>
  );
}
