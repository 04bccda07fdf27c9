import { describe, expect, it } from 'vitest';
import type { RankChoice } from '@/lib/rank-list';
import { render, screen } from '@/test-utils/render';
import { CatalogueCard } from './CatalogueCard';

// Issue 21, defect 6: 'Allowed: N rank(s)' stays as the spec says it, and a line names the ranks.
const RANKS: RankChoice[] = [
  { id: 'p-cad', name: 'Cadet', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'p-dep', name: 'Deputy', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'p-sgt', name: 'Sergeant', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 't-sgt', name: 'Sergeant', departmentId: 'traffic', departmentName: 'Traffic Unit' },
  { id: 't-lt', name: 'Lieutenant', departmentId: 'traffic', departmentName: 'Traffic Unit' },
];

function renderCard(allowedRanks: string[]) {
  render(
    <CatalogueCard
      name="Patrol loadout"
      image={null}
      count="2 sections"
      allowedRanks={allowedRanks}
      ranks={RANKS}
      notes=""
      actions={null}
      data-testid="equipment-card"
    />,
  );
  return {
    summary: () => screen.getByText(/Allowed:/).textContent,
    names: () => screen.queryByTestId('allowed-rank-names')?.textContent ?? null,
  };
}

describe('CatalogueCard', () => {
  it('names the allowed ranks under the summary, same-named ranks with their department', () => {
    const card = renderCard(['t-sgt', 'p-dep']);
    expect(card.summary()).toBe('2 sections · Allowed: 2 rank(s)');
    expect(card.names()).toBe('Deputy, Sergeant · Traffic Unit');
  });

  it("says 'All ranks except …' when that is shorter", () => {
    const card = renderCard(['p-dep', 'p-sgt', 't-sgt', 't-lt']);
    expect(card.summary()).toBe('2 sections · Allowed: 4 rank(s)');
    expect(card.names()).toBe('All ranks except Cadet');
  });

  it('adds no line when the summary says it all', () => {
    const card = renderCard(['All']);
    expect(card.summary()).toBe('2 sections · Allowed: All ranks');
    expect(card.names()).toBeNull();
  });
});
