import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, serveAgency, signedIn, type RecordedRequest } from '@/test-utils/fixtures';
import { ALEX_ENTRY } from '@/test-utils/organisation';
import { screen, waitFor, within } from '@/test-utils/render';

type ApiToken = components['schemas']['ApiToken'];

const HC = signedIn(ALEX_ENTRY);
const SECRET = 'apt_0123456789abcdefghijABCDEFGHIJ-_xyzXYZ01';
const SCOPES = [
  { value: 'duty:write', label: 'Clock members in and out' },
  { value: 'roster:read', label: 'Read the roster' },
  { value: 'penal_codes:read', label: 'Read the penal codes' },
  { value: 'reports:write', label: 'File reports as a member' },
];

function token(id: number, name: string, overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id,
    name,
    scopes: ['duty:write'],
    hint: 'apt_Xy3k…',
    createdBy: 'Alex Mercer',
    createdAt: '2026-12-01T10:00:00Z',
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    ...overrides,
  };
}

function serve({ refuseName = null as string | null } = {}) {
  let tokens = [token(1, 'Game server', { lastUsedAt: '2026-12-06T21:15:00Z' }), token(2, 'Old bot', { revokedAt: '2026-12-02T10:00:00Z', revokedBy: 'Alex Mercer' })];
  const writes: { method: string; path: string; body: unknown }[] = [];
  serveAgency({
    me: HC,
    highCommand: true,
    handle: (request: RecordedRequest, url) => {
      if (url.pathname === '/api/tokens' && request.method === 'GET') return json({ tokens, scopes: SCOPES });
      if (url.pathname === '/api/tokens' && request.method === 'POST') {
        const body = bodyOf(request) as { name: string; scopes: string[] };
        writes.push({ method: 'POST', path: url.pathname, body });
        if (body.name === refuseName) return json({ error: `A token named ${body.name} exists already; revoke it or choose another name.` }, 409);
        const created = token(3, body.name, { scopes: body.scopes, hint: 'apt_0123…', createdAt: '2026-12-07T10:00:00Z' });
        tokens = [created, ...tokens];
        return json({ token: created, secret: SECRET }, 201);
      }
      const match = /^\/api\/tokens\/(\d+)$/.exec(url.pathname);
      if (match !== null && request.method === 'DELETE') {
        writes.push({ method: 'DELETE', path: url.pathname, body: null });
        tokens = tokens.map((t) => (t.id === Number(match[1]) ? { ...t, revokedAt: '2026-12-07T11:00:00Z', revokedBy: 'Alex Mercer' } : t));
        return json(tokens.find((t) => t.id === Number(match[1])));
      }
      return undefined;
    },
  });
  return { writes };
}

async function openPage(options: Parameters<typeof serve>[0] = {}) {
  const served = serve(options);
  const user = userEvent.setup();
  renderApp('/command/api-tokens');
  const list = await screen.findByRole('table', { name: 'API tokens' }, { timeout: 3000 });
  return { ...served, user, list };
}

const rowOf = (list: HTMLElement, name: string) => within(list).getAllByTestId('api-token').find((row) => row.textContent.includes(name))!;

describe('Command → API tokens', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('lists the tokens: name and hint, scopes, who created them, last use, revoked ones without Revoke', async () => {
    const { list } = await openPage();
    const game = rowOf(list, 'Game server');
    expect(game.textContent).toContain('apt_Xy3k…');
    expect(game.textContent).toContain('duty:write');
    expect(game.textContent).toContain('by Alex Mercer');
    expect(within(game).getByTestId('token-status').textContent).toBe('Active');
    expect(within(game).getByRole('button', { name: 'Revoke Game server' })).toBeTruthy();
    const old = rowOf(list, 'Old bot');
    expect(old.textContent).toContain('Never');
    expect(within(old).getByTestId('token-status').textContent).toBe('Revoked');
    expect(within(old).queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });

  it('creates a token with its scopes and shows the secret once', async () => {
    const { user, writes } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Name the token, such as Game server.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope.')).toBeTruthy();
    expect(writes).toEqual([]);
    // Every scope with its one-line explanation.
    expect(within(dialog).getByText('Read the roster and every member’s duty hours.')).toBeTruthy();
    expect(within(dialog).getByText('File reports as the member named in the X-Portal-Member header.')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' FiveM ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'roster:read' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'duty:write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'POST', path: '/api/tokens', body: { name: 'FiveM', scopes: ['duty:write', 'roster:read'] } }]);
    });

    const shown = await screen.findByRole('dialog', { name: 'Token FiveM created' });
    expect(within(shown).getByTestId('token-secret').textContent).toBe(SECRET);
    expect(within(shown).getByTestId('secret-once').textContent).toContain('you will not see it again');
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Token FiveM created' })).toBeNull();
    });
    const list = screen.getByRole('table', { name: 'API tokens' });
    await waitFor(() => {
      expect(rowOf(list, 'FiveM').textContent).toContain('apt_0123…');
    });
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("keeps the dialog open with the server's sentence when the name is in use", async () => {
    const { user } = await openPage({ refuseName: 'Game server' });
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Game server');
    await user.click(within(dialog).getByRole('checkbox', { name: 'duty:write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect((await within(dialog).findByTestId('create-token-problem')).textContent).toBe(
      'A token named Game server exists already; revoke it or choose another name.',
    );
  });

  it('revokes a token after a confirmation', async () => {
    const { user, writes, list } = await openPage();
    await user.click(within(rowOf(list, 'Game server')).getByRole('button', { name: 'Revoke Game server' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Game server' });
    expect(confirm.textContent).toContain('refused from now on');
    expect(writes).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'DELETE', path: '/api/tokens/1', body: null }]);
    });
    expect(await screen.findByText('Token Game server revoked.')).toBeTruthy();
    await waitFor(() => {
      expect(within(rowOf(list, 'Game server')).getByTestId('token-status').textContent).toBe('Revoked');
    });
  });
});
