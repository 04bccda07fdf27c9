import { Anchor, Badge, Group, List, SimpleGrid, Stack, Table, Text, Title, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ArrestReport, HistoryEntry, ReportEvidence, ReportOfficer, ReportWitness, Ticket, UofReport } from '@/api/reports';
import { formatMonths, formatUsd } from '@/lib/penal-format';
import { formatReportDate, officerDetails } from '@/lib/report-format';
import { signatureLine, transitionText, type ReviewFlow } from '@/lib/review-flows';
import { StatusBadge } from './StatusBadge';

/**
 * A filed report read-only, section by section (command-and-reports §2 "the whole report
 * read-only"; member-portal §2.11 for arrests): the same markup in the review modal and the
 * printable view. Every section is a `<section class="report-section">` so that print keeps
 * it on one page where it fits.
 */

const DASH = '—';

/** One section: a heading and its content. */
export function ReportSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `report-section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Stack component="section" gap={6} className="report-section" aria-labelledby={id} data-testid={testId}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Label and value pairs in two columns, or `cols` (values wrap anywhere). */
export function FieldGrid({ fields, cols = 2 }: { fields: readonly (readonly [string, ReactNode])[]; cols?: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="sm" verticalSpacing={6}>
      {fields.map(([label, value]) => (
        <div key={label} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" className="report-label">
            {label}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? DASH : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Free text with its line breaks, or a dash. */
export function TextBlock({ text }: { text: string | null | undefined }) {
  const value = text?.trim() ?? '';
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={value === '' ? 'dimmed' : undefined}>
      {value === '' ? DASH : value}
    </Text>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** A suspect's, subject's or violator's name, address and description. */
function PersonFields({ name, address, description }: { name: string; address: string; description: string }) {
  return (
    <FieldGrid
      fields={[
        ['Name', name],
        ['Address', address],
        ['Description', description],
      ]}
    />
  );
}

/** The sections every incident report ends with: witnesses, narrative, evidence and links. */
function ClosingSections({ report }: { report: { witnesses: ReportWitness[]; narrative: string; evidence: ReportEvidence[] } }) {
  return (
    <>
      <ReportSection title="Witnesses">
        <WitnessList witnesses={report.witnesses} />
      </ReportSection>
      <ReportSection title="Narrative">
        <TextBlock text={report.narrative} />
      </ReportSection>
      <ReportSection title="Evidence & Links">
        <EvidenceList evidence={report.evidence} />
      </ReportSection>
    </>
  );
}

/** A column of a line table: its heading, the cell of a row, and 'right' for amounts. */
type LineColumn<T> = readonly [string, (row: T) => ReactNode, 'right'?];

/** The lines of a report (charges, violations) as a table that scrolls on its own on a phone. */
function LineTable<T extends { statute: string }>({
  rows,
  columns,
  empty,
  minWidth,
}: {
  rows: readonly T[];
  columns: readonly LineColumn<T>[];
  empty: string;
  minWidth: number;
}) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map(([heading, , align]) => (
              <Table.Th key={heading} ta={align}>
                {heading}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.statute}-${String(index)}`}>
              {columns.map(([heading, cell, align]) => (
                <Table.Td key={heading} ta={align}>
                  {cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A total under a line table: 'Total fine: $1,250'. */
function Total({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Text size="sm" data-testid={testId}>
      <Text span fw={600}>
        {label}
      </Text>{' '}
      {children}
    </Text>
  );
}

/** Officers or deputies: name, then rank and callsign (B-12). */
export function OfficerList({ officers, empty }: { officers: readonly ReportOfficer[]; empty: string }) {
  if (officers.length === 0) return <Empty>{empty}</Empty>;
  return (
    <List size="sm" spacing={4} listStyleType="none" data-testid="report-officers">
      {officers.map((officer, index) => {
        const details = officerDetails(officer);
        return (
          <List.Item key={`${officer.name}-${String(index)}`}>
            <Text span size="sm" fw={600}>
              {officer.name.trim() === '' ? DASH : officer.name}
            </Text>
            {details !== '' && (
              <Text span size="sm" c="dimmed">
                {' '}
                — {details}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}

export function WitnessList({ witnesses }: { witnesses: readonly ReportWitness[] }) {
  if (witnesses.length === 0) return <Empty>No witnesses.</Empty>;
  return (
    <List size="sm" spacing={4} listStyleType="none">
      {witnesses.map((witness, index) => (
        <List.Item key={`${witness.name}-${String(index)}`}>
          <Text span size="sm" fw={600}>
            {witness.name.trim() === '' ? DASH : witness.name}
          </Text>
          {witness.contact.trim() !== '' && (
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {' '}
              — {witness.contact}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** Evidence links; the address is printed beside its label so that paper keeps it. */
export function EvidenceList({ evidence }: { evidence: readonly ReportEvidence[] }) {
  if (evidence.length === 0) return <Empty>No evidence links.</Empty>;
  return (
    <List size="sm" spacing={4} listStyleType="none">
      {evidence.map((item, index) => (
        <List.Item key={`${item.url}-${String(index)}`} style={{ overflowWrap: 'anywhere' }}>
          <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="sm">
            {item.label.trim() === '' ? item.url : item.label}
          </Anchor>
          {item.label.trim() !== '' && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({item.url})
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** Every section of a use-of-force report (command-and-reports §2, §3). */
export function UofReportSections({ report }: { report: UofReport }) {
  const extra: [string, string][] = (
    [
      ['Subject weapons', report.subjectWeapons],
      ['Officer weapons', report.officerWeapons],
      ['Subject injuries', report.subjectInjuries],
      ['Officer injuries', report.officerInjuries],
      ['Medical aid provided', report.medicalProvided],
    ] as [string, string][]
  ).filter(([, value]) => value.trim() !== '');
  return (
    <Stack gap="md">
      <ReportSection title="Case">
        <FieldGrid
          fields={[
            ['Case #', report.incidentNumber],
            ['Date and time', formatReportDate(report.incidentDate)],
            ['Location', report.location],
            ...(report.weather.trim() !== '' ? ([['Weather', report.weather]] as const) : []),
            ...(report.jurisdiction.trim() !== '' ? ([['Jurisdiction', report.jurisdiction]] as const) : []),
            ['Filed by', report.filedBy],
            ['Filed on', formatReportDate(report.createdAt)],
          ]}
        />
      </ReportSection>
      <ReportSection title="Deputies involved">
        <OfficerList officers={report.officers} empty="No deputies listed." />
      </ReportSection>
      <ReportSection title="Subject">
        <PersonFields name={report.subjectName} address={report.subjectAddress} description={report.subjectDescription} />
      </ReportSection>
      <ReportSection title="Force used">
        {report.forceTypes.length === 0 ? (
          <Empty>None recorded.</Empty>
        ) : (
          <Group gap={6} data-testid="report-force-types">
            {report.forceTypes.map((type) => (
              <Badge key={type} variant="outline" color="gray" className="report-chip">
                {type}
              </Badge>
            ))}
          </Group>
        )}
      </ReportSection>
      <ReportSection title="Force details">
        <TextBlock text={report.forceDetails} />
        {extra.length > 0 && <FieldGrid fields={extra} />}
      </ReportSection>
      <ClosingSections report={report} />
    </Stack>
  );
}

/** Every section of an arrest report (member-portal §2.11), charges with their totals (§5). */
export function ArrestReportSections({ report }: { report: ArrestReport }) {
  return (
    <Stack gap="md">
      <ReportSection title="Case information">
        <FieldGrid
          fields={[
            ['Case #', report.caseNumber],
            ['Incident #', report.incidentNumber],
            ['Arrest type', report.arrestType],
            ['Date and time', formatReportDate(report.arrestDate)],
            ['Location', report.location],
            ['Filed by', report.filedBy],
            ['Filed on', formatReportDate(report.createdAt)],
          ]}
        />
      </ReportSection>
      <ReportSection title="Arresting Officers">
        <OfficerList officers={report.officers} empty="No officers listed." />
      </ReportSection>
      <ReportSection title="Suspect Information">
        <PersonFields name={report.suspect.name} address={report.suspect.address} description={report.suspect.description} />
      </ReportSection>
      <ReportSection title="Charges" testId="report-charges">
        <LineTable
          rows={report.charges}
          empty="No charges."
          minWidth={420}
          columns={[
            ['Statute', (charge) => charge.statute || DASH],
            ['Charge', (charge) => charge.charge || DASH],
            ['Count', (charge) => charge.count, 'right'],
            ['Time', (charge) => formatMonths(charge.time), 'right'],
            ['Bond', (charge) => formatUsd(charge.bond), 'right'],
          ]}
        />
        <Group gap="lg" data-testid="report-totals">
          <Total label="Total time:">{formatMonths(report.totals.time)}</Total>
          <Total label="Total bond:">{formatUsd(report.totals.bond)}</Total>
        </Group>
      </ReportSection>
      <ClosingSections report={report} />
    </Stack>
  );
}

/** Every section of a citation (issue 10 "Ticket report"), violations with the total fine. */
export function TicketSections({ ticket }: { ticket: Ticket }) {
  return (
    <Stack gap="md">
      <ReportSection title="Citation">
        <FieldGrid
          fields={[
            ['Citation #', ticket.citationNumber],
            ['Date and time', formatReportDate(ticket.issuedAt)],
            ['Location', ticket.location],
            ['Filed by', ticket.filedBy],
          ]}
        />
      </ReportSection>
      <ReportSection title="Issuing Officer">
        <OfficerList officers={ticket.officer.name.trim() === '' ? [] : [ticket.officer]} empty="No officer listed." />
      </ReportSection>
      <ReportSection title="Violator">
        <PersonFields name={ticket.violator.name} address={ticket.violator.address} description={ticket.violator.description} />
      </ReportSection>
      <ReportSection title="Vehicle">
        <FieldGrid
          fields={[
            ['Plate', ticket.vehicle.plate],
            ['Model', ticket.vehicle.model],
            ['Colour', ticket.vehicle.colour],
          ]}
        />
      </ReportSection>
      <ReportSection title="Violations">
        <LineTable
          rows={ticket.violations}
          empty="No violations."
          minWidth={360}
          columns={[
            ['Statute', (violation) => violation.statute || DASH],
            ['Violation', (violation) => violation.title || DASH],
            ['Fine', (violation) => formatUsd(violation.fine), 'right'],
          ]}
        />
        <Total label="Total fine:" testId="report-total-fine">
          {formatUsd(ticket.totalFine)}
        </Total>
      </ReportSection>
      <ReportSection title="Notes">
        <TextBlock text={ticket.notes} />
      </ReportSection>
      <ReportSection title="Evidence & Links">
        <EvidenceList evidence={ticket.evidence} />
      </ReportSection>
    </Stack>
  );
}

/** Status changes, oldest first, with who and when (issue 10: "a history the detail modal shows"). */
export function ReviewHistory({ flow, history }: { flow: ReviewFlow; history: readonly HistoryEntry[] }) {
  return (
    <ReportSection title="History" testId="report-history">
      {history.length === 0 ? (
        <Empty>No status changes yet.</Empty>
      ) : (
        <List size="sm" spacing={6} listStyleType="none">
          {history.map((entry, index) => (
            <List.Item key={`${entry.at}-${String(index)}`} data-testid="history-entry">
              <Text size="sm">
                <Text span fw={600}>
                  {transitionText(flow, entry.fromStatus, entry.toStatus)}
                </Text>
                {' — '}
                {entry.actor.trim() === '' ? 'Unknown' : entry.actor}, {formatReportDate(entry.at)}
              </Text>
              {entry.notes != null && entry.notes.trim() !== '' && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.notes}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </ReportSection>
  );
}

/** What the review block needs of a reviewed report. */
export interface ReviewedReport {
  status: string;
  /** The viewer filed the report or is listed on it: they may read it, never review it (issue 19). */
  ownReport?: boolean;
  supervisorNotes?: string | null;
  supervisorSignedBy?: string | null;
  supervisorSignedAt?: string | null;
}

/** The review and signature block of the printable view: outcome, notes, signature. */
export function SignatureBlock({ flow, report }: { flow: ReviewFlow; report: ReviewedReport }) {
  const signed = signatureLine(report.supervisorSignedBy, report.supervisorSignedAt, (iso) => formatReportDate(iso));
  return (
    <ReportSection title="Supervisor Review & Sign-Off" testId="signature-block">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Status:
        </Text>
        <StatusBadge flow={flow} status={report.status} />
      </Group>
      <div>
        <Text size="xs" c="dimmed" className="report-label">
          Review notes
        </Text>
        <TextBlock text={report.supervisorNotes} />
      </div>
      <Text size="sm" fw={600} data-testid="signature-line">
        {signed}
      </Text>
    </ReportSection>
  );
}
