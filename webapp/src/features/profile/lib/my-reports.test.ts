import { describe, expect, it } from 'vitest';
import { myReportPage, myReportRows, statusStyle } from './my-reports';

const uof = (id: number, status: string, createdAt: string, incidentDate = createdAt.slice(0, 16)) => ({
  id,
  incidentNumber: String(id),
  incidentDate,
  status,
  createdAt,
});

describe('my reports', () => {
  it('labels and colours the statuses of each kind', () => {
    expect(statusStyle('use-of-force', 'under_review')).toEqual({ label: 'Under Review', color: 'orange' });
    expect(statusStyle('use-of-force', 'out_of_policy')).toEqual({ label: 'Out of Policy', color: 'red' });
    expect(statusStyle('arrest', 'approved')).toEqual({ label: 'Approved', color: 'green' });
    expect(statusStyle('arrest', 'returned')).toEqual({ label: 'Returned', color: 'red' });
    expect(statusStyle('arrest', 'pending')).toEqual({ label: 'Pending', color: 'gray' });
    expect(statusStyle('ticket', null)).toEqual({ label: 'Issued', color: 'blue' });
    expect(statusStyle('arrest', 'weird')).toEqual({ label: 'weird', color: 'gray' });
    expect(statusStyle('use-of-force', ' In_Policy ')).toEqual({ label: 'In Policy', color: 'green' });
  });

  it('merges the kinds newest first, with the resubmit link and notes of a returned arrest', () => {
    const rows = myReportRows(
      {
        uof: [uof(1, 'pending', '2026-11-01T10:00:00Z'), uof(2, 'under_review', '2026-11-09T10:00:00Z')],
        arrests: [
          {
            id: 3,
            caseNumber: '1003',
            arrestDate: '2026-11-05',
            status: 'returned',
            createdAt: '2026-11-05T10:00:00Z',
            supervisorNotes: ' Add the second officer. ',
          },
          {
            id: 4,
            caseNumber: '1004',
            arrestDate: '2026-11-06',
            status: 'approved',
            createdAt: '2026-11-06T10:00:00Z',
            supervisorNotes: 'Fine.',
          },
        ],
        tickets: [{ id: 5, citationNumber: '77', issuedAt: '2026-11-07T08:00', createdAt: '2026-11-07T10:00:00Z' }],
      },
    );
    expect(rows.map((r) => `${r.kind}:${String(r.id)}`)).toEqual(['use-of-force:2', 'ticket:5', 'arrest:4', 'arrest:3', 'use-of-force:1']);
    const returned = rows[3]!;
    expect(returned.returnNotes).toBe('Add the second officer.');
    expect(returned.resubmitHref).toBe('/reports/arrest?resubmit=3');
    expect(returned.status.label).toBe('Returned');
    expect(rows[2]!.returnNotes).toBeNull();
    expect(rows[2]!.resubmitHref).toBeNull();
    expect(rows[1]!.viewHref).toBe('/reports/print/ticket/5');
    expect(rows[4]!.viewHref).toBe('/reports/print/use-of-force/1');
    expect(rows[0]!.status.label).toBe('Under Review');
    expect(myReportRows({})).toEqual([]);
  });

  it('orders by the date each row shows, not by when it was filed (issue 21)', () => {
    // Filed in one go (as the demo data is), about incidents of different days.
    const filed = '2026-11-24T12:00:00Z';
    const rows = myReportRows({
      uof: [uof(1, 'pending', filed, '2026-11-19T21:30'), uof(2, 'pending', filed, '2026-11-23T08:00')],
      arrests: [{ id: 3, caseNumber: '3', arrestDate: '2026-11-22T10:00', status: 'pending', createdAt: filed }],
      tickets: [{ id: 4, citationNumber: '4', issuedAt: '2026-11-24T09:00', createdAt: filed }],
    });
    expect(rows.map((r) => `${r.kind}:${r.date}`)).toEqual([
      'ticket:2026-11-24T09:00',
      'use-of-force:2026-11-23T08:00',
      'arrest:2026-11-22T10:00',
      'use-of-force:2026-11-19T21:30',
    ]);
  });

  describe('a page at a time', () => {
    const filed = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`;
    const arrest = (id: number, day: number) => ({ id, caseNumber: `A${String(id)}`, arrestDate: filed(day).slice(0, 10), status: 'pending', createdAt: filed(day) });
    const ticket = (id: number, day: number) => ({ id, citationNumber: `T${String(id)}`, issuedAt: filed(day).slice(0, 16), createdAt: filed(day) });
    const numbers = (reads: Parameters<typeof myReportPage>[0]) => myReportPage(reads).rows.map((row) => row.number);

    it('shows everything read when every kind is read whole', () => {
      const page = myReportPage({
        uof: { items: [uof(1, 'pending', filed(3))], hasMore: false },
        arrests: { items: [arrest(2, 20), arrest(1, 1)], hasMore: false },
        tickets: { items: [], hasMore: false },
      });
      expect(page).toMatchObject({ hasMore: false, next: [] });
      expect(page.rows.map((row) => row.number)).toEqual(['A2', '1', 'A1']);
    });

    it("holds back what was filed before the oldest report read of a kind with older ones unread", () => {
      // Arrests read down to the 10th; older arrests remain. The ticket of the 5th waits:
      // an unread arrest may have been filed between the 5th and the 10th.
      const reads = {
        arrests: { items: [arrest(9, 20), arrest(8, 10)], hasMore: true },
        tickets: { items: [ticket(4, 15), ticket(3, 5)], hasMore: false },
        // Filed on the 11th: its incident's local date-time sorts after the arrest of the 10th
        // (a plain date, read as UTC midnight) in every time zone.
        uof: { items: [uof(2, 'pending', filed(11))], hasMore: false },
      };
      expect(numbers(reads)).toEqual(['A9', 'T4', '2', 'A8']);
      expect(myReportPage(reads)).toMatchObject({ hasMore: true, next: ['arrests'] });
      // The next page of arrests reaches the 2nd: the ticket shows, in its place.
      const next = { ...reads, arrests: { items: [...reads.arrests.items, arrest(7, 6), arrest(6, 2)], hasMore: true } };
      expect(numbers(next)).toEqual(['A9', 'T4', '2', 'A8', 'A7', 'T3', 'A6']);
      expect(myReportPage({ ...next, arrests: { ...next.arrests, hasMore: false } }).hasMore).toBe(false);
    });

    it('holds back below the latest of the unfinished kinds', () => {
      const reads = {
        arrests: { items: [arrest(9, 20), arrest(8, 4)], hasMore: true },
        tickets: { items: [ticket(4, 15), ticket(3, 12)], hasMore: true },
      };
      // Tickets are read only down to the 12th: the arrest of the 4th waits for them, and
      // only tickets are read next.
      expect(numbers(reads)).toEqual(['A9', 'T4', 'T3']);
      expect(myReportPage(reads).next).toEqual(['tickets']);
    });

    it('reads next a kind with older reports and none read, and holds nothing back for it', () => {
      const reads = { arrests: { items: [arrest(9, 20), arrest(8, 4)], hasMore: true }, tickets: { items: [], hasMore: true } };
      expect(numbers(reads)).toEqual(['A9', 'A8']);
      expect(myReportPage(reads).next).toEqual(['arrests', 'tickets']);
    });

    it('shows nothing yet of a kind still loading, and the rest as read', () => {
      expect(numbers({ uof: undefined, arrests: { items: [arrest(1, 3)], hasMore: false } })).toEqual(['A1']);
    });
  });
});
