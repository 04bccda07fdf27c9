import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, HireLogItem, RankLogItem } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, type RecordedRequest, serveAgency, signedIn } from '@/test-utils/fixtures';
import { ALEX_ENTRY, rawlife, structure } from '@/test-utils/organisation';
import { screen, waitFor, within } from '@/test-utils/render';

const HC = signedIn(ALEX_ENTRY);
const ACTOR = { display: 'Alex Mercer', userId: '100000000000000001' };

function rankLog(id: number, changeId: string, field: string, beforeValue: string | null, afterValue: string | null): RankLogItem {
  return {
    logId: id,
    id,
    changeId,
    ts: '2026-03-01T10:00:00Z',
    rosterId: 5,
    rosterName: 'Bo Diaz',
    rosterCallsign: 'A-101',
    rosterRank: 'Sergeant',
    actor: ACTOR,
    field,
    beforeValue,
    afterValue,
  };
}

function hire(id: number): HireLogItem {
  return {
    id,
    ts: '2026-03-01T10:00:00Z',
    rosterId: 100 + id,
    rosterName: `Hire ${String(id)}`,
    callsign: 'A-150',
    rosterRank: 'Deputy',
    actor: ACTOR,
    status: 'Active',
    departmentId: 'patrol',
    rankId: 'patrol-dep',
    subDeptId: 'patrol-sub-2',
    entry: { roles: ['patrol-role-1'] },
  };
}

type Answer = (params: URLSearchParams) => Response | Promise<Response>;

/** What the audit settings answer: `GET` the current ones, `PUT` the body it was sent. */
type SettingsAnswer = (request: RecordedRequest) => Response | Promise<Response>;
const readOnlySettings: SettingsAnswer = () => json({ retentionDays: 365, canEdit: false });

function serve(
  answer: Answer,
  audit: Answer = () => json({ items: [], hasMore: false }),
  settings: SettingsAnswer = readOnlySettings,
) {
  const requests: URLSearchParams[] = [];
  serveAgency({
    me: HC,
    agencies: [rawlife()],
    highCommand: true,
    handle: (request, url) => {
      if (url.pathname === '/api/structure') return json(structure());
      if (url.pathname === '/api/logs/roster') {
        requests.push(url.searchParams);
        return answer(url.searchParams);
      }
      if (url.pathname === '/api/audit') {
        requests.push(url.searchParams);
        return audit(url.searchParams);
      }
      if (url.pathname === '/api/audit/settings') return settings(request);
      return undefined;
    },
  });
  return requests;
}

/** An audit request's query without the agency the client adds to every call. */
function auditAsked(params: URLSearchParams | undefined): string {
  const query = new URLSearchParams(params);
  query.delete('agency');
  return query.toString();
}

const asked = (params: URLSearchParams | undefined) =>
  params ? `${params.get('type') ?? ''} ${params.get('limit') ?? ''} ${params.get('offset') ?? ''}` : '';

/** Opens the Logs page (no roster logs) and switches it to All changes. */
async function openAllChanges() {
  const user = userEvent.setup();
  renderApp('/command/logs');
  await screen.findByText('No log entries found for this agency.', {}, { timeout: 3000 });
  await user.click(screen.getByRole('combobox', { name: 'Log type' }));
  await user.click(await screen.findByRole('option', { name: 'All changes' }));
  return user;
}

