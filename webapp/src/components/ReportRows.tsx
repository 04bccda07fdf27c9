import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';
import { emptyEvidence, emptyWitness, EVIDENCE_URL_ERROR, isBadLink, type EvidenceRow, type WitnessRow } from '@/lib/report-rows';

/**
 * Repeated rows of the report forms (member-portal §2.11, command-and-reports §2): a row card
 * with its Remove button, the Witnesses section (name, contact) and the Evidence & Links
 * section (label, url; a link that is not http(s) shows the server's message inline).
 */

/**
 * A report's number (§5): digits, checked as the server checks them; left blank, the server
 * gives the next number (which the field says unless `description` says otherwise).
 */
export function ReportNumberField({
  description = 'Left blank, the server gives the next number.',
  ...props
}: Omit<TextInputProps, 'inputMode'>) {
  return <TextInput {...props} description={description} inputMode="numeric" />;
}

/**
 * One section of a report form: a bordered panel headed by its title (the section's accessible
 * name), with the section's buttons beside the title. Every report form is built of these.
 */
export function ReportSection({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
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

/** A row's Remove button, named after the row for screen readers. */
export function RemoveButton({ label, onClick, disabled = false }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button size="xs" variant="subtle" color="red" aria-label={label} onClick={onClick} disabled={disabled}>
      Remove
    </Button>
  );
}

/**
 * The error of a whole list that has no row to show it in ("Add at least one charge."), under
 * the section's heading; the section's add button names it (`aria-describedby={id}`).
 */
export function ListError({ id, error }: { id: string; error: ReactNode }) {
  if (error === undefined || error === null || error === false) return null;
  return (
    <Text id={id} size="sm" c="var(--mantine-color-error)" role="alert" data-testid="list-error">
      {error}
    </Text>
  );
}

/** One row of a repeated section: its title and actions above its inputs. */
export function RowCard({
  title,
  actions,
  remove,
  testId,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  remove?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" style={{ minWidth: 0 }}>
            {typeof title === 'string' ? (
              <Text size="sm" fw={600}>
                {title}
              </Text>
            ) : (
              title
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {actions}
            {remove}
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}


/** What a repeated section says: its title, its add button, its empty line and its rows' names. */
export interface RowsWords {
  title: string;
  /** 'Add witness'. */
  add: string;
  /** 'No witnesses.'. */
  none: string;
  /** 'Witness 2': the row's title. */
  row: (n: number) => string;
  /** 'Remove witness 2': its Remove button's accessible name. */
  remove: (n: number) => string;
}

/**
 * A section of rows the member adds and removes (witnesses, evidence links): the title with
 * its add button, "none" when empty, and a card a row with its Remove button around the
 * fields `fields` draws; `update` patches one row.
 */
export function RowsSection<R extends { key: string }>({
  rows,
  onChange,
  disabled,
  headingId,
  words,
  newRow,
  testId,
  fields,
}: {
  rows: R[];
  onChange: (rows: R[]) => void;
  disabled: boolean;
  headingId: string;
  words: RowsWords;
  newRow: () => R;
  testId: string;
  fields: (row: R, index: number, update: (patch: Partial<R>) => void) => ReactNode;
}) {
  return (
    <ReportSection
      id={headingId}
      title={words.title}
      actions={
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          onClick={() => {
            onChange([...rows, newRow()]);
          }}
        >
          {words.add}
        </Button>
      }
    >
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {words.none}
        </Text>
      )}
      {rows.map((row, index) => (
        <RowCard
          key={row.key}
          title={words.row(index + 1)}
          testId={testId}
          remove={
            <RemoveButton
              label={words.remove(index + 1)}
              disabled={disabled}
              onClick={() => {
                onChange(rows.filter((other) => other.key !== row.key));
              }}
            />
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {fields(row, index, (patch) => {
              onChange(rows.map((other) => (other.key === row.key ? { ...other, ...patch } : other)));
            })}
          </SimpleGrid>
        </RowCard>
      ))}
    </ReportSection>
  );
}

const WITNESS_WORDS: RowsWords = {
  title: 'Witnesses',
  add: 'Add witness',
  none: 'No witnesses.',
  row: (n) => `Witness ${String(n)}`,
  remove: (n) => `Remove witness ${String(n)}`,
};

/** Witnesses (member-portal §2.11): rows of name and contact. */
export function WitnessesSection({
  witnesses,
  onChange,
  disabled,
  headingId = 'report-witnesses',
}: {
  witnesses: WitnessRow[];
  onChange: (rows: WitnessRow[]) => void;
  disabled: boolean;
  headingId?: string;
}) {
  return (
    <RowsSection
      rows={witnesses}
      onChange={onChange}
      disabled={disabled}
      headingId={headingId}
      words={WITNESS_WORDS}
      newRow={emptyWitness}
      testId="witness-row"
      fields={(row, index, update) => (
        <>
          <TextInput
            label="Name"
            aria-label={`Witness ${String(index + 1)} name`}
            value={row.name}
            disabled={disabled}
            onChange={(event) => {
              update({ name: event.currentTarget.value });
            }}
          />
          <TextInput
            label="Contact"
            aria-label={`Witness ${String(index + 1)} contact`}
            value={row.contact}
            disabled={disabled}
            onChange={(event) => {
              update({ contact: event.currentTarget.value });
            }}
          />
        </>
      )}
    />
  );
}

const EVIDENCE_WORDS: RowsWords = {
  title: 'Evidence & Links',
  add: 'Add link',
  none: 'No evidence links.',
  row: (n) => `Link ${String(n)}`,
  remove: (n) => `Remove evidence ${String(n)}`,
};

/**
 * Evidence & Links (member-portal §2.11): rows of label and url (http or https). A link that is
 * not http(s) is marked as it is typed; a validated form's errors (`errors['evidence.0.url']`,
 * a label without a link too) show in their field, whose input carries that path
 * (`data-path`) so that the form can focus it.
 */
export function EvidenceSection({
  evidence,
  onChange,
  disabled,
  headingId = 'report-evidence',
  errors = {},
  path = 'evidence',
}: {
  evidence: EvidenceRow[];
  onChange: (rows: EvidenceRow[]) => void;
  disabled: boolean;
  headingId?: string;
  /** The form's errors by field path. */
  errors?: FormErrors;
  /** The list's path in the form. */
  path?: string;
}) {
  return (
    <RowsSection
      rows={evidence}
      onChange={onChange}
      disabled={disabled}
      headingId={headingId}
      words={EVIDENCE_WORDS}
      newRow={emptyEvidence}
      testId="evidence-row"
      fields={(row, index, update) => {
        const urlPath = `${path}.${String(index)}.url`;
        return (
          <>
            <TextInput
              label="Label"
              aria-label={`Evidence ${String(index + 1)} label`}
              value={row.label}
              disabled={disabled}
              onChange={(event) => {
                update({ label: event.currentTarget.value });
              }}
            />
            <TextInput
              label="URL"
              aria-label={`Evidence ${String(index + 1)} URL`}
              type="url"
              placeholder="https://"
              value={row.url}
              disabled={disabled}
              data-path={urlPath}
              error={errors[urlPath] ?? (isBadLink(row.url) ? EVIDENCE_URL_ERROR : undefined)}
              onChange={(event) => {
                update({ url: event.currentTarget.value });
              }}
            />
          </>
        );
      }}
    />
  );
}

/** The foot of a report form: why the last save failed (if it did) and the save button. */
export function ReportSaveBar({ failure, saving, testId }: { failure: ReactNode; saving: boolean; testId: string }) {
  return (
    <>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" data-testid={testId}>
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save to server'}
        </Button>
      </Group>
    </>
  );
}
