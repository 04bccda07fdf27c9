import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, rosterEntry, signedIn } from '@/test-utils/fixtures';
import { itShowsListStates, serveMemberList } from '@/test-utils/member-list';
import { screen, waitFor, within } from '@/test-utils/render';
import { pursuitsSop } from './fixtures';

type DocumentList = components['schemas']['DocumentList'];

const DEPUTY = signedIn(rosterEntry());

const LIST: DocumentList = {
  documents: [
    pursuitsSop({
      content:
        '<h2>Steps</h2><ol><li><p>Call it in.</p></li><li><p>Follow at a <strong>safe</strong> distance.</p></li></ol>' +
        '<table><tbody><tr><th><p>Code</p></th><td><p>10-80</p></td></tr></tbody></table>' +
        '<p><a href="/sops">All SOPs</a> &lt;b&gt;Never&lt;/b&gt; ram.<img src="x" onerror="window.hacked = true"></p>' +
        '<script>window.hacked = true</script><iframe src="https://evil.example"></iframe>',
    }),
    {
      id: 'doc-3',
      title: 'Onboarding',
      type: 'presentation',
      minLevel: 'deputy',
      summary: 'First week.',
      content: 'Welcome.',
      updatedAt: '2026-02-01T10:00:00Z',
    },
    {
      id: 'doc-1',
      title: 'Use of force',
      type: 'SOP',
      minLevel: 'supervisor',
      summary: 'Levels of force.',
      content: 'Force must be proportionate.',
      updatedAt: null,
    },
  ],
  viewer: { isAuthenticated: true, level: 'supervisor' },
};

const serve = (answer: () => Response | Promise<Response>) => serveMemberList('/api/sops', answer, DEPUTY);

const titlesIn = (group: HTMLElement) => within(group).getAllByTestId('sop-title').map((t) => t.textContent);

describe('SopsPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('groups SOPs and presentations, sorted by title; each opens to its rank, date and content', async () => {
    serve(() => json(LIST));
    const user = userEvent.setup();
    renderApp('/sops');
    expect(await screen.findByRole('heading', { level: 1, name: 'SOPs' })).toBeTruthy();
    const sops = await screen.findByTestId('sop-group-sop');
    const presentations = screen.getByTestId('sop-group-presentation');
    expect(within(sops).getByRole('heading', { level: 2, name: 'Standard operating procedures' })).toBeTruthy();
    expect(within(presentations).getByRole('heading', { level: 2, name: 'Presentations' })).toBeTruthy();
    expect(titlesIn(sops)).toEqual(['Use of force', 'Vehicle pursuits']);
    expect(titlesIn(presentations)).toEqual(['Onboarding']);
    // The groups come in that order.
    expect(sops.compareDocumentPosition(presentations) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(sops).getByText('When to start and stop a pursuit.')).toBeTruthy();

    const pursuits = within(sops).getByRole('button', { name: /Vehicle pursuits/ });
    expect(pursuits.getAttribute('aria-expanded')).toBe('false');
    await user.click(pursuits);
    expect(pursuits.getAttribute('aria-expanded')).toBe('true');
    const item = screen.getAllByTestId('sop-item').find((i) => within(i).queryByText('Vehicle pursuits') !== null)!;
    expect(within(item).getByText('Minimum rank: Deputy')).toBeTruthy();
    expect(within(item).getByText('Updated 3 Mar 2026')).toBeTruthy();
    // Rich text: headings, lists, emphasis, tables and links drawn; escaped markup shown as
    // typed; whatever could run (a script, an event attribute, a frame) never reaches the page.
    const content = within(item).getByTestId('document-content');
    await waitFor(() => {
      expect(content.querySelector('h2')?.textContent).toBe('Steps');
    });
    expect([...content.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Call it in.', 'Follow at a safe distance.']);
    expect(content.querySelector('strong')?.textContent).toBe('safe');
    expect(content.querySelector('td')?.textContent).toBe('10-80');
    expect(content.querySelector('a')?.getAttribute('href')).toBe('/sops');
    expect(content.textContent).toContain('<b>Never</b> ram.');
    expect(content.querySelector('b, script, iframe')).toBeNull();
    expect(content.querySelector('[onerror]')).toBeNull();
    expect(content.querySelector('[contenteditable="true"]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    const force = screen.getAllByTestId('sop-item').find((i) => within(i).queryByText('Use of force') !== null)!;
    await user.click(within(force).getByRole('button', { name: /Use of force/ }));
    expect(within(force).getByText('Minimum rank: Supervisor')).toBeTruthy();
    expect(within(force).queryByText(/^Updated/)).toBeNull();
  });

  it('searches titles and summaries', async () => {
    serve(() => json(LIST));
    const user = userEvent.setup();
    renderApp('/sops');
    await screen.findByTestId('sop-group-sop');
    const search = screen.getByRole('searchbox', { name: 'Search documents' });
    await user.type(search, 'first week');
    await waitFor(() => {
      expect(screen.queryByTestId('sop-group-sop')).toBeNull();
    });
    expect(titlesIn(screen.getByTestId('sop-group-presentation'))).toEqual(['Onboarding']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No documents match your search.')).toBeTruthy();
  });

  it("says 'No documents yet' for an empty list", async () => {
    serve(() => json({ ...LIST, documents: [] }));
    renderApp('/sops');
    expect((await screen.findByTestId('sops-empty')).textContent).toBe('No documents yet');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  itShowsListStates({ route: '/sops', path: '/api/sops', empty: { body: { ...LIST, documents: [] }, testId: 'sops-empty', text: 'No documents yet' }, unavailable: 'Unable to load SOPs', failed: 'Failed to load documents' });
});
