/**
 * The profile's 'My reports' (issue 10 "What every report gets"): the member's own use-of-force
 * reports, arrests and tickets in one list, newest first by the date shown, each with its number, date, kind and
 * review status; a returned arrest links back to its form to correct and resubmit. Pure.

 *
 * The lists come from the server already limited to the viewer's own filings (`?mine=true`,
 * matched by account, so a renamed member keeps theirs and two members sharing a name never
 * see each other's), each kind a page at a time, newest filed first (`myReportPage`).
 */

import { printPath } from '@/lib/report-format';
import { ARREST_FLOW, statusColor, statusLabel, UOF_FLOW } from '@/lib/review-flows';

export type ReportKind = 'use-of-force' | 'arrest' | 'ticket';

export const KIND_LABELS: Readonly<Record<ReportKind, string>> = {
  'use-of-force': 'Use of force',
  arrest: 'Arrest',
  ticket: 'Ticket',
};

interface StatusStyle {
  label: string;
  color: string;
}

/** Tickets are not reviewed: they are issued. */
const TICKET_STATUS: StatusStyle = { label: 'Issued', color: 'blue' };

/** The badge of a report's status, as the review screens show it (lib/review-flows). */
export function statusStyle(kind: ReportKind, status: string | null | undefined): StatusStyle {
  if (kind === 'ticket') return TICKET_STATUS;
  const flow = kind === 'use-of-force' ? UOF_FLOW : ARREST_FLOW;
  const value = (status ?? '').trim().toLowerCase();
  return { label: statusLabel(flow, value), color: statusColor(flow, value) };
}

/** One row of 'My reports'. */
export interface MyReportRow {
  kind: ReportKind;
  id: number;
  number: string;
  /** The incident date as filed (form text), for display. */
  date: string;
  createdAt: string;
  status: StatusStyle;
  /** The supervisor's notes of a returned arrest (what to correct), else null. */
  returnNotes: string | null;
  /** '/reports/arrest?resubmit={id}' for a returned arrest, else null. */
  resubmitHref: string | null;
  /** The printable view of the report. */
  viewHref: string;
}

/** What the rows need of each kind of report. */
export interface UofLike {
  id: number;
  incidentNumber: string;
  incidentDate: string;
  status: string;
  createdAt: string;
}
export interface ArrestLike {
  id: number;
  caseNumber: string;
  arrestDate: string;
  status: string;
  createdAt: string;
  supervisorNotes?: string | null;
}
export interface TicketLike {
  id: number;
  citationNumber: string;
  issuedAt: string;
  createdAt: string;
}

export interface MyReportSources {
  uof?: readonly UofLike[] | undefined;
  arrests?: readonly ArrestLike[] | undefined;
  tickets?: readonly TicketLike[] | undefined;
}

/** The viewer's own reports (as the server lists them) of every kind, newest first by the date
 * each row shows (issue 21: the list read out of order when sorted by filing time). */
export function myReportRows(sources: MyReportSources): MyReportRow[] {
  const mine = <T>(list: readonly T[] | undefined): readonly T[] => list ?? [];
  const rows: MyReportRow[] = [
    ...mine(sources.uof).map((r) => ({
      kind: 'use-of-force' as const,
      id: r.id,
      number: r.incidentNumber,
      date: r.incidentDate,
      createdAt: r.createdAt,
      status: statusStyle('use-of-force', r.status),
      returnNotes: null,
      resubmitHref: null,
      viewHref: printPath('use-of-force', r.id),
    })),
    ...mine(sources.arrests).map((r) => {
      const returned = r.status.trim().toLowerCase() === 'returned';
      const notes = r.supervisorNotes?.trim() ?? '';
      return {
        kind: 'arrest' as const,
        id: r.id,
        number: r.caseNumber,
        date: r.arrestDate,
        createdAt: r.createdAt,
        status: statusStyle('arrest', r.status),
        returnNotes: returned && notes !== '' ? notes : null,
        resubmitHref: returned ? `/reports/arrest?resubmit=${String(r.id)}` : null,
        viewHref: printPath('arrest', r.id),
      };
    }),
    ...mine(sources.tickets).map((r) => ({
      kind: 'ticket' as const,
      id: r.id,
      number: r.citationNumber,
      date: r.issuedAt,
      createdAt: r.createdAt,
      status: statusStyle('ticket', null),
      returnNotes: null,
      resubmitHref: null,
      viewHref: printPath('ticket', r.id),
    })),
  ];
  return rows.sort((a, b) => when(b) - when(a) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** When a report happened, as its row shows it (the incident, arrest or ticket date), in ms;
 * the filing time when that date does not read as one. */
function when(row: MyReportRow): number {
  const shown = Date.parse(row.date);
  return Number.isNaN(shown) ? Date.parse(row.createdAt) || 0 : shown;
}

/** What has been read of one kind: its pages' reports so far, and whether older ones remain. */
export interface KindRead<T> {
  items: readonly T[];
  hasMore: boolean;
}

export interface MyReportReads {
  uof?: KindRead<UofLike> | undefined;
  arrests?: KindRead<ArrestLike> | undefined;
  tickets?: KindRead<TicketLike> | undefined;
}

/** The kinds of report 'My reports' reads, as the reads name them. */
export type ReadKind = keyof MyReportReads;

/** The rows shown so far, whether older reports remain to be read, and which kinds to read next. */
export interface MyReportPage {
  rows: MyReportRow[];
  hasMore: boolean;
  /**
   * The kinds whose next page shows more: those holding the list back (their oldest report read
   * is the latest of the unfinished kinds'), and any unfinished kind with nothing read yet.
   */
  next: ReadKind[];
}

/**
 * The rows of the reports read so far of each kind (each read a page at a time, newest filed
 * first). A kind with older reports still unread holds back the other kinds' rows filed before
 * its oldest one read, since an unread report of it was filed before that too. So the rows
 * shown are exactly the reports filed since the latest such point, all kinds together; they
 * are ordered as the list orders them (`myReportRows`: by the date each shows), so a report
 * filed long after its incident can still come in among them with a later page.
 */
export function myReportPage(reads: MyReportReads): MyReportPage {
  const rows = myReportRows({ uof: reads.uof?.items, arrests: reads.arrests?.items, tickets: reads.tickets?.items });
  const kinds: readonly [ReadKind, KindRead<{ createdAt: string }> | undefined][] = [
    ['uof', reads.uof],
    ['arrests', reads.arrests],
    ['tickets', reads.tickets],
  ];
  // Each unfinished kind with the oldest filing it has read (null: none read).
  const unfinished = kinds.flatMap(([kind, read]) =>
    read?.hasMore === true
      ? [{ kind, oldest: read.items.length === 0 ? null : Math.min(...read.items.map((item) => filedAt(item.createdAt))) }]
      : [],
  );
  const oldest = unfinished.flatMap(({ oldest }) => (oldest === null ? [] : [oldest]));
  const held = oldest.length === 0 ? null : Math.max(...oldest);
  return {
    rows: held === null ? rows : rows.filter((row) => filedAt(row.createdAt) >= held),
    hasMore: unfinished.length > 0,
    next: unfinished.filter(({ oldest }) => oldest === null || oldest === held).map(({ kind }) => kind),
  };
}

/** A filing time in ms (0 when it does not read as one). */
function filedAt(createdAt: string): number {
  return Date.parse(createdAt) || 0;
}
