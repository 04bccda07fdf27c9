import { Card, Group, Paper, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { ApiError } from '@/api/client';
import { structureQueryOptions } from '@/api/structure';
import type { HireLogItem, LogItem, RankLogItem } from '@/api/types';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { formatCallsign } from '@/lib/callsign';
import { rosterLogsQueryOptions } from '../api/logs';
import {
  DEFAULT_LOG_PAGE_SIZE,
  groupRankLogs,
  hireDetails,
  isLastLogPage,
  LOG_PAGE_SIZES,
  LOG_TYPES,
  logOffset,
  LOGS_ERROR_TITLE,
  logsErrorText,
  loggedId,
  logValue,
  NO_LOG_ENTRIES,
  NO_NAMES,
  performedBy,
  structureNames,
  type LogType,
  type StructureNames,
} from '../lib/roster-logs';
import { AuditLog } from './AuditLog';
import { ChangeTable } from './ChangeTable';
import { Pager } from './Pager';

/** A logged value by name; the stored id in a tooltip (keyboard-reachable) when it was an id. */
function LogCell({ field, value, names }: { field: string; value: string | null; names: StructureNames }) {
  const text = logValue(field, value, names);
  const id = loggedId(field, value, names);
  if (id === null) return <Table.Td>{text}</Table.Td>;
  return (
    <Table.Td>
      <Tooltip label={`Id: ${id}`} withArrow>
        <Text span size="sm" tabIndex={0} data-logged-id={id} style={{ borderBottom: '1px dotted currentColor' }}>
          {text}
        </Text>
      </Tooltip>
    </Table.Td>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

const isRankItem = (item: LogItem): item is RankLogItem => 'changeId' in item;
const isHireItem = (item: LogItem): item is HireLogItem => !('changeId' in item);

function RankChanges({ items, names }: { items: readonly RankLogItem[]; names: StructureNames }) {
  const groups = groupRankLogs(items);
  return (
    <Stack gap="sm">
      {groups.map((group) => {
        const callsign = formatCallsign(group.rosterCallsign);
        return (
          <Card key={group.changeId} withBorder padding="md" radius="md" component="article" data-testid="rank-log-entry">
            <Group justify="space-between" align="baseline" mb="xs" wrap="wrap">
              <Text fw={600}>
                {group.rosterName}
                {callsign !== '' ? ` (${callsign})` : ''}
                {group.rosterRank ? ` · ${group.rosterRank}` : ''}
              </Text>
              <Text size="sm" c="dimmed" component="time" dateTime={group.ts}>
                {formatTime(group.ts)}
              </Text>
            </Group>
            <ChangeTable>
              {group.rows.map((row, index) => (
                <Table.Tr key={`${row.field}-${String(index)}`}>
                  <Table.Td>{row.label}</Table.Td>
                  <LogCell field={row.field} value={row.before} names={names} />
                  <LogCell field={row.field} value={row.after} names={names} />
                </Table.Tr>
              ))}
            </ChangeTable>
            <Text size="sm" c="dimmed" mt="xs">
              {performedBy(group.actor)}
            </Text>
          </Card>
        );
      })}
    </Stack>
  );
}

function Hires({ items, names }: { items: readonly HireLogItem[]; names: StructureNames }) {
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Paper key={item.id} withBorder p="sm" radius="md" component="article" data-testid="hire-log-entry">
          <Text size="sm">{hireDetails(item, names, formatTime)}</Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** Command logs (command-and-reports §2 Command logs, §7, §8, §9). */
export function LogsPage() {
  const slug = useActiveSlug();
  const [view, setView] = useState<LogType | 'all'>('rank');
  const type: LogType = view === 'all' ? 'rank' : view;
  const [pageSize, setPageSize] = useState(DEFAULT_LOG_PAGE_SIZE);
  const [pageIndex, setPageIndex] = useState(0);
  const logs = useQuery({
    ...rosterLogsQueryOptions(slug, { type, limit: pageSize, offset: logOffset(pageIndex, pageSize) }),
    enabled: view !== 'all',
  });

  // Names for the logged ids; a failure is only logged.
  const structure = useQuery(structureQueryOptions(slug));
  const names = useMemo(() => (structure.data ? structureNames(structure.data) : NO_NAMES), [structure.data]);
  const structureError = structure.error;
  useEffect(() => {
    if (structureError instanceof ApiError) console.warn(`Structure load failed (${String(structureError.status)})`);
  }, [structureError]);

  const items = logs.data?.items ?? [];
  const lastPage = isLastLogPage(items.length, pageSize);

  return (
    <Page
      title="Logs"
      description={
        view === 'all'
          ? 'Every change made to this agency through the portal, newest first.'
          : 'Roster changes and hires of this agency, newest first.'
      }
    >
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end">
          <Select
            label="Log type"
            data={[...LOG_TYPES.map((option) => ({ value: option.value, label: option.label })), { value: 'all', label: 'All changes' }]}
            value={view}
            allowDeselect={false}
            onChange={(value) => {
              if (value === 'rank' || value === 'hire' || value === 'all') {
                setView(value);
                setPageIndex(0);
              }
            }}
            w={200}
          />
          {view === 'all' ? null : (
            <Select
              label="Rows per page"
              data={LOG_PAGE_SIZES.map((size) => String(size))}
              value={String(pageSize)}
              allowDeselect={false}
              onChange={(value) => {
                if (value !== null) {
                  setPageSize(Number(value));
                  setPageIndex(0);
                }
              }}
              w={140}
            />
          )}
        </Group>
        {view === 'all' ? null : (
          <Pager
            pageIndex={pageIndex}
            onPage={setPageIndex}
            hasPrevious={pageIndex > 0 && !logs.isFetching}
            hasNext={!lastPage && logs.isSuccess && !logs.isFetching}
            labels={['Prev', 'Next']}
            testId="logs-page"
          />
        )}
      </Group>

      {view === 'all' ? (
        <AuditLog names={names} />
      ) : (
        <QueryStatus
          query={logs}
          loading="Loading logs…"
          errorTitle={LOGS_ERROR_TITLE}
          errorText={(error) => logsErrorText(error instanceof ApiError ? error.status : null)}
          empty={items.length === 0 ? NO_LOG_ENTRIES : null}
        >
          {type === 'rank' ? (
            <RankChanges items={items.filter(isRankItem)} names={names} />
          ) : (
            <Hires items={items.filter(isHireItem)} names={names} />
          )}
        </QueryStatus>
      )}
    </Page>
  );
}
