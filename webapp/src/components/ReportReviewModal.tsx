import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HistoryEntry } from '@/api/reports';
import type { ReviewFlow, ReviewRequest } from '@/lib/review-flows';
import { Dialog } from './Dialog';
import { LoaNotice } from './LoaNotice';
import { ReviewHistory, type ReviewedReport } from './ReportSections';
import { ReviewPanel } from './ReviewPanel';

export interface ReportReviewModalProps<R extends ReviewedReport> {
  flow: ReviewFlow;
  opened: boolean;
  onClose: () => void;
  /** The dialog's title (the report's number once loaded). */
  title: string;
  /** The report's detail as its query holds it. */
  detail: { status: 'pending' | 'error' | 'success'; data: R | undefined; error: unknown };
  /** The whole report, read-only. */
  renderReport: (report: R) => ReactNode;
  history: (report: R) => readonly HistoryEntry[];
  /** The printable view of the report. */
  printHref: string | null;
  reviewerName: string;
  readOnly: boolean;
  onReview: (request: ReviewRequest) => Promise<unknown>;
  /** Why the detail could not be loaded. */
  errorText: (error: unknown) => string;
}

/**
 * The review dialog (command-and-reports §2): the whole report read-only, its history of
 * status changes, a 'Print' link to the printable view, and the 'Supervisor Review &
 * Sign-Off' panel of the flow. Full screen on phones. Review notes or an outcome not sent yet
 * make closing ask first.
 */
export function ReportReviewModal<R extends ReviewedReport>({
  flow,
  opened,
  onClose,
  title,
  detail,
  renderReport,
  history,
  printHref,
  reviewerName,
  readOnly,
  onReview,
  errorText,
}: ReportReviewModalProps<R>) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const report = detail.data;
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="xl" fullScreen={phone}>
      {detail.status === 'pending' || report === undefined ? (
        detail.status === 'error' ? (
          <Alert color="red" variant="light" title="Unable to open report" role="alert">
            {errorText(detail.error)}
          </Alert>
        ) : (
          <Group gap="sm" py="lg" aria-busy="true">
            <Loader size="sm" />
            <Text>Loading report…</Text>
          </Group>
        )
      ) : (
        <Stack gap="md">
          {printHref !== null && (
            <Group justify="flex-end">
              <Button component={Link} to={printHref} target="_blank" rel="noopener" variant="default" size="xs">
                Print
              </Button>
            </Group>
          )}
          {renderReport(report)}
          <ReviewHistory flow={flow} history={history(report)} />
          {readOnly && <LoaNotice />}
          <ReviewPanel
            key={`${report.status}|${report.supervisorSignedAt ?? ''}`}
            flow={flow}
            report={report}
            reviewerName={reviewerName}
            readOnly={readOnly}
            onReview={onReview}
          />
        </Stack>
      )}
    </Dialog>
  );
}
