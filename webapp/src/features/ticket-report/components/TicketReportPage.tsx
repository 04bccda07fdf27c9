import {
  Alert,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { penalCodesErrorText, penalCodesQueryOptions } from '@/api/penal-codes';
import { queryKeys } from '@/api/query-keys';
import { DeputyPicker } from '@/components/DeputyPicker';
import { PenalCodeSearch } from '@/components/PenalCodeSearch';
import { EvidenceSection, RemoveButton, RowCard } from '@/components/ReportRows';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { formatCallsign } from '@/lib/callsign';
import { compactCallsign } from '@/lib/deputy-search';
import { formatFineRange, formatUsd } from '@/lib/penal-format';
import { useNavAccess } from '@/session/use-nav-access';
import { issueTicket, nextCitationNumberQueryOptions } from '../api/tickets';
import {
  draftOf,
  fineProblem,
  firstFineProblem,
  isDirty,
  newTicketForm,
  pickedOfficer,
  totalFine,
  violationOf,
  type OfficerValue,
  type TicketForm,
} from '../lib/ticket-form';

/** What the page says after a ticket is issued. */
export const savedTicketText = (citationNumber: string) => `Saved ticket (citation ${citationNumber})`;

function useViewerOfficer(): { ready: boolean; officer: OfficerValue | null } {
  const access = useNavAccess();
  const roster = access.viewer?.roster ?? null;
  return {
    ready: access.status !== 'loading',
    officer: roster === null ? null : { name: roster.name, rank: roster.rank ?? '', callsign: roster.callsign ?? '' },
  };
}

/**
 * /report/ticket-report (issue 10 "Ticket report"; the spec shows the menu item only): a
 * citation with its number (suggested by GET /api/tickets/next-number; left blank, the server
 * gives the next one), date and time, location, the issuing officer (the viewer, or someone
 * picked with 'Select Deputy'), the violator, the vehicle, violations picked from the penal
 * code catalogue (fine defaulting to the entry's minimum, editable within its range), the
 * total fine, notes and evidence links. 'Save to server' ('Saving…'); then 'Saved ticket
 * (citation {n})' and a fresh form with the next number, or 'Save failed: {message}'.
 */
export function TicketReportPage() {
  const slug = useActiveSlug();
  const queryClient = useQueryClient();
  const viewer = useViewerOfficer();
  const next = useQuery(nextCitationNumberQueryOptions(slug));
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1}>Ticket report</Title>
          <Text c="dimmed" size="sm">
            Issue a citation: the violator, the vehicle and the violations from the penal code.
          </Text>
        </Stack>
        {saved !== null && (
          <Alert color="green" variant="light" role="status" data-testid="ticket-saved">
            {saved}
          </Alert>
        )}
        {!viewer.ready || next.isPending ? (
          <Group gap="sm" py="lg" aria-busy="true">
            <Loader size="sm" />
            <Text>Loading form…</Text>
          </Group>
        ) : (
          <TicketReportForm
            key={formKey}
            initial={newTicketForm(next.data?.citationNumber ?? '', viewer.officer, new Date())}
            viewer={viewer.officer}
            onSaved={(citationNumber) => {
              const text = savedTicketText(citationNumber);
              notifications.show({ color: 'green', title: 'Ticket report', message: text });
              setSaved(text);
              window.scrollTo({ top: 0 });
              void queryClient.invalidateQueries({ queryKey: queryKeys.ticketsAll(slug) }).finally(() => {
                setFormKey((key) => key + 1);
              });
            }}
          />
        )}
      </Stack>
    </Container>
  );
}

function keepEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

interface TicketReportFormProps {
  /** Read once, at mount. */
  initial: TicketForm;
  viewer: OfficerValue | null;
  onSaved: (citationNumber: string) => void;
}

