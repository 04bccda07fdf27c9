import { Group, Image, Table, Text, UnstyledButton } from '@mantine/core';
import type { RosterEntry, RosterRow } from '@/api/types';
import { ActionsHead } from '@/components/ActionsHead';
import { formatCallsign } from '@/lib/callsign';
import { insigniaUrl } from '@/lib/insignia';
import { formatTimeInGrade } from '@/lib/time-in-grade';
import { formatRosterDate, type RosterSort, type RosterSortKey } from '../lib/roster';
import { EditEntryButton } from './EditEntryButton';
import { LeaveMarker, QualificationChips } from './QualificationChips';

function orDash(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? '-' : text;
}

const SORT_LABELS: Record<RosterSortKey, string> = { rank: 'Rank', name: 'Name', callsign: 'Callsign' };

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
        style={{ whiteSpace: 'nowrap' }}
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
  rows: readonly RosterRow[];
  sort: RosterSort;
  onSort: (key: RosterSortKey) => void;
  showCallsign: boolean;
  /** Present when the viewer may edit people. */
  onEdit?: ((entry: RosterEntry) => void) | undefined;
  /** Whether the viewer may edit this person (everyone when absent); others get no Edit. */
  canEdit?: ((entry: RosterEntry) => boolean) | undefined;
}

/** The roster table (member-portal §2.6). */
export function RosterTable({ rows, sort, onSort, showCallsign, onEdit, canEdit }: RosterTableProps) {
  return (
    <Table.ScrollContainer minWidth={showCallsign ? 1240 : 1140}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Roster" data-testid="roster-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="rank" sort={sort} onSort={onSort} />
            <SortHeader column="name" sort={sort} onSort={onSort} />
            {showCallsign && <SortHeader column="callsign" sort={sort} onSort={onSort} />}
            <Table.Th>Department</Table.Th>
            <Table.Th>Region</Table.Th>
            <Table.Th>Status</Table.Th>
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
                <Text size="sm" fw={500}>
                  {entry.name}
                </Text>
              </Table.Td>
              {showCallsign && <Table.Td style={{ whiteSpace: 'nowrap' }}>{orDash(formatCallsign(entry.callsign))}</Table.Td>}
              <Table.Td>{orDash(entry.departmentName ?? entry.departmentId)}</Table.Td>
              <Table.Td>{orDash(entry.region)}</Table.Td>
              <Table.Td>
                <Text size="sm">{orDash(entry.status)}</Text>
                <LeaveMarker row={entry} />
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
