import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';
import { emptyEvidence, emptyWitness, EVIDENCE_URL_ERROR, isBadLink, type EvidenceRow, type WitnessRow } from '@/lib/report-rows';

/**
 * Repeated rows of the report forms (member-portal §2.11, command-and-reports §2): a row card
 * with its Remove button, the Witnesses section (name, contact) and the Evidence & Links
 * section (label, url; a link that is not http(s) shows the server's message inline).
 */

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
  const update = (key: string, patch: Partial<WitnessRow>) => {
    onChange(witnesses.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };
  return (
    <ReportSection
      id={headingId}
      title="Witnesses"
      actions={
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          onClick={() => {
            onChange([...witnesses, emptyWitness()]);
          }}
        >
          Add witness
        </Button>
      }
    >
      {witnesses.length === 0 && (
        <Text size="sm" c="dimmed">
          No witnesses.
        </Text>
      )}
      {witnesses.map((row, index) => {
        const n = index + 1;
        return (
          <RowCard
            key={row.key}
            title={`Witness ${n}`}
            testId="witness-row"
            remove={
              <RemoveButton
                label={`Remove witness ${n}`}
                disabled={disabled}
                onClick={() => {
                  onChange(witnesses.filter((other) => other.key !== row.key));
                }}
              />
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="Name"
                aria-label={`Witness ${n} name`}
                value={row.name}
                disabled={disabled}
                onChange={(event) => {
                  update(row.key, { name: event.currentTarget.value });
                }}
              />
              <TextInput
                label="Contact"
                aria-label={`Witness ${n} contact`}
                value={row.contact}
                disabled={disabled}
                onChange={(event) => {
                  update(row.key, { contact: event.currentTarget.value });
                }}
              />
            </SimpleGrid>
          </RowCard>
        );
      })}
    </ReportSection>
  );
}

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
  const update = (key: string, patch: Partial<EvidenceRow>) => {
    onChange(evidence.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };
  return (
    <ReportSection
      id={headingId}
      title="Evidence & Links"
      actions={
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          onClick={() => {
            onChange([...evidence, emptyEvidence()]);
          }}
        >
          Add link
        </Button>
      }
    >
      {evidence.length === 0 && (
        <Text size="sm" c="dimmed">
          No evidence links.
        </Text>
      )}
      {evidence.map((row, index) => {
        const n = index + 1;
        const urlPath = `${path}.${String(index)}.url`;
        return (
          <RowCard
            key={row.key}
            title={`Link ${n}`}
            testId="evidence-row"
            remove={
              <RemoveButton
                label={`Remove evidence ${n}`}
                disabled={disabled}
                onClick={() => {
                  onChange(evidence.filter((other) => other.key !== row.key));
                }}
              />
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="Label"
                aria-label={`Evidence ${n} label`}
                value={row.label}
                disabled={disabled}
                onChange={(event) => {
                  update(row.key, { label: event.currentTarget.value });
                }}
              />
              <TextInput
                label="URL"
                aria-label={`Evidence ${n} URL`}
                type="url"
                placeholder="https://"
                value={row.url}
                disabled={disabled}
                data-path={urlPath}
                error={errors[urlPath] ?? (isBadLink(row.url) ? EVIDENCE_URL_ERROR : undefined)}
                onChange={(event) => {
                  update(row.key, { url: event.currentTarget.value });
                }}
              />
            </SimpleGrid>
          </RowCard>
        );
      })}
    </ReportSection>
  );
}
