import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, rosterEntry, serveAgency, signedIn, type RecordedRequest } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';

type Schemas = components['schemas'];

/** Jordan, command in the root agency. */
const JORDAN = signedIn(rosterEntry({ id: 2, name: 'Jordan Reyes', level: 'command', rank: 'Captain', callsign: 'C-2' }));
const PERIOD = { from: '2026-10-27', to: '2026-11-25', days: 30 };
const WEEK = { week: '2026-11-16', isoWeek: '2026-W47' };

const STRENGTH: Schemas['StrengthAnswer'] = {
  period: PERIOD,
  empty: false,
  members: 12,
  active: 10,
  byRank: [],
  byDepartment: [],
  months: [{ month: '2026-11', hires: 2, departures: 1, promotions: 1, demotions: 0 }],
  totals: { hires: 2, departures: 1, promotions: 1, demotions: 0 },
};
const REPORTS: Schemas['ReportsAnswer'] = {
  period: PERIOD,
  empty: true,
  emptyMessage: 'No reports in this period',
  totals: { arrests: 0, tickets: 0, useOfForce: 0 },
  weeks: [{ ...WEEK, arrests: 0, tickets: 0, useOfForce: 0 }],
  forceTypes: [],
  outcomes: [],
  reviewers: [],
  returned: { decisions: 0, returned: 0, rate: null },
};
const TRAINING: Schemas['TrainingAnswer'] = {
  period: PERIOD,
  empty: false,
  totals: { scheduled: 3, completed: 2, qualificationsGranted: 1 },
  weeks: [{ ...WEEK, scheduled: 3, completed: 2, qualificationsGranted: 1 }],
  completion: { sessions: 2, medianHours: 4.5 },
  expiring: { from: '2026-11-25', until: '2026-12-25', total: 0, byQualification: [] },
};
const DUTY: Schemas['DutyAnswer'] = {
  period: PERIOD,
  empty: false,
  totals: { hours: 41.5, shifts: 9, members: 4 },
  weeks: [{ ...WEEK, hours: 41.5, departments: [{ department: 'Patrol, North', departmentId: 'patrol', hours: 41.5 }] }],
  hoursOfDay: [],
  inactive: { afterDays: 21, members: 2 },
};

/** A blob's text (jsdom's Blob has no `text()`). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(reader.result as string);
    };
    reader.readAsText(blob);
  });
}

function serve({ highCommand = false, refuse = false }: { highCommand?: boolean; refuse?: boolean } = {}) {
  const calls: URL[] = [];
  const server = serveAgency({
    me: JORDAN,
    highCommand,
    handle: (_request: RecordedRequest, url) => {
      if (url.pathname === '/api/structure') return json({ departments: [{ id: 'patrol', name: 'Patrol Division', ranks: [], roles: [], subDepartments: [] }] });
      const section = /^\/api\/analytics\/(strength|reports|training|duty)$/.exec(url.pathname)?.[1];
      if (section === undefined) return undefined;
      calls.push(url);
      if (refuse) return json({ error: 'A period spans at most 366 days.' }, 400);
      return json({ strength: STRENGTH, reports: REPORTS, training: TRAINING, duty: DUTY }[section]);
    },
  });
  return { calls, server };
}

describe('Command → Analytics', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the four sections with their figures, empty message, table and CSV, and a period of 90 days', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderApp('/command/analytics');
    await screen.findByRole('heading', { level: 1, name: 'Analytics' }, { timeout: 3000 });
    const strength = await screen.findByTestId('analytics-strength');
    await within(strength).findByTestId('analytics-members');
    expect(within(strength).getByTestId('analytics-members').textContent).toBe('12');
    for (const id of ['reports', 'training', 'duty']) expect(screen.getByTestId(`analytics-${id}`)).toBeTruthy();
    expect((await screen.findByTestId('analytics-reports-empty')).textContent).toBe('No reports in this period');
    // The last 30 days by default, every section.
    expect(new Set(calls.map((url) => url.searchParams.get('to')))).toHaveProperty('size', 1);
    const to = calls[0]!.searchParams.get('to')!;
    const from = calls[0]!.searchParams.get('from')!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    // Not root High Command: no link to every agency.
    expect(screen.queryByRole('link', { name: 'Every agency at a glance' })).toBeNull();

    // The table, behind its toggle.
    const duty = screen.getByTestId('analytics-duty');
    expect(within(duty).queryByRole('table')).toBeNull();
    await user.click(within(duty).getByRole('switch', { name: 'Show table of Duty' }));
    const table = within(duty).getByRole('table', { name: 'Duty in numbers' });
    expect(table.textContent).toContain('Patrol, North: 41.5');

    // The CSV, saved through an object URL.
    let saved: Blob | null = null;
    const create = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:analytics';
    });
    URL.createObjectURL = create;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(duty).getByRole('button', { name: 'Download CSV of Duty' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await blobText(saved as unknown as Blob)).toBe('Week,Monday,Hours,By department\r\n2026-W47,2026-11-16,41.5,"Patrol, North: 41.5"\r\n');

    // 90 days.
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => {
      const last = calls.at(-1)!;
      expect((Date.parse(last.searchParams.get('to')!) - Date.parse(last.searchParams.get('from')!)) / 86_400_000).toBe(89);
    });
  });

  it('shows the server’s sentence about the period near the picker, and the link to every agency for root High Command', async () => {
    serve({ refuse: true, highCommand: true });
    renderApp('/command/analytics');
    expect((await screen.findByTestId('analytics-refused', {}, { timeout: 3000 })).textContent).toBe('A period spans at most 366 days.');
    expect(screen.getByRole('link', { name: 'Every agency at a glance' }).getAttribute('href')).toBe('/command/analytics/agencies');
  });
});
