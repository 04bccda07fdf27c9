import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { RosterEntry } from '@/api/types';
import { formatCallsign } from '@/lib/callsign';
import { insigniaUrl } from '@/lib/insignia';
import { formatTimeInGrade } from '@/lib/time-in-grade';
import { formatRosterDate } from '../lib/roster';
import { Hours, InactiveMarker, OnDutyMarker } from './DutyMarkers';
import { EditEntryButton } from './EditEntryButton';
import { LeaveMarker, QualificationChips } from './QualificationChips';
import type { DutyRosterRow } from './RosterTable';

const STATUS_COLORS: Readonly<Record<string, string>> = { Active: 'green', LOA: 'yellow', Suspended: 'red', Inactive: 'gray' };

export interface RosterCardsProps {
  rows: readonly DutyRosterRow[];
  inactiveAfterDays?: number | null | undefined;
  showCallsign: boolean;
  onEdit?: ((entry: RosterEntry) => void) | undefined;
  canEdit?: ((entry: RosterEntry) => boolean) | undefined;
}

/**
 * The roster on a phone: one compact card per person with what matters during play (name,
 * callsign, rank with its insignia, department, status, time in grade), the dates below, a
 * running leave's end and the qualifications held, the duty hours and who is on duty (issue 24),
 * and Edit for those the viewer may edit. Same rows, order and test ids as the table.
 */
export function RosterCards({ rows, inactiveAfterDays, showCallsign, onEdit, canEdit }: RosterCardsProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Roster">
      {rows.map((entry) => {
        const callsign = showCallsign ? formatCallsign(entry.callsign) : '';
        const editable = onEdit !== undefined && (canEdit?.(entry) ?? true);
        return (
          <Card key={entry.id} withBorder padding="sm" radius="md" role="listitem" data-testid="roster-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {entry.insignia ? (
                  <Image src={insigniaUrl(entry.insignia)} alt="" h={32} w={32} fit="contain" />
                ) : (
                  <span style={{ display: 'inline-block', width: 32, flex: 'none' }} aria-hidden />
                )}
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={700} size="sm" truncate="end">
                      {entry.name}
                    </Text>
                    {callsign !== '' && (
                      <Badge variant="outline" size="sm" style={{ flex: 'none' }}>
                        {callsign}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" truncate="end">
                    {[entry.rank, entry.departmentName ?? entry.departmentId].filter(Boolean).join(' · ') || '-'}
                  </Text>
                </Stack>
              </Group>
              {editable && (
                <EditEntryButton entry={entry} onEdit={onEdit} />
              )}
            </Group>
            <Group gap="xs" mt={6} wrap="wrap">
              <Badge size="sm" variant="light" color={STATUS_COLORS[entry.status] ?? 'gray'}>
                {entry.status}
              </Badge>
              <OnDutyMarker duty={entry.duty} />
              <Text size="xs" c="dimmed">
                Time in grade {formatTimeInGrade(entry.timeInGradeDays)}
              </Text>
              {entry.region ? (
                <Text size="xs" c="dimmed">
                  · {entry.region}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                · Hired {formatRosterDate(entry.hireDate)}
              </Text>
            </Group>
            {entry.duty != null && (
              <Text size="xs" mt={2} data-testid="roster-hours">
                Duty: <Hours duty={entry.duty} period="hoursWeek" /> in 7 days · <Hours duty={entry.duty} period="hours30Days" /> in 30 days
              </Text>
            )}
            <InactiveMarker duty={entry.duty} days={inactiveAfterDays} />
            <LeaveMarker row={entry} />
            <QualificationChips row={entry} />
          </Card>
        );
      })}
    </Stack>
  );
}
