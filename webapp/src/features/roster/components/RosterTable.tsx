import { Group, Image, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { RosterEntry, RosterRow } from '@/api/types';
import { ActionsHead } from '@/components/ActionsHead';
import { formatCallsign } from '@/lib/callsign';
import { insigniaUrl } from '@/lib/insignia';
import { formatTimeInGrade } from '@/lib/time-in-grade';
import { formatRosterDate, type RosterSort, type RosterSortKey, type RowDuty } from '../lib/roster';
import { Hours, InactiveMarker, OnDutyMarker } from './DutyMarkers';
import { EditEntryButton } from './EditEntryButton';
import { LeaveMarker, QualificationChips } from './QualificationChips';

function orDash(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? '-' : text;
}

const SORT_LABELS: Record<RosterSortKey, string> = {
  rank: 'Rank',
  name: 'Name',
  callsign: 'Callsign',
  // 'Hours' over '7 d': the two hours columns stay narrow enough for the table to fit at 1366.
  hoursWeek: 'Hours 7\u00a0d',
  hours30Days: 'Hours 30\u00a0d',
};

/** The columns whose heading may break onto two lines. */
const NARROW: readonly RosterSortKey[] = ['hoursWeek', 'hours30Days'];

/** A roster line with its duty hours joined (issue 24). */
export type DutyRosterRow = RosterRow & { duty?: RowDuty | null };

function SortHeader({ column, sort, onSort }: { column: RosterSortKey; sort: RosterSort; onSort: (key: RosterSortKey) => void }) {
  const active = sort.key === column;
  const label = SORT_LABELS[column];
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => {
          onSort(column);
        }}
        fw={700}
        fz="sm"
        style={{ whiteSpace: NARROW.includes(column) ? 'normal' : 'nowrap' }}
      >
        {label}{' '}
        <Text span c={active ? undefined : 'dimmed'} aria-hidden>
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

export interface RosterTableProps {
  rows: readonly DutyRosterRow[];
  /** The agency's "inactive after" days (issue 24), for the Inactive marker. */
  inactiveAfterDays?: number | null | undefined;
  sort: RosterSort;
  onSort: (key: RosterSortKey) => void;
  showCallsign: boolean;
  /** Present when the viewer may edit people. */
  onEdit?: ((entry: RosterEntry) => void) | undefined;
  /** Whether the viewer may edit this person (everyone when absent); others get no Edit. */
  canEdit?: ((entry: RosterEntry) => boolean) | undefined;
}

/** The roster table (member-portal §2.6), with the hours of the last 7 and 30 days and who is on duty (issue 24). */
export function RosterTable({ rows, inactiveAfterDays, sort, onSort, showCallsign, onEdit, canEdit }: RosterTableProps) {
  return (
    <Table.ScrollContainer minWidth={showCallsign ? 1280 : 1180}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Roster" data-testid="roster-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="rank" sort={sort} onSort={onSort} />
            <SortHeader column="name" sort={sort} onSort={onSort} />
            {showCallsign && <SortHeader column="callsign" sort={sort} onSort={onSort} />}
            <Table.Th>Department</Table.Th>
            <Table.Th>Region</Table.Th>
            <Table.Th>Status</Table.Th>
            <SortHeader column="hoursWeek" sort={sort} onSort={onSort} />
            <SortHeader column="hours30Days" sort={sort} onSort={onSort} />
            <Table.Th>Qualifications</Table.Th>
            <Table.Th>Hire Date</Table.Th>
            <Table.Th>Rank Change</Table.Th>
            <Table.Th>Time in Grade</Table.Th>
            {onEdit && <ActionsHead />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.id} data-testid="roster-row">
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {entry.insignia ? (
                    <Image src={insigniaUrl(entry.insignia)} alt="" h={24} w={24} fit="contain" />
                  ) : (
                    <span style={{ display: 'inline-block', width: 24 }} aria-hidden />
                  )}
                  <Text size="sm">{orDash(entry.rank)}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text size="sm" fw={500}>
                    {entry.name}
                  </Text>
                  <OnDutyMarker duty={entry.duty} />
                </Stack>
              </Table.Td>
              {showCallsign && <Table.Td style={{ whiteSpace: 'nowrap' }}>{orDash(formatCallsign(entry.callsign))}</Table.Td>}
              <Table.Td>{orDash(entry.departmentName ?? entry.departmentId)}</Table.Td>
              <Table.Td>{orDash(entry.region)}</Table.Td>
              <Table.Td>
                <Text size="sm">{orDash(entry.status)}</Text>
                <LeaveMarker row={entry} />
                <InactiveMarker duty={entry.duty} days={inactiveAfterDays} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="hours-week">
                <Hours duty={entry.duty} period="hoursWeek" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="hours-30-days">
                <Hours duty={entry.duty} period="hours30Days" />
              </Table.Td>
              <Table.Td style={{ minWidth: 140, maxWidth: 260 }}>
                <QualificationChips row={entry} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRosterDate(entry.hireDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRosterDate(entry.rankChangeDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTimeInGrade(entry.timeInGradeDays)}</Table.Td>
              {onEdit && (
                <Table.Td>
                  {(canEdit?.(entry) ?? true) && (
                    <EditEntryButton entry={entry} onEdit={onEdit} />
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
