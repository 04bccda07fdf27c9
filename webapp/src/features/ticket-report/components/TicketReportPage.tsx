import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { penalCodesErrorText, penalCodesQueryOptions } from '@/api/penal-codes';
import { queryKeys } from '@/api/query-keys';
import { DeputyPicker } from '@/components/DeputyPicker';
import { clearErrorsUnder, focusFirstError } from '@/components/form-errors';
import { Page } from '@/components/Page';
import { PenalCodeSearch } from '@/components/PenalCodeSearch';
import { EvidenceSection, ListError, RemoveButton, ReportNumberField, ReportSaveBar, ReportSection, RowCard } from '@/components/ReportRows';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { WholeNumberInput } from '@/components/WholeNumberInput';
import { formatCallsign } from '@/lib/callsign';
import { compactCallsign } from '@/lib/deputy-search';
import { formatFineRange, formatUsd } from '@/lib/penal-format';
import type { OfficerValue } from '@/lib/report-rows';
import { useViewerOfficer } from '@/session/use-viewer-officer';
import { issueTicket, nextCitationNumberQueryOptions } from '../api/tickets';
import {
  draftOf,
  fineProblem,
  isDirty,
  newTicketForm,
  pickedOfficer,
  ticketFormErrors,
  totalFine,
  violationOf,
  type TicketForm,
} from '../lib/ticket-form';

/** What the page says after a ticket is issued. */
export const savedTicketText = (citationNumber: string) => `Saved ticket (citation ${citationNumber})`;

/**
 * /report/ticket-report (issue 10 "Ticket report"; the spec shows the menu item only): a
 * citation with its number (suggested by GET /api/tickets/next-number; left blank, the server
 * gives the next one), date and time, location, the issuing officer (the viewer, or someone
 * picked with 'Select Deputy'), the violator, the vehicle, violations picked from the penal
 * code catalogue (fine defaulting to the entry's minimum, editable within its range), the
 * total fine, notes and evidence links. 'Save to server' ('Saving…') first checks what the
 * server would refuse (issue 19): every problem is marked in its field at once, the first one
 * takes the focus, and nothing is sent. Then 'Saved ticket (citation {n})' and a fresh form
 * with the next number, or the server's 'Save failed: {message}'.
 */
