import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { Page } from '@/components/Page';
import { useViewerOfficer } from '@/session/use-viewer-officer';
import { arrestQueryOptions, fileArrest, nextCaseNumberQueryOptions, resubmitArrest, type ArrestReport } from '../api/arrests';
import { formOfReport, newArrestForm } from '../lib/arrest-form';
import { ArrestReportForm } from './ArrestReportForm';

/**
 * What the page says after a save: the case number the member knows, not the database id
 * (issue 19; member-portal §8 said 'Saved report (id: {id})').
 */
export const savedText = (caseNumber: string) => `Saved report (case #${caseNumber})`;

/** The case number when the suggestion cannot load (§5: 1). */
const FALLBACK_CASE_NUMBER = '1';

function Loading({ text }: { text: string }) {
  return (
    <Group gap="sm" py="lg" aria-busy="true">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/**
 * /reports/arrest (member-portal §2.11, §4 "Arrest save", §5, §8). A new report starts with the
 * suggested case number (GET /api/arrests/next-number; 1 when it cannot load) and the viewer
 * as first officer; after it is saved the page says 'Saved report (case #{number})' and a fresh form
 * starts with the next number. With `?resubmit={id}` the page loads that report, returned for
 * correction, shows the supervisor's notes above it and saves with PUT (pending review again).
 */
export function ArrestReportPage() {
  const [params] = useSearchParams();
  const raw = params.get('resubmit');
  const resubmitId = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;

  return (
    <Page
      title="Arrest report"
      description={
        resubmitId === null
          ? 'File an arrest: the case, the officers, the suspect, the charges and what happened.'
          : 'Correct the report returned to you and send it back for review.'
      }
    >
      {resubmitId === null ? <NewReport /> : <Resubmission id={resubmitId} />}
    </Page>
  );
}

function SavedNotice({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Alert color="green" variant="light" role="status" data-testid="arrest-saved">
      <Text size="sm">{text}</Text>
      {children}
    </Alert>
  );
}

function NewReport() {
  const slug = useActiveSlug();
  const queryClient = useQueryClient();
  const viewer = useViewerOfficer();
  const next = useQuery(nextCaseNumberQueryOptions(slug));
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);

  if (!viewer.ready || next.isPending) return <Loading text="Loading form…" />;
  const caseNumber = next.data?.caseNumber ?? FALLBACK_CASE_NUMBER;

  return (
    <>
      {saved !== null && <SavedNotice text={saved} />}
      <ArrestReportForm
        key={formKey}
        initial={newArrestForm(caseNumber, viewer.officer, new Date())}
        caseNumberLocked={false}
        save={async (draft) => (await fileArrest(draft)).caseNumber}
        onSaved={(caseNumber) => {
          const text = savedText(caseNumber);
          notifications.show({ color: 'green', title: 'Arrest report', message: text });
          setSaved(text);
          window.scrollTo({ top: 0 });
          // A fresh form with the next case number.
          void queryClient
            .invalidateQueries({ queryKey: queryKeys.arrestsAll(slug) })
            .finally(() => {
              setFormKey((key) => key + 1);
            });
        }}
      />
    </>
  );
}

function ReturnedNotes({ report }: { report: ArrestReport }) {
  const notes = (report.supervisorNotes ?? '').trim();
  const by = (report.supervisor ?? report.supervisorSignedBy ?? '').trim();
  return (
    <Alert color="orange" variant="light" title="Returned for correction" data-testid="supervisor-notes">
      <Stack gap={4}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {notes === '' ? 'No notes were given.' : notes}
        </Text>
        {by !== '' && (
          <Text size="xs" c="dimmed">
            Supervisor: {by}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function Resubmission({ id }: { id: number }) {
  const slug = useActiveSlug();
  const queryClient = useQueryClient();
  const viewer = useViewerOfficer();
  const report = useQuery(arrestQueryOptions(slug, id));
  const [saved, setSaved] = useState<string | null>(null);

  if (saved !== null) {
    return (
      <SavedNotice text={saved}>
        <Text size="sm">The report is pending review again.</Text>
        <Anchor component={Link} to="/reports/arrest" size="sm">
          File a new arrest report
        </Anchor>
      </SavedNotice>
    );
  }
  if (!viewer.ready || report.isPending) return <Loading text="Loading report…" />;
  if (report.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Report unavailable">
        {messageOf(report.error, 'Failed to load the report')}
      </Alert>
    );
  }
  const data = report.data;
  if (data.status !== 'returned') {
    return (
      <Alert color="yellow" variant="light" role="alert" title={`Case ${data.caseNumber}`}>
        <Stack gap={4} align="flex-start">
          <Text size="sm">Only a report returned for correction can be resubmitted.</Text>
          <Anchor component={Link} to="/reports/arrest" size="sm">
            File a new arrest report
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  return (
    <>
      <ReturnedNotes report={data} />
      <ArrestReportForm
        initial={formOfReport(data, viewer.officer)}
        caseNumberLocked
        save={async (draft) => (await resubmitArrest(id, draft)).caseNumber}
        onSaved={(caseNumber) => {
          const text = savedText(caseNumber);
          notifications.show({ color: 'green', title: 'Arrest report', message: text });
          setSaved(text);
          window.scrollTo({ top: 0 });
          void queryClient.invalidateQueries({ queryKey: queryKeys.arrestsAll(slug) });
        }}
      />
    </>
  );
}
