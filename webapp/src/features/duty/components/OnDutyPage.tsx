import { Badge, Button, Group, Pagination, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { CardsOrTable, ListCard } from '@/components/CardsOrTable';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { SearchField } from '@/components/SearchField';
import { useNow } from '@/components/use-now';
import { formatClock, formatDayTime, formatHours, runningTime, shiftFlags, shiftSpan, SOURCE_LABELS } from '@/lib/duty';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { dutyErrorText, onDutyQueryOptions, type Shift } from '../api/duty';
import {
  filterShifts,
  NO_MATCHING_SHIFT,
  NO_RECENT,
  NOBODY_ON_DUTY,
  PAGE_DESCRIPTION,
  PAGE_TITLE,
  pageOf,
  RECENT_PAGE_SIZE,
  UNAVAILABLE,
} from '../lib/duty';
import { CorrectShiftDialog } from './CorrectShiftDialog';
import { DutySettingsCard } from './DutySettingsCard';

function orDash(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? '-' : text;
}

/** The member's name, and 'You' on the viewer's own shifts (the server refuses correcting them). */
function Member({ shift, own }: { shift: Shift; own: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {shift.member}
      </Text>
      {own && (
        <Badge size="xs" variant="outline" color="gray">
          You
        </Badge>
      )}
    </Group>
  );
}

function Flags({ shift }: { shift: Shift }) {
  const flags = shiftFlags(shift);
  if (flags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="shift-flags">
      {flags.map((flag) => (
        <Tooltip key={flag.label} label={flag.help} withinPortal multiline w={220}>
          <Badge size="sm" variant="light" color={flag.color} style={{ textTransform: 'none' }}>
            {flag.label}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The shift's department or unit and its callsign, as two table cells ('-' when blank). */
function PlaceCells({ shift }: { shift: Shift }) {
  return (
    <>
      <Table.Td>{orDash(shift.unit)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{orDash(shift.callsign)}</Table.Td>
    </>
  );
}

/** The last column of a supervisor's table: Correct. */
function CorrectCell({ shift, onCorrect }: { shift: Shift; onCorrect: (shift: Shift) => void }) {
  return (
    <Table.Td>
      <CorrectButton shift={shift} onCorrect={onCorrect} />
    </Table.Td>
  );
}

function CorrectButton({ shift, onCorrect }: { shift: Shift; onCorrect: (shift: Shift) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={`Correct the shift of ${shift.member}, ${shiftSpan(shift)}`}
      onClick={() => {
        onCorrect(shift);
      }}
    >
      Correct
    </Button>
  );
}

interface ListProps {
  shifts: readonly Shift[];
  ownId: number | null;
  writable: boolean;
  onCorrect: (shift: Shift) => void;
}

/** Who is on duty now: since when, where, as whom, and for how long (ticking). */
function OpenShifts({ shifts, ownId, writable, onCorrect }: ListProps) {
  const now = useNow();
  return (
    <CardsOrTable
      items={shifts}
      itemKey={(shift) => shift.id}
      label="On duty now"
      columns={['Member', 'Since', 'Department or unit', 'Callsign', 'On duty for', 'Source', ...(writable ? [null] : [])]}
      row={(shift) => (
        <Table.Tr data-testid="on-duty">
          <Table.Td>
            <Member shift={shift} own={shift.rosterId === ownId} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDayTime(shift.startedAt)}</Table.Td>
          <PlaceCells shift={shift} />
          <Table.Td ff="monospace" data-testid="running-time">
            {runningTime(shift.startedAt, now)}
          </Table.Td>
          <Table.Td>{SOURCE_LABELS[shift.source] ?? shift.source}</Table.Td>
          {writable && <CorrectCell shift={shift} onCorrect={onCorrect} />}
        </Table.Tr>
      )}
      card={(shift) => (
        <ListCard
          testId="on-duty"
          title={<Member shift={shift} own={shift.rosterId === ownId} />}
          aside={
            <Text ff="monospace" fw={700} c="green" data-testid="running-time">
              {runningTime(shift.startedAt, now)}
            </Text>
          }
        >
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Since {formatClock(shift.startedAt)} · {[shift.callsign, shift.unit].filter((part) => part.trim() !== '').join(' · ') || '-'}
          </Text>
          {writable && (
            <Group justify="flex-end">
              <CorrectButton shift={shift} onCorrect={onCorrect} />
            </Group>
          )}
        </ListCard>
      )}
    />
  );
}

/** The shifts of the last week that are over, newest first, with their flags. */
function RecentShifts({ shifts, ownId, writable, onCorrect }: ListProps) {
  return (
    <CardsOrTable
      items={shifts}
      itemKey={(shift) => shift.id}
      label="Shifts of the last 7 days"
      columns={['Member', 'Shift', 'Hours', 'Department or unit', 'Callsign', 'Flags', ...(writable ? [null] : [])]}
      row={(shift) => (
        <Table.Tr data-testid="recent-shift">
          <Table.Td>
            <Member shift={shift} own={shift.rosterId === ownId} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{shiftSpan(shift)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatHours(shift.hours)}</Table.Td>
          <PlaceCells shift={shift} />
          <Table.Td>
            <Flags shift={shift} />
          </Table.Td>
          {writable && <CorrectCell shift={shift} onCorrect={onCorrect} />}
        </Table.Tr>
      )}
      card={(shift) => (
        <ListCard
          testId="recent-shift"
          title={<Member shift={shift} own={shift.rosterId === ownId} />}
          aside={
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatHours(shift.hours)}
            </Text>
          }
        >
          <Text size="sm">{shiftSpan(shift)}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[shift.callsign, shift.unit].filter((part) => part.trim() !== '').join(' · ') || '-'}
          </Text>
          <Group justify="space-between" gap="xs">
            <Flags shift={shift} />
            {writable && <CorrectButton shift={shift} onCorrect={onCorrect} />}
          </Group>
        </ListCard>
      )}
    />
  );
}

/**
 * Supervisor → On duty (issue 24): who is on duty now (since, department or unit, callsign,
 * the running time), the shifts of the last week with their flags (auto-closed, corrected,
 * from the game server), Correct on each (a dialog with the times, a reason and the corrections
 * so far; the server refuses one's own shifts and says so), and the agency's duty settings
 * (High Command changes them). Members on leave of absence read it only.
 */
export function OnDutyPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const ownId = access.viewer?.roster?.id ?? null;
  const query = useQuery(onDutyQueryOptions(slug));
  const [correcting, setCorrecting] = useState<Shift | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const open = query.data?.open ?? [];
  const recent = query.data?.recent ?? [];
  const matching = filterShifts(recent, search);
  const shown = pageOf(matching, page, RECENT_PAGE_SIZE);

  return (
    <Page size="xl" title={PAGE_TITLE} description={PAGE_DESCRIPTION}>
      {isOnLeave(access.viewer) && <LoaNotice />}
      <QueryStatus query={query} loading="Loading who is on duty…" errorTitle={UNAVAILABLE} errorText={(error) => dutyErrorText(error)}>
        <Stack gap="lg">
          <Stack gap="sm" component="section" aria-labelledby="duty-now">
            <Title order={2} size="h4" id="duty-now">
              On duty now ({open.length})
            </Title>
            {open.length === 0 ? (
              <EmptyNotice text={NOBODY_ON_DUTY} testId="on-duty-empty" />
            ) : (
              <OpenShifts shifts={open} ownId={ownId} writable={writable} onCorrect={setCorrecting} />
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="duty-recent">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Title order={2} size="h4" id="duty-recent">
                Last 7 days ({recent.length})
              </Title>
              {recent.length > 0 && (
                <SearchField
                  label="Find a shift"
                  placeholder="Member, callsign or unit"
                  type="search"
                  value={search}
                  onSearch={(text) => {
                    setSearch(text);
                    setPage(1);
                  }}
                  w={{ base: '100%', xs: 280 }}
                />
              )}
            </Group>
            {recent.length === 0 ? (
              <EmptyNotice text={NO_RECENT} testId="recent-shifts-empty" />
            ) : shown.items.length === 0 ? (
              <EmptyNotice text={NO_MATCHING_SHIFT} testId="recent-shifts-none" />
            ) : (
              <RecentShifts shifts={shown.items} ownId={ownId} writable={writable} onCorrect={setCorrecting} />
            )}
            {shown.pageCount > 1 && (
              <Group justify="center">
                <Pagination
                  size="sm"
                  total={shown.pageCount}
                  value={shown.page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              </Group>
            )}
          </Stack>
        </Stack>
      </QueryStatus>
      <DutySettingsCard writable={writable} />
      {correcting !== null && (
        <CorrectShiftDialog
          key={correcting.id}
          shift={correcting}
          onClose={() => {
            setCorrecting(null);
          }}
        />
      )}
    </Page>
  );
}
