import { Badge, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { ApiError } from '@/api/client';
import type { AuditEntry } from '@/api/types';
import { QueryStatus } from '@/components/QueryStatus';
import { SearchField } from '@/components/SearchField';
import { auditQueryOptions } from '../api/logs';
import {
  actionLabel,
  AUDIT_ERROR_TITLE,
  AUDIT_KINDS,
  diffRows,
  kindLabel,
  NO_CHANGES,
  NO_FILTERS,
  type AuditFilters,
} from '../lib/audit';
import type { StructureNames } from '../lib/roster-logs';
import { ChangeTable } from './ChangeTable';
import { Pager } from './Pager';
import { RetentionSetting } from './RetentionSetting';

const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

/** One write: what, who and when, and the fields that changed (Field / Before / After). */
function AuditCard({ entry, names }: { entry: AuditEntry; names: StructureNames }) {
  const rows = diffRows(entry, names);
  return (
    <Card withBorder padding="md" radius="md" component="article" data-testid="audit-entry">
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{entry.title}</Text>
          <Badge variant="light" size="sm">
            {kindLabel(entry.kind)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
          {formatTime(entry.at)}
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No field changed.
        </Text>
      ) : (
        <ChangeTable>
          {rows.map((row, index) =>
            row.type === 'item' ? (
              <Table.Tr key={`item-${String(index)}`}>
                <Table.Th colSpan={3} scope="rowgroup">
                  {row.label}
                </Table.Th>
              </Table.Tr>
            ) : (
              <Table.Tr key={`field-${String(index)}`}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{row.before}</Table.Td>
                <Table.Td>{row.after}</Table.Td>
              </Table.Tr>
            ),
          )}
        </ChangeTable>
      )}
      <Text size="sm" c="dimmed" mt="xs">
        {`${actionLabel(entry.action).replace(/^./, (c) => c.toUpperCase())} by ${entry.actor.display}`}
      </Text>
    </Card>
  );
}

/** Logs → All changes: every write to the agency, newest first, filtered and paged by the server. */
export function AuditLog({ names }: { names: StructureNames }) {
  const slug = useActiveSlug();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [pageIndex, setPageIndex] = useState(0);
  const applied = { ...filters, text: debouncedSearch };
  const log = useQuery({ ...auditQueryOptions(slug, applied, PAGE_SIZE, pageIndex * PAGE_SIZE), placeholderData: keepPreviousData });

  const change = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPageIndex(0);
  };
  const items = log.data?.items ?? [];

  return (
    <Stack gap="md">
      <RetentionSetting />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Kind"
          placeholder="Every kind"
          data={AUDIT_KINDS.map((kind) => ({ value: kind.value, label: kind.label }))}
          value={filters.kind}
          clearable
          onChange={(kind) => {
            change({ kind });
          }}
          w={{ base: '100%', xs: 220 }}
        />
        <SearchField
          placeholder="Title or member"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPageIndex(0);
          }}
          w={{ base: '100%', xs: 220 }}
        />
        {(['from', 'to'] as const).map((key) => (
          <DatePickerInput
            key={key}
            label={key === 'from' ? 'From' : 'To'}
            placeholder="Any day"
            valueFormat="YYYY-MM-DD"
            clearable
            value={filters[key] === '' ? null : filters[key]}
            onChange={(day) => {
              change({ [key]: day ?? '' });
            }}
            w={{ base: '47%', xs: 160 }}
          />
        ))}
      </Group>
      <Pager
        pageIndex={pageIndex}
        onPage={setPageIndex}
        hasPrevious={pageIndex > 0 && !log.isFetching}
        hasNext={log.data?.hasMore === true && !log.isFetching}
        labels={['Newer', 'Older']}
        testId="audit-page"
      />
      <QueryStatus
        query={log}
        loading="Loading changes…"
        errorTitle={AUDIT_ERROR_TITLE}
        errorText={(error) =>
          error instanceof ApiError ? (error.serverMessage ?? `Server returned ${String(error.status)}`) : 'Failed to load changes'
        }
        empty={items.length === 0 ? NO_CHANGES : null}
      >
        <Stack gap="sm">
          {items.map((entry) => (
            <AuditCard key={entry.id} entry={entry} names={names} />
          ))}
        </Stack>
      </QueryStatus>
    </Stack>
  );
}
