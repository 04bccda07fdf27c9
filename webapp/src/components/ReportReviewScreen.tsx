import { Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import type { Page as ListPage } from '@/api/paging';
import type { HistoryEntry } from '@/api/reports';
import { Page } from '@/components/Page';
import { userLabel } from '@/lib/identity';
import { formatReportDate, printPath, type PrintKind } from '@/lib/report-format';
import {
  OPEN_REQUEST,
  opensOnView,
  REVIEW_TEXTS,
  statusFilterOptions,
  type ReviewFlow,
  type ReviewRequest,
} from '@/lib/review-flows';
import { useMe } from '@/session/use-me';
import { useNavAccess } from '@/session/use-nav-access';
import { OlderReports } from './OlderReports';
import { QueryStatus } from './QueryStatus';
import { ReportReviewModal } from './ReportReviewModal';
import type { ReviewedReport } from './ReportSections';
import { StatusBadge } from './StatusBadge';

/** What the list and the dialog need of a report. */
export interface ReviewableReport extends ReviewedReport {
  id: number;
}

/** The columns of one report row. */
export interface ReviewRow {
  number: string;
  /** As filed (the form's date-time value). */
  date: string;
  location: string;
  /** The people on the report, joined. */
  people: string;
}

/**
 * What distinguishes one review screen from another: its flow, its calls and how its report
 * reads. Everything else (filter, table or cards, the dialog, opening, the panel) is shared.
 */
export interface ReviewScreenConfig<R extends ReviewableReport> {
  flow: ReviewFlow;
  title: string;
  description: string;
  /**
   * A page of the reports of a status (null: every status), newest first, below `before`
   * (null: the newest), and the list's cache key.
   */
  list: (status: string | null, before: number | null, signal: AbortSignal) => Promise<ListPage<R>>;
  listKey: (slug: string, status: string | null) => QueryKey;
  /** One report with its history and its cache key. */
  detail: (id: number, signal: AbortSignal) => Promise<R>;
  detailKey: (slug: string, id: number) => QueryKey;
  /** Every key of the report kind, refreshed after a review (lists, details, profiles). */
  kindKey: (slug: string) => QueryKey;
  review: (id: number, request: ReviewRequest) => Promise<R>;
  row: (report: R) => ReviewRow;
  renderReport: (report: R) => ReactNode;
  history: (report: R) => readonly HistoryEntry[];
  printKind: PrintKind;
}

const ALL = 'all';

/**
 * A review screen (command-and-reports §2 "Use-of-force review"; issue 10 "Arrest review"): a
 * status filter, the reports as a table (cards on phones) with Case #, Date, Location, the
 * people, the Status badge and Open; 'No reports' when there are none or the list failed to
 * load (§8: silently). Open shows the review dialog; a report in the flow's opening status is
 * moved on (`{action: 'open'}`) as soon as it is shown, unless it is the viewer's own
 * (`ownReport`, issue 19): nobody reviews a report they filed or are listed on, so it is shown
 * read-only with 'You cannot review your own report.' and nothing is sent.
 */
export function ReportReviewScreen<R extends ReviewableReport>({ config }: { config: ReviewScreenConfig<R> }) {
  const { flow } = config;
  const slug = useActiveSlug();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const me = useMe();
  const access = useNavAccess();
  const readOnly = access.viewer?.canManage === false;
  const reviewerName = me.data?.user ? userLabel(me.data.user, me.data.rosterMatches[0]) : '';

  const [filter, setFilter] = useState(ALL);
  const status = filter === ALL ? null : filter;
  // A page at a time, newest first; 'Show older reports' reads the next one.
  const list = useInfiniteQuery({
    queryKey: config.listKey(slug, status),
    queryFn: ({ signal, pageParam }) => config.list(status, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  const reports = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const [selected, setSelected] = useState<number | null>(null);
  const detail = useQuery({
    queryKey: config.detailKey(slug, selected ?? 0),
    queryFn: ({ signal }) => config.detail(selected ?? 0, signal),
    enabled: selected !== null,
    staleTime: 0,
  });

  const apply = async (id: number, request: ReviewRequest): Promise<R> => {
    let updated: R;
    try {
      updated = await config.review(id, request);
    } catch (error) {
      // A refusal (403 own report, 409 signed outcome) may come from a report that changed
      // meanwhile: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: config.kindKey(slug), refetchType: 'active' });
      throw error;
    }
    queryClient.setQueryData(config.detailKey(slug, id), updated);
    // Not awaited: the list reloads every page it has shown, one after another, and the dialog
    // already holds the report as saved.
    void queryClient.invalidateQueries({ queryKey: config.kindKey(slug), refetchType: 'active' });
    return updated;
  };

  // Opening a report in review moves it on, once per opening.
  const openedFor = useRef<number | null>(null);
  const shown = detail.data;
  useEffect(() => {
    if (selected === null || shown?.id !== selected) return;
    if (openedFor.current === selected || readOnly || shown.ownReport === true || !opensOnView(flow, shown.status)) return;
    openedFor.current = selected;
    config.review(selected, OPEN_REQUEST).then(
      (updated) => {
        queryClient.setQueryData(config.detailKey(slug, selected), updated);
        void queryClient.invalidateQueries({ queryKey: config.kindKey(slug), refetchType: 'active' });
      },
      (error: unknown) => {
        notifications.show({ color: 'red', title: REVIEW_TEXTS.failed, message: messageOf(error, REVIEW_TEXTS.failed) });
      },
    );
  }, [selected, shown, readOnly, flow, config, queryClient, slug]);

  const open = (id: number) => {
    openedFor.current = null;
    setSelected(id);
  };
  const close = () => {
    setSelected(null);
  };

  const number = shown?.id === selected ? config.row(shown).number : null;

  return (
    <Page title={config.title} description={config.description}>
      <Group align="flex-end">
        <Select
          label="Status"
          data={statusFilterOptions(flow).map((option) => ({ value: option.value === '' ? ALL : option.value, label: option.label }))}
          value={filter}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          onChange={(value) => {
            if (value !== null) setFilter(value);
          }}
        />
      </Group>
      <QueryStatus
        query={list}
        loading="Loading reports…"
        empty={reports.length === 0 ? REVIEW_TEXTS.noReports : null}
        emptyTestId="reports-empty"
      >
        {phone ? (
          <ReportCards config={config} reports={reports} onOpen={open} />
        ) : (
          <ReportTable config={config} reports={reports} onOpen={open} />
        )}
        <OlderReports
          shown={reports.length}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          failed={list.isFetchNextPageError}
          onMore={() => {
            void list.fetchNextPage();
          }}
        />
      </QueryStatus>
      <ReportReviewModal
        flow={flow}
        opened={selected !== null}
        onClose={close}
        title={number === null ? 'Report' : `Case #${number}`}
        detail={selected === null ? { status: 'pending', data: undefined, error: null } : detail}
        renderReport={config.renderReport}
        history={config.history}
        printHref={selected === null ? null : printPath(config.printKind, selected)}
        reviewerName={reviewerName}
        readOnly={readOnly}
        onReview={(request) => (selected === null ? Promise.resolve() : apply(selected, request))}
        errorText={(error) => messageOf(error, 'Unable to open report')}
      />
    </Page>
  );
}

interface RowsProps<R extends ReviewableReport> {
  config: ReviewScreenConfig<R>;
  reports: readonly R[];
  onOpen: (id: number) => void;
}

function OpenButton({ number, onClick }: { number: string; onClick: () => void }) {
  return (
    <Button size="xs" variant="light" aria-label={`Open case ${number}`} onClick={onClick}>
      Open
    </Button>
  );
}

function ReportTable<R extends ReviewableReport>({ config, reports, onOpen }: RowsProps<R>) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" data-testid="reports-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Case #</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>{config.flow.peopleLabel}</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => {
            const row = config.row(report);
            return (
              <Table.Tr key={report.id} data-testid="report-row">
                <Table.Td fw={600}>{row.number}</Table.Td>
                <Table.Td>{formatReportDate(row.date)}</Table.Td>
                <Table.Td>{row.location}</Table.Td>
                <Table.Td>{row.people}</Table.Td>
                <Table.Td>
                  <StatusBadge flow={config.flow} status={report.status} />
                </Table.Td>
                <Table.Td>
                  <OpenButton
                    number={row.number}
                    onClick={() => {
                      onOpen(report.id);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReportCards<R extends ReviewableReport>({ config, reports, onOpen }: RowsProps<R>) {
  return (
    <Stack gap="sm" role="list" aria-label="Reports">
      {reports.map((report) => {
        const row = config.row(report);
        return (
          <Paper key={report.id} withBorder radius="md" p="sm" role="listitem" data-testid="report-row">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700}>Case #{row.number}</Text>
                <StatusBadge flow={config.flow} status={report.status} />
              </Group>
              <Text size="sm">{formatReportDate(row.date)}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.location}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {config.flow.peopleLabel}: {row.people}
              </Text>
              <Group justify="flex-end">
                <OpenButton
                  number={row.number}
                  onClick={() => {
                    onOpen(report.id);
                  }}
                />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
