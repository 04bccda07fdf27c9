import { Anchor, Badge, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { HighCommandNotice } from '@/components/HighCommandNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { DEFAULT_AGENCY_SLUG } from '@/lib/active-agency';
import { useNavAccess } from '@/session/use-nav-access';
import { agenciesOverviewQueryOptions, analyticsErrorText, type AgencyLine } from '../api/analytics';

export const OVERVIEW_TITLE = 'Every agency';
export const NOT_ROOT_HIGH_COMMAND = 'Every agency’s figures are for High Command of the root agency.';

const figure = (value: number | null | undefined) => (value == null ? '—' : String(value));

function Line({ line }: { line: AgencyLine }) {
  const failed = line.error != null;
  return (
    <Table.Tr data-testid="agency-line">
      <Table.Td>
        <Text size="sm" fw={600} span>
          {line.name}
        </Text>{' '}
        {line.hidden && (
          <Badge size="xs" variant="light" color="gray">
            Hidden
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">{figure(line.members)}</Table.Td>
      <Table.Td ta="right">{figure(line.active30Days)}</Table.Td>
      <Table.Td ta="right">{figure(line.reports30Days)}</Table.Td>
      <Table.Td ta="right">{figure(line.pendingReviews)}</Table.Td>
      <Table.Td>
        {failed ? (
          <Badge size="sm" color="red" variant="light" title={line.error ?? undefined} data-testid="agency-error" style={{ textTransform: 'none' }}>
            No answer
          </Badge>
        ) : (
          ''
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Command → Analytics → every agency (issue 25), for High Command of the root agency: one line
 * per agency, hidden ones too, with its members, who was active and the reports of the last 30
 * days, reports awaiting a decision, and a marker when the agency did not answer.
 */
export function AgenciesOverviewPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const allowed = slug === DEFAULT_AGENCY_SLUG && access.isHighCommand;
  const overview = useQuery({ ...agenciesOverviewQueryOptions(slug), enabled: allowed });
  if (!allowed) return <HighCommandNotice title={OVERVIEW_TITLE}>{NOT_ROOT_HIGH_COMMAND}</HighCommandNotice>;
  const failed = overview.data?.failed ?? 0;
  return (
    <Page
      size="xl"
      title={OVERVIEW_TITLE}
      description="Members, activity and reports of the last 30 days, and reviews waiting, in every agency."
      note={
        <Anchor component={Link} to="/command/analytics" size="sm">
          Back to Analytics
        </Anchor>
      }
    >
      <QueryStatus query={overview} loading="Reading every agency…" errorTitle="The agencies could not be read" errorText={analyticsErrorText}>
        <Paper withBorder radius="md" p={0}>
          <ScrollArea type="auto" offsetScrollbars>
            <Table striped highlightOnHover miw={640} aria-label="Every agency" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agency</Table.Th>
                  <Table.Th ta="right">Members</Table.Th>
                  <Table.Th ta="right">Active 30 d</Table.Th>
                  <Table.Th ta="right">Reports 30 d</Table.Th>
                  <Table.Th ta="right">Pending reviews</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(overview.data?.agencies ?? []).map((line) => (
                  <Line key={line.slug} line={line} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
        {failed > 0 && (
          <Text size="sm" c="red" data-testid="agencies-failed">
            {failed === 1 ? '1 agency did not answer.' : `${String(failed)} agencies did not answer.`}
          </Text>
        )}
      </QueryStatus>
    </Page>
  );
}
