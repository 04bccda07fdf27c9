import { Alert, Anchor, Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useActiveSlug, useAgency } from '@/agency/context';
import { ApiError, messageOf } from '@/api/client';
import {
  arrestReportQueryOptions,
  uofQueryOptions,
  type ArrestReport,
  type Ticket,
  type UofReport,
} from '@/api/reports';
import { AgencyBadge } from '@/components/AgencyBadge';
import {
  ArrestReportSections,
  ReviewHistory,
  SignatureBlock,
  TicketSections,
  UofReportSections,
} from '@/components/ReportSections';
import { loginHref } from '@/lib/identity';
import { formatReportDate, isPrintKind, PRINT_TITLES, reportIdOf, type PrintKind } from '@/lib/report-format';
import { ARREST_FLOW, UOF_FLOW } from '@/lib/review-flows';
import './report-print.css';
import { ticketQueryOptions } from '../api/tickets';

export const PRINT_TEXTS = {
  accessDenied: 'Access denied',
  notLoggedIn: 'Not logged in',
  notFound: 'Report not found',
  unavailable: 'Unable to load report',
  pageNotFound: 'Page not found',
} as const;

/**
 * The printable view of a report (issue 10 "What every report gets"): /reports/print/{kind}/{id}
 * for kinds arrest, use-of-force and ticket. A case header with the agency's badge and name,
 * every section, the review and signature block, and a 'Print' button (window.print(), not
 * printed). No navigation id: the report's own call decides, and its refusals show as the
 * route gate shows them ('Access denied' with the server's reason, 'Not logged in' with a
 * login link, 'Report not found').
 */
export function ReportPrintPage() {
  const { kind, id } = useParams();
  const reportId = reportIdOf(id);
  if (!isPrintKind(kind) || reportId === null) {
    return (
      <Notice title={PRINT_TEXTS.pageNotFound}>
        <Text c="dimmed">There is no printable report at this address.</Text>
      </Notice>
    );
  }
  return <PrintableReport kind={kind} id={reportId} />;
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

/** The call's refusal as the route gate words it. */
function LoadFailure({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : null;
  if (status === 401) {
    return (
      <Notice title={PRINT_TEXTS.notLoggedIn}>
        <Text c="dimmed">{messageOf(error, 'Sign in to view this report.')}</Text>
        <Anchor href={loginHref(window.location.pathname)}>Login (Discord)</Anchor>
      </Notice>
    );
  }
  if (status === 403) {
    return (
      <Notice title={PRINT_TEXTS.accessDenied}>
        <Text c="dimmed">{messageOf(error, 'You do not have permission to view this page.')}</Text>
      </Notice>
    );
  }
  if (status === 404) {
    return (
      <Notice title={PRINT_TEXTS.notFound}>
        <Text c="dimmed">The report does not exist or you may not read it.</Text>
      </Notice>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title={PRINT_TEXTS.unavailable} role="alert">
        {messageOf(error, PRINT_TEXTS.unavailable)}
      </Alert>
    </Container>
  );
}

type Loaded =
  | { kind: 'use-of-force'; report: UofReport }
  | { kind: 'arrest'; report: ArrestReport }
  | { kind: 'ticket'; report: Ticket };

function useReport(kind: PrintKind, id: number) {
  const slug = useActiveSlug();
  const uof = useQuery({ ...uofQueryOptions(slug, id), enabled: kind === 'use-of-force', retry: false });
  const arrest = useQuery({ ...arrestReportQueryOptions(slug, id), enabled: kind === 'arrest', retry: false });
  const ticket = useQuery({ ...ticketQueryOptions(slug, id), enabled: kind === 'ticket', retry: false });
  const query = kind === 'use-of-force' ? uof : kind === 'arrest' ? arrest : ticket;
  let loaded: Loaded | null = null;
  if (kind === 'use-of-force' && uof.data !== undefined) loaded = { kind, report: uof.data };
  if (kind === 'arrest' && arrest.data !== undefined) loaded = { kind, report: arrest.data };
  if (kind === 'ticket' && ticket.data !== undefined) loaded = { kind, report: ticket.data };
  return { status: query.status, error: query.error, loaded };
}

function PrintableReport({ kind, id }: { kind: PrintKind; id: number }) {
  const { status, error, loaded } = useReport(kind, id);
  if (status === 'error') return <LoadFailure error={error} />;
  if (loaded === null) {
    return (
      <Container size="sm" py="xl">
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading report…</Text>
        </Group>
      </Container>
    );
  }
  return <Sheet loaded={loaded} />;
}

function caseNumberOf(loaded: Loaded): string {
  if (loaded.kind === 'use-of-force') return loaded.report.incidentNumber;
  if (loaded.kind === 'arrest') return loaded.report.caseNumber;
  return loaded.report.citationNumber;
}

function Sheet({ loaded }: { loaded: Loaded }) {
  const { config, theme } = useAgency();
  const agencyName = config?.name ?? 'Community';
  const number = caseNumberOf(loaded);
  const label = loaded.kind === 'ticket' ? 'Citation #' : 'Case #';
  return (
    <Box className="report-print" py="md">
      <Group justify="flex-end" gap="xs" mb="md" className="no-print" maw="210mm" mx="auto">
        <Button
          variant="default"
          onClick={() => {
            window.history.back();
          }}
        >
          Back
        </Button>
        <Button
          onClick={() => {
            window.print();
          }}
        >
          Print
        </Button>
      </Group>
      <article className="report-print-sheet" aria-labelledby="report-print-title" data-testid="report-print-sheet">
        <Stack gap="lg">
          <Group className="report-print-header" justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
              <AgencyBadge src={theme.badgeUrl} alt={`${agencyName} badge`} h={64} w={64} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700} size="lg" data-testid="report-print-agency">
                  {agencyName}
                </Text>
                <Title order={1} size="h3" id="report-print-title">
                  {PRINT_TITLES[loaded.kind]}
                </Title>
              </Stack>
            </Group>
            <Stack gap={0} style={{ flexShrink: 0 }}>
              <Text fw={700} size="lg" data-testid="report-print-number">
                {label}
                {number}
              </Text>
              <Text size="xs" c="dimmed">
                Filed {formatReportDate(loaded.report.createdAt)}
              </Text>
            </Stack>
          </Group>
          {loaded.kind === 'use-of-force' && (
            <>
              <UofReportSections report={loaded.report} />
              <SignatureBlock flow={UOF_FLOW} report={loaded.report} />
              <ReviewHistory flow={UOF_FLOW} history={loaded.report.history} />
            </>
          )}
          {loaded.kind === 'arrest' && (
            <>
              <ArrestReportSections report={loaded.report} />
              <SignatureBlock flow={ARREST_FLOW} report={loaded.report} />
              <ReviewHistory flow={ARREST_FLOW} history={loaded.report.history} />
            </>
          )}
          {loaded.kind === 'ticket' && <TicketSections ticket={loaded.report} />}
          <Group className="report-print-signature-block" gap="xl" mt="lg" wrap="wrap">
            <Text size="xs" className="report-print-signature">
              {loaded.kind === 'ticket' ? 'Issuing officer' : 'Reporting officer'}: {loaded.report.filedBy}
            </Text>
            {loaded.kind !== 'ticket' && (
              <Text size="xs" className="report-print-signature">
                Supervisor: {loaded.report.supervisorSignedBy ?? ''}
              </Text>
            )}
          </Group>
        </Stack>
      </article>
    </Box>
  );
}