export function TicketReportPage() {
  const slug = useActiveSlug();
  const queryClient = useQueryClient();
  const viewer = useViewerOfficer();
  const next = useQuery(nextCitationNumberQueryOptions(slug));
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <Page
      title="Ticket report"
      description="Issue a citation: the violator, the vehicle and the violations from the penal code."
    >
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
    </Page>
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
  const form = useForm<TicketForm>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => ticketFormErrors(values, new Date()),
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [searching, setSearching] = useState(false);
  const values = form.values;
  const dirty = isDirty(values, start);
  useUnsavedChanges(dirty && !saving);
  const catalogFailed = catalogue.status === 'error';
  const violationsError = form.errors.violations;

  const setOfficer = (officer: TicketForm['officer']) => {
    form.setFieldValue('officer', officer);
    clearErrorsUnder(form, 'officer');
  };

  const send = (submitted: TicketForm) => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    issueTicket(draftOf(submitted)).then(
      (issued) => {
        setSaving(false);
        form.reset();
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

  const submit = form.onSubmit(send, (errors) => {
    setFailure(null);
    focusFirstError(form, errors);
  });

  const officer = values.officer;
  const shownCallsign = formatCallsign(officer.callsign);

  return (
    <form onSubmit={submit} onKeyDown={keepEnter} noValidate aria-label="Ticket report">
      <Stack gap="md">
        <ReportSection id="ticket-citation" title="Citation">
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <ReportNumberField label="Citation number" disabled={saving} {...form.getInputProps('citationNumber')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <TextInput label="Date and time" type="datetime-local" required disabled={saving} {...form.getInputProps('issuedAt')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput label="Location" required disabled={saving} {...form.getInputProps('location')} />
            </Grid.Col>
          </Grid>
        </ReportSection>

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
                      setOfficer({ ...viewer, callsign: compactCallsign(viewer.callsign), locked: true });
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
              {(['Name', 'Rank'] as const).map((label) => (
                <TextInput
                  key={label}
                  label={label}
                  aria-label={`Officer ${label.toLowerCase()}`}
                  required={label === 'Name'}
                  {...form.getInputProps(`officer.${label.toLowerCase()}`)}
                  readOnly={officer.locked}
                  disabled={saving}
                />
              ))}
              <TextInput
                label="Callsign"
                aria-label="Officer callsign"
                {...form.getInputProps('officer.callsign')}
                value={officer.locked ? shownCallsign : officer.callsign}
                readOnly={officer.locked}
                disabled={saving}
                onChange={(event) => {
                  form.setFieldValue('officer.callsign', compactCallsign(event.currentTarget.value));
                }}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <ReportSection id="ticket-violator" title="Violator">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Violator name" required disabled={saving} {...form.getInputProps('violator.name')} />
            <TextInput label="Address" disabled={saving} {...form.getInputProps('violator.address')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} disabled={saving} {...form.getInputProps('violator.description')} />
        </ReportSection>

        <ReportSection id="ticket-vehicle" title="Vehicle">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Plate" disabled={saving} {...form.getInputProps('vehicle.plate')} />
            <TextInput label="Model" disabled={saving} {...form.getInputProps('vehicle.model')} />
            <TextInput label="Colour" disabled={saving} {...form.getInputProps('vehicle.colour')} />
          </SimpleGrid>
        </ReportSection>

        <ReportSection
          id="ticket-violations"
          title="Violations"
          actions={
            <>
              <Button
                size="xs"
                variant="light"
                disabled={saving || catalogFailed}
                data-path="violations"
                aria-describedby={violationsError === undefined ? undefined : 'ticket-violations-error'}
                onClick={() => {
                  setSearching(true);
                }}
              >
                Add violation
              </Button>
            </>
          }
        >
          <ListError id="ticket-violations-error" error={violationsError} />
          {values.violations.length === 0 && (
            <Text size="sm" c="dimmed">
              No violations yet: add them from the penal code.
            </Text>
          )}
          {values.violations.map((row, index) => {
            const n = index + 1;
            const path = `violations.${String(index)}.fine`;
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
                      form.removeListItem('violations', index);
                    }}
                  />
                }
              >
                <WholeNumberInput
                  label="Fine"
                  aria-label={`Violation ${n} fine`}
                  description={`Range: ${formatFineRange(row.fineMin, row.fineMax)}`}
                  prefix="$"
                  thousandSeparator=","
                  range={{ min: row.fineMin, max: row.fineMax }}
                  maw={260}
                  {...form.getInputProps(path)}
                  // The range is checked as the fine is typed, not only on save.
                  error={problem}
                  disabled={saving}
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
            Total fine: <strong data-testid="total-fine">{formatUsd(totalFine(values.violations))}</strong>
          </Text>
        </ReportSection>

        <ReportSection id="ticket-notes" title="Notes">
          <Textarea aria-labelledby="ticket-notes" autosize minRows={3} disabled={saving} {...form.getInputProps('notes')} />
        </ReportSection>

        <EvidenceSection
          evidence={values.evidence}
          errors={form.errors}
          headingId="ticket-evidence"
          disabled={saving}
          onChange={(evidence) => {
            form.setFieldValue('evidence', evidence);
            clearErrorsUnder(form, 'evidence');
          }}
        />

        <ReportSaveBar failure={failure} saving={saving} testId="ticket-save-failure" />
      </Stack>

      <DeputyPicker
        opened={picking}
        onClose={() => {
          setPicking(false);
        }}
        onSelect={(picked) => {
          setOfficer(pickedOfficer(picked));
        }}
      />
      <PenalCodeSearch
        opened={searching}
        onClose={() => {
          setSearching(false);
        }}
        onSelect={(entry) => {
          form.insertListItem('violations', violationOf(entry));
          form.clearFieldError('violations');
        }}
      />
    </form>
  );
}
