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
    pursuitsSop({ content: '1. Call it in.\n2. Follow at a safe distance.\n\n<b>Never</b> ram.' }),
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
    // Plain text: line breaks kept, markup shown as typed and never rendered.
    const content = within(item).getByTestId('document-content');
    expect(content.textContent).toBe('1. Call it in.\n2. Follow at a safe distance.\n\n<b>Never</b> ram.');
    expect(content.querySelector('b')).toBeNull();
    expect(content.style.whiteSpace).toBe('pre-wrap');

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