function TicketReportForm({ initial, viewer, onSaved }: TicketReportFormProps) {
  const slug = useActiveSlug();
  const catalogue = useQuery(penalCodesQueryOptions(slug));
  const [start] = useState(initial);
  const [form, setForm] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [searching, setSearching] = useState(false);
  const dirty = isDirty(form, start);
  useUnsavedChanges(dirty && !saving);
  const catalogFailed = catalogue.status === 'error';

  const patch = (change: Partial<TicketForm>) => {
    setForm((current) => ({ ...current, ...change }));
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (saving) return;
    const problem = firstFineProblem(form);
    if (problem !== null) {
      setFailure(`Save failed: ${problem}`);
      return;
    }
    setSaving(true);
    setFailure(null);
    issueTicket(draftOf(form)).then(
      (issued) => {
        setSaving(false);
        setForm(start);
        onSaved(issued.citationNumber);
      },
      (error: unknown) => {
        setSaving(false);
        const text = `Save failed: ${messageOf(error, 'Unknown error')}`;
        setFailure(text);
        notifications.show({ color: 'red', title: 'Ticket report', message: text });
      },
    );
  };

  const officer = form.officer;
  const shownCallsign = formatCallsign(officer.callsign);

  return (
    <form onSubmit={submit} onKeyDown={keepEnter} noValidate aria-label="Ticket report">
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ticket-citation">
          <Stack gap="sm">
            <Title order={2} size="h4" id="ticket-citation">
              Citation
            </Title>
            <Grid gap="sm" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <TextInput
                  label="Citation number"
                  description="Left blank, the server gives the next number."
                  value={form.citationNumber}
                  disabled={saving}
                  onChange={(event) => {
                    patch({ citationNumber: event.currentTarget.value });
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                <TextInput
                  label="Date and time"
                  type="datetime-local"
                  required
                  value={form.issuedAt}
                  disabled={saving}
                  onChange={(event) => {
                    patch({ issuedAt: event.currentTarget.value });
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <TextInput
                  label="Location"
                  required
                  value={form.location}
                  disabled={saving}
                  onChange={(event) => {
                    patch({ location: event.currentTarget.value });
                  }}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ticket-officer">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Title order={2} size="h4" id="ticket-officer">
                  Issuing officer
                </Title>
                {officer.locked && (
                  <Badge size="xs" variant="light">
                    You
                  </Badge>
                )}
              </Group>
              <Group gap="xs">
                {viewer !== null && !officer.locked && (
                  <Button
                    size="xs"
                    variant="default"
                    disabled={saving}
                    onClick={() => {
                      patch({ officer: { ...viewer, callsign: compactCallsign(viewer.callsign), locked: true } });
                    }}
                  >
                    Use my roster entry
                  </Button>
                )}
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
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Name"
                aria-label="Officer name"
                required
                value={officer.name}
                readOnly={officer.locked}
                disabled={saving}
                onChange={(event) => {
                  patch({ officer: { ...officer, name: event.currentTarget.value } });
                }}
              />
              <TextInput
                label="Rank"
                aria-label="Officer rank"
                value={officer.rank}
                readOnly={officer.locked}
                disabled={saving}
                onChange={(event) => {
                  patch({ officer: { ...officer, rank: event.currentTarget.value } });
                }}
              />
              <TextInput
                label="Callsign"
                aria-label="Officer callsign"
                value={officer.locked ? shownCallsign : officer.callsign}
                readOnly={officer.locked}
                disabled={saving}
                onChange={(event) => {
                  patch({ officer: { ...officer, callsign: compactCallsign(event.currentTarget.value) } });
                }}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ticket-violator">
          <Stack gap="sm">
            <Title order={2} size="h4" id="ticket-violator">
              Violator
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Violator name"
                required
                value={form.violator.name}
                disabled={saving}
                onChange={(event) => {
                  patch({ violator: { ...form.violator, name: event.currentTarget.value } });
                }}
              />
              <TextInput
                label="Address"
                value={form.violator.address}
                disabled={saving}
                onChange={(event) => {
                  patch({ violator: { ...form.violator, address: event.currentTarget.value } });
                }}
              />
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={form.violator.description}
              disabled={saving}
              onChange={(event) => {
                patch({ violator: { ...form.violator, description: event.currentTarget.value } });
              }}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ticket-vehicle">
          <Stack gap="sm">
            <Title order={2} size="h4" id="ticket-vehicle">
              Vehicle
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Plate"
                value={form.vehicle.plate}
                disabled={saving}
                onChange={(event) => {
                  patch({ vehicle: { ...form.vehicle, plate: event.currentTarget.value } });
                }}
              />
              <TextInput
                label="Model"
                value={form.vehicle.model}
                disabled={saving}
                onChange={(event) => {
                  patch({ vehicle: { ...form.vehicle, model: event.currentTarget.value } });
                }}
              />
              <TextInput
                label="Colour"
                value={form.vehicle.colour}
                disabled={saving}
                onChange={(event) => {
                  patch({ vehicle: { ...form.vehicle, colour: event.currentTarget.value } });
                }}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ticket-violations">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id="ticket-violations">
                Violations
              </Title>
              <Button
                size="xs"
                variant="light"
                disabled={saving || catalogFailed}
                onClick={() => {
                  setSearching(true);
                }}
              >
                Add violation
              </Button>
            </Group>
            {form.violations.length === 0 && (
              <Text size="sm" c="dimmed">
                No violations yet: add them from the penal code.
              </Text>
            )}
            {form.violations.map((row, index) => {
              const n = index + 1;
              const problem = fineProblem(row);
              return (
                <RowCard
                  key={row.key}
                  testId="violation-row"
                  title={
                    <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                      <Text size="sm" fw={700}>
                        {row.statute}
                      </Text>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {row.title}
                      </Text>
                      {row.classification !== '' && (
                        <Badge size="xs" variant="light">
                          {row.classification}
                        </Badge>
                      )}
                    </Group>
                  }
                  remove={
                    <RemoveButton
                      label={`Remove violation ${n}`}
                      disabled={saving}
                      onClick={() => {
                        patch({ violations: form.violations.filter((other) => other.key !== row.key) });
                      }}
                    />
                  }
                >
                  <NumberInput
                    label="Fine"
                    aria-label={`Violation ${n} fine`}
                    description={`Range: ${formatFineRange(row.fineMin, row.fineMax)}`}
                    prefix="$"
                    thousandSeparator=","
                    min={row.fineMin}
                    max={row.fineMax}
                    clampBehavior="none"
                    allowDecimal={false}
                    allowNegative={false}
                    maw={260}
                    value={row.fine}
                    error={problem}
                    disabled={saving}
                    onChange={(value) => {
                      patch({ violations: form.violations.map((other) => (other.key === row.key ? { ...other, fine: value } : other)) });
                    }}
                  />
                </RowCard>
              );
            })}
            {catalogFailed && (
              <Alert color="red" variant="light" role="alert" title="Penal code catalog unavailable">
                {penalCodesErrorText(catalogue.error)}
              </Alert>
            )}
            <Text>
              Total fine: <strong data-testid="total-fine">{formatUsd(totalFine(form.violations))}</strong>
            </Text>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ticket-notes">
          <Stack gap="sm">
            <Title order={2} size="h4" id="ticket-notes">
              Notes
            </Title>
            <Textarea
              aria-labelledby="ticket-notes"
              autosize
              minRows={3}
              value={form.notes}
              disabled={saving}
              onChange={(event) => {
                patch({ notes: event.currentTarget.value });
              }}
            />
          </Stack>
        </Paper>

        <EvidenceSection
          evidence={form.evidence}
          headingId="ticket-evidence"
          disabled={saving}
          onChange={(evidence) => {
            patch({ evidence });
          }}
        />

        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="ticket-save-failure">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save to server'}
          </Button>
        </Group>
      </Stack>

      <DeputyPicker
        opened={picking}
        onClose={() => {
          setPicking(false);
        }}
        onSelect={(picked) => {
          patch({ officer: pickedOfficer(picked) });
        }}
      />
      <PenalCodeSearch
        opened={searching}
        onClose={() => {
          setSearching(false);
        }}
        onSelect={(entry) => {
          setForm((current) => ({ ...current, violations: [...current.violations, violationOf(entry)] }));
        }}
      />
    </form>
  );
}
