import { Alert, Anchor, Badge, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { ApiError, messageOf } from '@/api/client';
import { formatReportDate } from '@/lib/report-format';
import { myArrestsQueryOptions, myTicketsQueryOptions, myUofQueryOptions } from '../api/my-records';
import { KIND_LABELS, myReportRows, type MyReportRow } from '../lib/my-reports';

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

/**
 * 'My reports' (issue 10): the member's own use-of-force reports, arrests and tickets with
 * their review status, newest first; a returned arrest shows the supervisor's notes and links
 * to 'Correct and resubmit'. The server lists only the viewer's own filings (`?mine=true`).
 */
export function MyReports() {
  const slug = useActiveSlug();
  const uof = useQuery({ ...myUofQueryOptions(slug), retry: false });
  const arrests = useQuery({ ...myArrestsQueryOptions(slug), retry: false });
  const tickets = useQuery({ ...myTicketsQueryOptions(slug), retry: false });
  const sources = [
    { label: 'use-of-force reports', query: uof },
    { label: 'arrest reports', query: arrests },
    { label: 'tickets', query: tickets },
  ];
  const loading = sources.some(({ query }) => query.isPending);
  const failures = sources.filter(({ query }) => query.isError && !refused(query.error));
  const rows = myReportRows({ uof: uof.data, arrests: arrests.data, tickets: tickets.data });

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
          <Stack component="ul" gap="xs" m={0} p={0} aria-label="My reports">
            {rows.map((row) => (
              <ReportRow key={`${row.kind}-${String(row.id)}`} row={row} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
