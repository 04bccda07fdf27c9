import { queryKeys } from '@/api/query-keys';
import { getUofReport, type UofReport } from '@/api/reports';
import { ReportReviewScreen, type ReviewScreenConfig } from '@/components/ReportReviewScreen';
import { UofReportSections } from '@/components/ReportSections';
import { peopleSummary } from '@/lib/report-format';
import { UOF_FLOW } from '@/lib/review-flows';
import { getUofReports, reviewUofReport } from '../api/reviews';

/** The use-of-force flow on the shared review screen (command-and-reports §2, §4, §8). */
const UOF_REVIEW: ReviewScreenConfig<UofReport> = {
  flow: UOF_FLOW,
  title: 'Use-of-force review',
  description: 'Open a report to review it, record the outcome and sign it off.',
  list: getUofReports,
  listKey: queryKeys.uofList,
  detail: getUofReport,
  detailKey: queryKeys.uof,
  kindKey: queryKeys.uofAll,
  review: reviewUofReport,
  row: (report) => ({
    number: report.incidentNumber,
    date: report.incidentDate,
    location: report.location,
    people: peopleSummary(report.officers),
  }),
  renderReport: (report) => <UofReportSections report={report} />,
  history: (report) => report.history,
  printKind: 'use-of-force',
};

/** /supervisor/uof (navigation id supervisor_uof_review). */
export function UofReviewPage() {
  return <ReportReviewScreen config={UOF_REVIEW} />;
}
