import { Button, Card, Group, ScrollArea, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { QueryStatus, type QueryState } from '@/components/QueryStatus';
import { saveFile } from '@/components/save-file';
import { csvName, toCsv, type Period } from '@/lib/analytics';
import { analyticsErrorText } from '../api/analytics';
import type { SectionTable } from '../lib/tables';

/** Saves `text` as the CSV file `name`. */
export function downloadCsv(name: string, text: string): void {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

export interface SectionView {
  /** Figures above the chart. */
  summary: ReactNode;
  chart: ReactNode;
  table: SectionTable;
}

interface SectionCardProps<T> {
  id: string;
  title: string;
  query: QueryState & { data?: T };
  period: Period | null;
  view: (data: T) => SectionView;
  /** The server's `empty` and `emptyMessage`. */
  empty: (data: T) => string | null;
}

/** The same numbers as the chart, scrolling inside the card (never the page). */
function NumbersTable({ title, table }: { title: string; table: SectionTable }) {
  return (
    <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars data-testid="analytics-table-scroll">
      <Table striped withTableBorder stickyHeader miw={table.columns.length * 110} aria-label={`${title} in numbers`} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((column) => (
              <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, index) => (
            <Table.Tr key={index}>
              {row.map((cell, column) => (
                <Table.Td key={column} style={{ whiteSpace: 'nowrap' }}>
                  {cell ?? ''}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** One section of Command → Analytics: its figures, chart, optional table and CSV. */
export function SectionCard<T>({ id, title, query, period, view, empty }: SectionCardProps<T>) {
  const [showTable, setShowTable] = useState(false);
  const data = query.status === 'success' ? (query.data ?? null) : null;
  const shown = data === null ? null : view(data);
  const emptyText = data === null ? null : empty(data);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`analytics-${id}-title`} data-testid={`analytics-${id}`} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h3" id={`analytics-${id}-title`}>
            {title}
          </Title>
          {shown !== null && period !== null && (
            <Group gap="xs" wrap="wrap">
              <Switch
                size="sm"
                label="Show table"
                checked={showTable}
                onChange={(event) => {
                  setShowTable(event.currentTarget.checked);
                }}
                aria-label={`Show table of ${title}`}
              />
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  downloadCsv(csvName(id, period), toCsv(shown.table.columns, shown.table.rows));
                }}
                aria-label={`Download CSV of ${title}`}
              >
                Download CSV
              </Button>
            </Group>
          )}
        </Group>
        {period === null ? (
          <Text c="dimmed" size="sm">
            Pick both days of the period.
          </Text>
        ) : (
          <QueryStatus query={query} loading={`Loading ${title.toLowerCase()}…`} errorTitle={`${title} could not be loaded`} errorText={analyticsErrorText}>
            {shown !== null && (
              <Stack gap="sm">
                {shown.summary}
                {emptyText !== null ? (
                  <Text c="dimmed" ta="center" py="lg" data-testid={`analytics-${id}-empty`}>
                    {emptyText}
                  </Text>
                ) : (
                  shown.chart
                )}
                {showTable && <NumbersTable title={title} table={shown.table} />}
              </Stack>
            )}
          </QueryStatus>
        )}
      </Stack>
    </Card>
  );
}
