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
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { DeputyPicker } from '@/components/DeputyPicker';
import { EvidenceSection, RemoveButton, WitnessesSection } from '@/components/ReportRows';
import { formatCallsign } from '@/lib/callsign';
import { compactCallsign } from '@/lib/deputy-search';
import {
  emptyDeputy,
  FORCE_TYPES,
  orderedForceTypes,
  UOF_TEXTS,
  withPickedDeputy,
  type DeputyRow,
  type UofForm,
} from '../lib/uof-form';

export interface UofReportFormProps {
  form: UofForm;
  onChange: (form: UofForm) => void;
  onSave: () => void;
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
 * 'Save JSON'.
 */
export function UofReportForm({ form, onChange, onSave, onSaveJson, saving, failed }: UofReportFormProps) {
  const [picking, setPicking] = useState(false);
  const set = (patch: Partial<UofForm>) => {
    onChange({ ...form, ...patch });
  };
  const setDeputy = (key: string, patch: Partial<DeputyRow>) => {
    set({ deputies: form.deputies.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!saving) onSave();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={UOF_TEXTS.title}>
      <Stack gap="md">
        <Section id="uof-case" title="Case">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Case number"
              description="Suggested; leave blank for the next free number."
              value={form.incidentNumber}
              disabled={saving}
              onChange={(event) => {
                set({ incidentNumber: event.currentTarget.value });
              }}
            />
            <TextInput
              label="Date and time"
              type="datetime-local"
              withAsterisk
              value={form.incidentDate}
              disabled={saving}
              onChange={(event) => {
                set({ incidentDate: event.currentTarget.value });
              }}
            />
            <TextInput
              label="Location"
              withAsterisk
              value={form.location}
              disabled={saving}
              onChange={(event) => {
                set({ location: event.currentTarget.value });
              }}
            />
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
                onClick={() => {
                  set({ deputies: [...form.deputies, emptyDeputy()] });
                }}
              >
                Add deputy
              </Button>
            </>
          }
        >
          {form.deputies.length === 0 && (
            <Text size="sm" c="dimmed">
              No deputies listed.
            </Text>
          )}
          {form.deputies.map((row, index) => {
            const n = index + 1;
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
                          set({ deputies: form.deputies.filter((other) => other.key !== row.key) });
                        }}
                      />
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                    <TextInput
                      label="Name"
                      aria-label={`Deputy ${String(n)} name`}
                      value={row.name}
                      readOnly={row.locked}
                      variant={row.locked ? 'filled' : 'default'}
                      disabled={saving}
                      onChange={(event) => {
                        setDeputy(row.key, { name: event.currentTarget.value });
                      }}
                    />
                    <TextInput
                      label="Rank/ID"
                      aria-label={`Deputy ${String(n)} rank/ID`}
                      value={row.rank}
                      readOnly={row.locked}
                      variant={row.locked ? 'filled' : 'default'}
                      disabled={saving}
                      onChange={(event) => {
                        setDeputy(row.key, { rank: event.currentTarget.value });
                      }}
                    />
                    <TextInput
                      label="Callsign"
                      aria-label={`Deputy ${String(n)} callsign`}
                      value={row.locked ? shown : row.callsign}
                      readOnly={row.locked}
                      variant={row.locked ? 'filled' : 'default'}
                      disabled={saving}
                      description={!row.locked && shown !== '' && shown !== row.callsign ? `Shown as ${shown}` : undefined}
                      onChange={(event) => {
                        setDeputy(row.key, { callsign: compactCallsign(event.currentTarget.value) });
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
            <TextInput
              label="Subject name"
              value={form.subjectName}
              disabled={saving}
              onChange={(event) => {
                set({ subjectName: event.currentTarget.value });
              }}
            />
            <TextInput
              label="Subject address"
              value={form.subjectAddress}
              disabled={saving}
              onChange={(event) => {
                set({ subjectAddress: event.currentTarget.value });
              }}
            />
          </SimpleGrid>
          <Textarea
            label="Subject description"
            autosize
            minRows={2}
            value={form.subjectDescription}
            disabled={saving}
            onChange={(event) => {
              set({ subjectDescription: event.currentTarget.value });
            }}
          />
        </Section>

        <Section id="uof-force" title="Force used">
          <Checkbox.Group
            aria-labelledby="uof-force"
            value={form.forceTypes}
            onChange={(value) => {
              set({ forceTypes: orderedForceTypes(value) });
            }}
          >
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {FORCE_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={type}
                  disabled={saving}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Section>

        <Section id="uof-force-details" title="Force details">
          <Textarea
            label="Force details"
            autosize
            minRows={3}
            value={form.forceDetails}
            disabled={saving}
            onChange={(event) => {
              set({ forceDetails: event.currentTarget.value });
            }}
          />
        </Section>

        <WitnessesSection
          witnesses={form.witnesses}
          disabled={saving}
          headingId="uof-witnesses"
          onChange={(witnesses) => {
            set({ witnesses });
          }}
        />

        <Section id="uof-narrative" title="Narrative">
          <Textarea
            label="Narrative"
            withAsterisk
            autosize
            minRows={5}
            value={form.narrative}
            disabled={saving}
            onChange={(event) => {
              set({ narrative: event.currentTarget.value });
            }}
          />
        </Section>

        <EvidenceSection
          evidence={form.evidence}
          disabled={saving}
          headingId="uof-evidence"
          onChange={(evidence) => {
            set({ evidence });
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
          const next = withPickedDeputy(form.deputies, officer);
          if (next === null) {
            notifications.show({ color: 'yellow', message: `${officer.name} is already listed.` });
            return;
          }
          set({ deputies: next });
        }}
      />
    </form>
  );
}