describe('LogsPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('groups rank changes per edit as Field / Before / After with who performed them', async () => {
    serve(() =>
      json({
        items: [
          rankLog(4, 'c2', 'status', 'Active', 'LOA'),
          rankLog(3, 'c1', 'rankId', 'patrol-dep', 'patrol-sgt'),
          rankLog(2, 'c1', 'rank', 'Deputy', 'Sergeant'),
          rankLog(1, 'c1', 'subDeptId', null, 'patrol-sub-2'),
        ],
      }),
    );
    renderApp('/command/logs');
    const entries = await screen.findAllByTestId('rank-log-entry', {}, { timeout: 3000 });
    expect(entries).toHaveLength(2);
    const promotion = entries[1]!;
    expect(within(promotion).getByText('Bo Diaz (A-101) · Sergeant')).toBeTruthy();
    const rows = within(promotion)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['Rank', 'Deputy', 'Sergeant'],
      // Ids by name (before: the raw ids), the id in a tooltip.
      ['Rank id', 'Deputy', 'Sergeant'],
      ['Sub-department', '-', 'K9 Unit'],
    ]);
    const sergeant = within(promotion).getAllByText('Sergeant')[1]!;
    expect(sergeant.getAttribute('data-logged-id')).toBe('patrol-sgt');
    expect(within(promotion).getByText('Performed by Alex Mercer')).toBeTruthy();
    expect(within(entries[0]!).getByRole('row', { name: 'Status Active LOA' })).toBeTruthy();
  });

  it('pages with limit and offset, and resets to the first page when the size or type changes', async () => {
    const requests = serve((params) => {
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset'));
      // 60 rank rows in all, each its own edit.
      const count = Math.max(0, Math.min(limit, 60 - offset));
      if (params.get('type') === 'hire') return json({ items: [hire(1)] });
      return json({ items: Array.from({ length: count }, (_, index) => rankLog(offset + index, `c${String(offset + index)}`, 'status', 'Active', 'LOA')) });
    });
    const user = userEvent.setup();
    renderApp('/command/logs');
    expect(await screen.findAllByTestId('rank-log-entry', {}, { timeout: 3000 })).toHaveLength(50);
    expect(asked(requests.at(-1))).toBe('rank 50 0');
    const prev = screen.getByRole<HTMLButtonElement>('button', { name: 'Prev' });
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    await user.click(next);
    await waitFor(() => {
      expect(screen.getAllByTestId('rank-log-entry')).toHaveLength(10);
    });
    expect(asked(requests.at(-1))).toBe('rank 50 50');
    expect(screen.getByTestId('logs-page').textContent).toBe('Page 2');
    expect(next.disabled).toBe(true);
    expect(prev.disabled).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => {
      expect(asked(requests.at(-1))).toBe('rank 25 0');
    });
    expect(screen.getByTestId('logs-page').textContent).toBe('Page 1');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(asked(requests.at(-1))).toBe('rank 25 25');
    });
    await user.click(screen.getByRole('combobox', { name: 'Log type' }));
    await user.click(await screen.findByRole('option', { name: 'Hires' }));
    const line = await screen.findByTestId('hire-log-entry');
    expect(asked(requests.at(-1))).toBe('hire 25 0');
    expect(line.textContent).toMatch(
      /^Hire 1 · Callsign A-150 · Rank Deputy · Status Active · Department Patrol Division · Sub-department K9 Unit · Roles Field Training Officer · by Alex Mercer · .+$/,
    );
  });

  it("'All changes' shows every write field by field with names, filtered and paged by the server", async () => {
    const promotion: AuditEntry = {
      id: 7,
      at: '2026-11-24T10:00:00Z',
      actor: ACTOR,
      kind: 'roster',
      action: 'updated',
      subjectId: '5',
      title: 'Bo Diaz',
      diff: { fields: [{ field: 'rankId', before: 'patrol-dep', after: 'patrol-sgt' }] },
    };
    const vehicles: AuditEntry = {
      id: 6,
      at: '2026-11-24T09:00:00Z',
      actor: ACTOR,
      kind: 'vehicles',
      action: 'saved',
      subjectId: 'vehicles',
      title: 'Vehicles',
      diff: { items: [{ id: 'v1', title: 'Cruiser', change: 'added', fields: [{ field: 'name', before: null, after: 'Cruiser' }] }] },
    };
    const requests = serve(
      () => json({ items: [] }),
      (params) => json({ items: params.get('kind') === 'vehicles' ? [vehicles] : [promotion, vehicles], hasMore: params.get('offset') === '0' }),
    );
    const user = await openAllChanges();

    const entries = await screen.findAllByTestId('audit-entry', {}, { timeout: 3000 });
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Bo Diaz')).toBeTruthy();
    expect(within(entries[0]!).getByText('Roster')).toBeTruthy();
    const rows = within(entries[0]!)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['Rank', 'Deputy', 'Sergeant'],
    ]);
    expect(within(entries[0]!).getByText('Updated by Alex Mercer')).toBeTruthy();
    expect(within(entries[1]!).getByText('Cruiser (added)')).toBeTruthy();
    expect(screen.getByText('Every change made to this agency through the portal, newest first.')).toBeTruthy();
    expect(auditAsked(requests.at(-1))).toBe('limit=25&offset=0');

    // Older pages while the server says there are more; a filter starts again at the first.
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => {
      expect(auditAsked(requests.at(-1))).toBe('limit=25&offset=25');
    });
    expect(screen.getByTestId('audit-page').textContent).toBe('Page 2');
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Older' }).disabled).toBe(true);
    });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Vehicles' }));
    await waitFor(() => {
      expect(auditAsked(requests.at(-1))).toBe('limit=25&offset=0&kind=vehicles');
    });
    await waitFor(() => {
      expect(screen.getAllByTestId('audit-entry')).toHaveLength(1);
    });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Cru');
    await waitFor(() => {
      expect(auditAsked(requests.at(-1))).toBe('limit=25&offset=0&kind=vehicles&q=Cru');
    });
  });

  it("'All changes' says how long changes are kept, and High Command changes it with a confirmation", async () => {
    let kept = 365;
    const sent: unknown[] = [];
    serve(
      () => json({ items: [] }),
      undefined,
      (request) => {
        if (request.method === 'PUT') {
          const body = JSON.parse(typeof request.body === 'string' ? request.body : '{}') as { retentionDays: number };
          sent.push(body);
          if (body.retentionDays === 31) return json({ error: 'Keep changes for 30 to 3650 days.' }, 400);
          kept = body.retentionDays;
        }
        return json({ retentionDays: kept, canEdit: true });
      },
    );
    const user = await openAllChanges();
    expect(await screen.findByText('Changes are kept for 365 days, then deleted.', {}, { timeout: 3000 })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const days = screen.getByRole('textbox', { name: 'Keep changes for (days)' });
    // The form refuses what the server would, in the field, and sends nothing.
    await user.clear(days);
    await user.type(days, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Keep changes for 30 to 3650 days.')).toBeTruthy();
    expect(sent).toEqual([]);
    // The server's refusal shows in the field too.
    await user.clear(days);
    await user.type(days, '31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(sent).toEqual([{ retentionDays: 31 }]);
    });
    expect(await screen.findByText('Keep changes for 30 to 3650 days.')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Retention saved')).toBeTruthy();
    expect(await screen.findAllByText('Changes are kept for 90 days, then deleted.')).not.toHaveLength(0);
    expect(sent.at(-1)).toEqual({ retentionDays: 90 });
    expect(screen.queryByRole('textbox', { name: 'Keep changes for (days)' })).toBeNull();
  });

  it("'All changes' offers no Change to members who are not High Command", async () => {
    serve(() => json({ items: [] }));
    await openAllChanges();
    expect(await screen.findByText('Changes are kept for 365 days, then deleted.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it("'All changes' says when nothing matches and shows the server's sentence for a refused filter", async () => {
    serve(
      () => json({ items: [] }),
      () => json({ error: 'From must be a date such as 2026-11-20.' }, 400),
    );
    await openAllChanges();
    expect(await screen.findByText('Unable to load changes.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('From must be a date such as 2026-11-20.')).toBeTruthy();
  });

  it('says when there is nothing to show', async () => {
    serve(() => json({ items: [] }));
    renderApp('/command/logs');
    expect(await screen.findByText('No log entries found for this agency.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });

  it("reports 'Server returned {status}' under 'Unable to load logs.'", async () => {
    serve(() => json({ error: 'boom' }, 500));
    renderApp('/command/logs');
    expect(await screen.findByText('Unable to load logs.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Server returned 500')).toBeTruthy();
  });

  it("reports 'Failed to load logs' when the request fails", async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/command/logs');
    expect(await screen.findByText('Unable to load logs.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Failed to load logs')).toBeTruthy();
  });
});
