import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agencyState, WithAgency } from '@/test-utils/agency';
import { json, rosterEntry } from '@/test-utils/fixtures';
import { render, screen, within } from '@/test-utils/render';
import { DeputyPicker } from './DeputyPicker';

const ROSTER = [
  rosterEntry({ id: 1, name: 'Alex Mercer', rank: 'Sheriff', callsign: 'S1' }),
  rosterEntry({ id: 2, name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'B-12' }),
  rosterEntry({ id: 3, name: 'Casey Nguyen', rank: 'Deputy', callsign: null }),
];

function serve(answer: () => Response = () => json(ROSTER)) {
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname === '/api/roster') return Promise.resolve(answer());
    return Promise.resolve(json({ error: 'unexpected' }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function open(onSelect = vi.fn(), onClose = vi.fn()) {
  render(
    <WithAgency state={agencyState(null)}>
      <DeputyPicker opened onClose={onClose} onSelect={onSelect} />
    </WithAgency>,
  );
  return { onSelect, onClose };
}

describe('DeputyPicker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists the roster with rank and normalised callsign, and returns the picked row", async () => {
    const user = userEvent.setup();
    serve();
    const { onSelect, onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Select Deputy' });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Sheriff · S-01')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sergeant · B-12')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Select Jordan Reyes' }));
    expect(onSelect).toHaveBeenCalledWith({ name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'B12' });
    expect(onClose).toHaveBeenCalled();
  });

  it('searches by name, callsign or rank, ignoring case', async () => {
    const user = userEvent.setup();
    serve();
    open();
    const search = await screen.findByRole('textbox', { name: 'Search' });
    await screen.findAllByRole('listitem');
    await user.type(search, 'sergeant');
    expect(screen.getAllByRole('listitem').map((row) => within(row).getByRole('button').getAttribute('aria-label'))).toEqual([
      'Select Jordan Reyes',
    ]);
    await user.clear(search);
    await user.type(search, 's-01');
    expect(screen.getByRole('button', { name: 'Select Alex Mercer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Select Jordan Reyes' })).toBeNull();
    await user.clear(search);
    await user.type(search, 'CASEY');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No matching deputies')).toBeTruthy();
  });

  it('picks the only match with Enter', async () => {
    const user = userEvent.setup();
    serve();
    const { onSelect } = open();
    await screen.findAllByRole('listitem');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'mercer{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ name: 'Alex Mercer', rank: 'Sheriff', callsign: 'S1' });
  });

  it("shows the server's error when the roster cannot load", async () => {
    serve(() => json({ error: 'Sign in to see the roster' }, 401));
    open();
    expect(await screen.findByText('Sign in to see the roster')).toBeTruthy();
  });
});
