import { Alert, Anchor, Badge, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { ApiError, messageOf } from '@/api/client';
import type { Page } from '@/api/paging';
import { OlderReports } from '@/components/OlderReports';
import { formatReportDate } from '@/lib/report-format';
import { myArrestsQueryOptions, myTicketsQueryOptions, myUofQueryOptions } from '../api/my-records';
import { KIND_LABELS, myReportPage, type KindRead, type MyReportRow } from '../lib/my-reports';

export const NO_REPORTS = 'You have not filed any reports yet.';

/** A kind the viewer may not file or read (403) is left out without a word. */
const refused = (error: unknown) => error instanceof ApiError && error.status === 403;

function ReportRow({ row }: { row: MyReportRow }) {
  return (
    <Paper withBorder p="sm" radius="sm" component="li" style={{ listStyle: 'none' }} data-testid="my-report">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {KIND_LABELS[row.kind]} #{row.number}
          </Text>
          <Text size="sm" c="dimmed" component="time" dateTime={row.date}>
            {formatReportDate(row.date)}
          </Text>
        </Stack>
        <Badge color={row.status.color} variant="light" style={{ flexShrink: 0 }} data-testid="my-report-status">
          {row.status.label}
        </Badge>
      </Group>
      {row.returnNotes !== null && (
        <Alert color="red" variant="light" mt="xs" title="Supervisor's notes" role="note" data-testid="my-report-notes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {row.returnNotes}
          </Text>
        </Alert>
      )}
      <Group gap="md" mt="xs">
        <Anchor component={Link} to={row.viewHref} size="sm">
          View report
        </Anchor>
        {row.resubmitHref !== null && (
          <Anchor component={Link} to={row.resubmitHref} size="sm" fw={600}>
            Correct and resubmit
          </Anchor>
        )}
      </Group>
    </Paper>
  );
}

/** What has been read of one kind so far. */
function read<T>(query: UseInfiniteQueryResult<InfiniteData<Page<T>>>): KindRead<T> | undefined {
  return query.data && { items: query.data.pages.flatMap((page) => page.items), hasMore: query.hasNextPage };
}

/**
 * 'My reports' (issue 10): the member's own use-of-force reports, arrests and tickets with
 * their review status, newest first; a returned arrest shows the supervisor's notes and links
 * to 'Correct and resubmit'. The server lists only the viewer's own filings (`?mine=true`),
 * 50 of each kind at a time (issue 29); 'Show older reports' reads the next page of the kinds
 * that hold the list back (`myReportPage`).
 */
export function MyReports() {
  const slug = useActiveSlug();
  const uof = useInfiniteQuery({ ...myUofQueryOptions(slug), retry: false });
  const arrests = useInfiniteQuery({ ...myArrestsQueryOptions(slug), retry: false });
  const tickets = useInfiniteQuery({ ...myTicketsQueryOptions(slug), retry: false });
  const sources = [
    { kind: 'uof', label: 'use-of-force reports', query: uof },
    { kind: 'arrests', label: 'arrest reports', query: arrests },
    { kind: 'tickets', label: 'tickets', query: tickets },
  ] as const;
  const loading = sources.some(({ query }) => query.isPending);
  // A kind whose first page failed; one whose older page failed keeps what it showed.
  const failures = sources.filter(({ query }) => query.isError && !query.isFetchNextPageError && !refused(query.error));
  const { rows, hasMore, next } = myReportPage({ uof: read(uof), arrests: read(arrests), tickets: read(tickets) });
  const reading = sources.filter(({ kind }) => next.includes(kind));

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-reports">
      <Title order={2} size="h4" id="profile-reports" mb="xs">
        My reports
      </Title>
      <Stack gap="sm">
        {failures.map(({ label, query }) => (
          <Alert key={label} color="red" variant="light" role="alert">
            Could not load your {label}: {messageOf(query.error, 'Failed to load')}
          </Alert>
        ))}
        {loading ? (
          <Group gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text>Loading your reports…</Text>
          </Group>
        ) : rows.length === 0 ? (
          failures.length === sources.length ? null : (
            <Text c="dimmed" data-testid="my-reports-empty">
              {NO_REPORTS}
            </Text>
          )
        ) : (
          <>
            <Stack component="ul" gap="xs" m={0} p={0} aria-label="My reports">
              {rows.map((row) => (
                <ReportRow key={`${row.kind}-${String(row.id)}`} row={row} />
              ))}
            </Stack>
            <OlderReports
              shown={rows.length}
              hasMore={hasMore}
              loading={sources.some(({ query }) => query.isFetchingNextPage)}
              failed={reading.some(({ query }) => query.isFetchNextPageError)}
              onMore={() => {
                // The kinds holding the list back read their next page: the rows held back
                // above the next of them then show.
                for (const { query } of reading) if (!query.isFetchingNextPage) void query.fetchNextPage();
              }}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
