import { queryKeys } from '@/api/query-keys';
import { getArrestReport, type ArrestReport } from '@/api/reports';
import { ReportReviewScreen, type ReviewScreenConfig } from '@/components/ReportReviewScreen';
import { ArrestReportSections } from '@/components/ReportSections';
import { peopleSummary } from '@/lib/report-format';
import { ARREST_FLOW } from '@/lib/review-flows';
import { getArrestReports, reviewArrestReport } from '../api/reviews';

/**
 * The arrest flow on the shared review screen (issue 10 "Arrest review", designed like the
 * use-of-force review): approve and sign, or return for correction with notes.
 */
const ARREST_REVIEW: ReviewScreenConfig<ArrestReport> = {
  flow: ARREST_FLOW,
  title: 'Arrest review',
  description: 'Open a report to review it, then approve and sign it or return it for correction.',
  list: getArrestReports,
  listKey: queryKeys.arrestList,
  detail: getArrestReport,
  detailKey: queryKeys.arrest,
  kindKey: queryKeys.arrestsAll,
  review: reviewArrestReport,
  row: (report) => ({
    number: report.caseNumber,
    date: report.arrestDate,
    location: report.location,
    people: peopleSummary(report.officers),
  }),
  renderReport: (report) => <ArrestReportSections report={report} />,
  history: (report) => report.history,
  printKind: 'arrest',
};

/** /supervisor/arrests (navigation id supervisor_arrest_review). */
export function ArrestReviewPage() {
  return <ReportReviewScreen config={ARREST_REVIEW} />;
}
