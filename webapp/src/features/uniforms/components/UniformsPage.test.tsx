import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, mockAgencyServer, navPermissions, rosterEntry, signedIn, viewerOf } from '@/test-utils/fixtures';
import { rawlife } from '@/test-utils/organisation';
import { screen, within } from '@/test-utils/render';

type UniformList = components['schemas']['UniformList'];

const DEPUTY = signedIn(rosterEntry());

const LIST: UniformList = {
  uniforms: [
    {
      id: 'uni_1',
      name: 'Class B patrol',
      image: '/media/catalogues/rawlife/class-b.png',
      notes: 'Everyday patrol uniform.',
      allowedRanks: ['All'],
      gear: { helmet: 'None', eyewear: 'Sunglasses', uniform: 'Tan shirt\nGreen trousers', notes: 'Sleeves down after 18:00.' },
      attachments: ['Name tape', 'Badge'],
    },
    { id: 'uni_2', name: 'Bare', allowedRanks: [], gear: {}, attachments: [] },
  ],
  ranks: [],
  version: 2,
};

function serve(answer: () => Response) {
  const server = mockAgencyServer({
    me: DEPUTY,
    agencies: [rawlife()],
    permissions: navPermissions({ viewer: viewerOf(DEPUTY) }),
    handle: (request) => {
      const url = new URL(request.url, 'http://localhost');
      if (url.pathname === '/api/uniforms' && request.method === 'GET') return answer();
      return undefined;
    },
  });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

const slotsOf = (card: HTMLElement) =>
  within(card)
    .getAllByTestId('gear-slot')
    .map((slot) => slot.getAttribute('aria-label'));

describe('UniformsPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('lays out the slots: eyewear, vest, backpack left; helmet, uniform right; image, notes, attachments', async () => {
    serve(() => json(LIST));
    renderApp('/structure/uniforms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uniforms' })).toBeTruthy();
    const [classB, bare] = (await screen.findAllByTestId('uniform-card')) as [HTMLElement, HTMLElement];

    expect(within(classB).getByRole('heading', { name: 'Class B patrol' })).toBeTruthy();
    expect(within(classB).getByText('Everyday patrol uniform.')).toBeTruthy();
    expect(within(classB).getByRole('img', { name: 'Class B patrol' }).getAttribute('src')).toBe(
      '/media/catalogues/rawlife/class-b.png',
    );
    // Left column, then right column, then the gear notes.
    expect(slotsOf(classB)).toEqual(['Eyewear', 'Vest', 'Backpack', 'Helmet', 'Uniform', 'Notes']);
    expect(within(classB).getByRole('group', { name: 'Eyewear' }).textContent).toBe('EyewearSunglasses');
    expect(within(classB).getByRole('group', { name: 'Vest' }).textContent).toContain('Not specified');
    expect(within(classB).getByRole('group', { name: 'Uniform' }).textContent).toContain('Tan shirt\nGreen trousers');
    expect(within(classB).getByRole('group', { name: 'Notes' }).textContent).toContain('Sleeves down after 18:00.');
    expect(within(classB).getAllByTestId('attachment-chip').map((chip) => chip.textContent)).toEqual(['Name tape', 'Badge']);

    // No image, no notes slot, no attachments: the five slots, each 'Not specified'.
    expect(within(bare).queryByRole('img')).toBeNull();
    expect(slotsOf(bare)).toEqual(['Eyewear', 'Vest', 'Backpack', 'Helmet', 'Uniform']);
    expect(within(bare).getAllByText('Not specified')).toHaveLength(5);
    expect(within(bare).queryByTestId('attachment-chip')).toBeNull();
  });

  it('says so when the rank may wear nothing', async () => {
    serve(() => json({ ...LIST, uniforms: [] }));
    renderApp('/structure/uniforms');
    expect((await screen.findByTestId('uniforms-empty')).textContent).toBe('No uniforms yet');
  });

  it("shows 'Uniforms unavailable' with HTTP {status}", async () => {
    serve(() => new Response('', { status: 500 }));
    renderApp('/structure/uniforms');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Uniforms unavailable')).toBeTruthy();
    expect(within(alert).getByText('HTTP 500')).toBeTruthy();
  });

  it("shows 'Failed to load uniforms' when the call does not get through", async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/structure/uniforms');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load uniforms')).toBeTruthy();
  });
});
