import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { json, rosterEntry, signedIn } from '@/test-utils/fixtures';
import { itShowsListStates, serveMemberList } from '@/test-utils/member-list';
import { screen, within } from '@/test-utils/render';
import { classB } from './fixtures';

type UniformList = components['schemas']['UniformList'];

const DEPUTY = signedIn(rosterEntry());

const LIST: UniformList = {
  uniforms: [
    classB({ gear: { helmet: 'None', eyewear: 'Sunglasses', uniform: 'Tan shirt\nGreen trousers', notes: 'Sleeves down after 18:00.' } }),
    { id: 'uni_2', name: 'Bare', allowedRanks: [], gear: {}, attachments: [] },
  ],
  ranks: [],
  version: 2,
};

const serve = (answer: () => Response) => serveMemberList('/api/uniforms', answer, DEPUTY);

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

  itShowsListStates({ route: '/structure/uniforms', path: '/api/uniforms', empty: { body: { ...LIST, uniforms: [] }, testId: 'uniforms-empty', text: 'No uniforms yet' }, unavailable: 'Uniforms unavailable', failed: 'Failed to load uniforms' });
});
