import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { mockAgencyServer, rosterEntry, signedIn } from '@/test-utils/fixtures';
import { screen, within } from '@/test-utils/render';

describe('ProfilePage', () => {
  beforeEach(resetAppStores);

  it("shows 'Not logged in' with a login link when signed out", async () => {
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer().fetch));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Not logged in' }, { timeout: 3000 })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Login (Discord)' }).getAttribute('href')).toBe(
      '/auth/discord?returnTo=%2Fprofile',
    );
  });

  it("shows the member's roster entry", async () => {
    const me = signedIn(rosterEntry({ insignia: 'deputy.png', callsign: 'r13' }));
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer({ me }).fetch));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Casey Nguyen' }, { timeout: 3000 })).toBeTruthy();
    const details = screen.getByTestId('profile-details');
    const row = (label: string) => within(details).getByRole('row', { name: new RegExp(`^${label}`) }).textContent;
    expect(row('Rank')).toBe('RankDeputy');
    expect(row('Callsign')).toBe('CallsignR-13');
    expect(row('Department')).toBe('DepartmentPatrol Division');
    expect(row('Status')).toBe('StatusActive');
    expect(row('Time in grade')).toBe('Time in grade2 mo 15 d');
    expect(row('Discord')).toBe('Discordcaseynguyen');
    expect(screen.getByRole('img', { name: 'Deputy insignia' }).getAttribute('src')).toBe('/insignia/deputy.png');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'View roster' }).getAttribute('href')).toBe('/roster');
    const logout = within(main).getByRole('button', { name: 'Logout' });
    expect(logout.getAttribute('type')).toBe('submit');
    const form = logout.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/auth/logout');
    expect(within(main).queryByRole('link', { name: 'Logout' })).toBeNull();
    expect(screen.getByText('No notes yet.')).toBeTruthy();
  });

  it('shows the last action and its reason as notes', async () => {
    const me = signedIn(rosterEntry({ action: 'Promotion', reason: 'Passed the sergeant exam' }));
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer({ me }).fetch));
    renderApp('/profile');
    const notes = await screen.findByTestId('profile-notes-body', {}, { timeout: 3000 });
    expect(notes.textContent).toBe('Last action: PromotionReason: Passed the sergeant exam');
    expect(screen.queryByText('No notes yet.')).toBeNull();
  });

  it('shows a reason without an action', async () => {
    const me = signedIn(rosterEntry({ action: null, reason: 'Paperwork' }));
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer({ me }).fetch));
    renderApp('/profile');
    const notes = await screen.findByTestId('profile-notes-body', {}, { timeout: 3000 });
    expect(notes.textContent).toBe('Reason: Paperwork');
  });

  it('works for a user without a roster entry', async () => {
    vi.stubGlobal('fetch', vi.fn(mockAgencyServer({ me: signedIn(null) }).fetch));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'caseynguyen' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('No roster entry in this agency.')).toBeTruthy();
    expect(within(screen.getByTestId('profile-details')).getByRole('row', { name: /^Time in grade/ }).textContent).toBe(
      'Time in grade-',
    );
  });
});
