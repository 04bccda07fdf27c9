import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PenalCatalogue } from '@/api/penal-codes';
import { agencyState, WithAgency } from '@/test-utils/agency';
import { json } from '@/test-utils/fixtures';
import { ASSAULT, deadlyWeapon, speeding } from '@/test-utils/penal-codes';
import { render, screen, within } from '@/test-utils/render';
import { PenalCodeSearch } from './PenalCodeSearch';

const CATALOGUE: PenalCatalogue = {
  version: 1,
  categories: ['Offenses Against Persons', 'Traffic'],
  items: [
    ASSAULT,
    deadlyWeapon({ fineMin: 2000, custodyMin: 24 }),
    speeding(),
  ],
};

function serve(answer: () => Response = () => json(CATALOGUE)) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      return Promise.resolve(url.pathname === '/api/penal-codes' ? answer() : json({ error: 'unexpected' }, 404));
    }),
  );
}

function open(onSelect = vi.fn(), onClose = vi.fn()) {
  render(
    <WithAgency state={agencyState(null)}>
      <PenalCodeSearch opened onClose={onClose} onSelect={onSelect} />
    </WithAgency>,
  );
  return { onSelect, onClose };
}

const rows = () => screen.getAllByTestId('penal-code-row');

describe('PenalCodeSearch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows statute, title, classification, fine and custody of each entry and returns the picked one', async () => {
    const user = userEvent.setup();
    serve();
    const { onSelect, onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Search Penal Code' });
    await within(dialog).findAllByTestId('penal-code-row');
    const [assault, adw, speeding] = rows();
    expect(within(assault!).getByText('Misdemeanor')).toBeTruthy();
    expect(assault!.textContent).toContain('Fine: $250 – $1,000 · Custody: 1 – 6 months');
    expect(adw!.textContent).toContain('Fine: $2,000+ · Custody: 24+ months');
    expect(speeding!.textContent).toContain('Fine: Up to $500 · Custody: None');
    await user.click(within(dialog).getByRole('button', { name: 'Select PC 103 Assault with a Deadly Weapon' }));
    expect(onSelect).toHaveBeenCalledWith(CATALOGUE.items[1]);
    expect(onClose).toHaveBeenCalled();
  });

  it('searches and filters by category', async () => {
    const user = userEvent.setup();
    serve();
    const { onSelect } = open();
    await screen.findAllByTestId('penal-code-row');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'assault');
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Traffic' }));
    expect(screen.getByText('No matching penal codes')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    expect(rows()).toHaveLength(1);
    // Enter picks the only match.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '{Enter}');
    expect(onSelect).toHaveBeenCalledWith(CATALOGUE.items[2]);
  });

  it('tells when the catalogue cannot load', async () => {
    serve(() => new Response('boom', { status: 502 }));
    open();
    expect(await screen.findByText('Request failed: 502')).toBeTruthy();
  });
});
