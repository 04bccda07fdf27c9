import { describe, expect, it } from 'vitest';
import casesText from '../../../server/src/access/cases/rank_list.json?raw';
import {
  ALL_RANKS,
  allowedRankNames,
  allowedSummary,
  EVERY_CURRENT_RANK,
  normalizeRanks,
  rankAllows,
  rankChipChecked,
  rankChipGroups,
  rankLabels,
  toggleRankChip,
} from './rank-list';

interface AllowsCase {
  allowed: string[];
  rank: string | null;
  expected: boolean;
  why: string;
}
interface NormalizeCase {
  input: string[];
  expected?: string[];
  unknown?: string[];
  why: string;
}
const cases = JSON.parse(casesText) as { allows: AllowsCase[]; normalize: NormalizeCase[] };

describe('the rank-access rule (the server’s cases)', () => {
  it.each(cases.allows.map((c) => [c.why, c] as const))('allows: %s', (_why, c) => {
    expect(rankAllows(c.allowed, c.rank)).toBe(c.expected);
  });

  it.each(cases.normalize.map((c) => [c.why, c] as const))('normalize: %s', (_why, c) => {
    const result = normalizeRanks(c.input, new Set(['rk_a', 'rk_b']));
    if (c.unknown !== undefined) expect(result).toEqual({ ok: false, unknown: c.unknown });
    else expect(result).toEqual({ ok: true, ranks: c.expected });
  });
});

describe('toggleRankChip (command-and-reports §4 "Rank access chips")', () => {
  it('choosing All replaces the whole selection with All', () => {
    expect(toggleRankChip(['rk_a', 'rk_b'], ALL_RANKS)).toEqual(['All']);
    expect(toggleRankChip([], ALL_RANKS)).toEqual(['All']);
  });

  it('choosing All again clears the selection', () => {
    expect(toggleRankChip(['All'], ALL_RANKS)).toEqual([]);
    expect(toggleRankChip(['*'], 'All')).toEqual([]);
    expect(toggleRankChip([' ALL '], 'all')).toEqual([]);
  });

  it('choosing a rank removes All and then toggles that rank', () => {
    expect(toggleRankChip(['All'], 'rk_a')).toEqual(['rk_a']);
    expect(toggleRankChip(['*', 'rk_a'], 'rk_a')).toEqual([]);
    expect(toggleRankChip(['rk_a'], 'rk_b')).toEqual(['rk_a', 'rk_b']);
    expect(toggleRankChip(['rk_a', 'rk_b'], 'rk_a')).toEqual(['rk_b']);
    expect(toggleRankChip([' rk_a '], 'rk_a')).toEqual([]);
  });

  it('counts * and all (any case) as the All chip', () => {
    expect(toggleRankChip(['rk_a'], '*')).toEqual(['All']);
    expect(toggleRankChip(['rk_a'], 'aLL')).toEqual(['All']);
  });

  it('tells which rank chips are on', () => {
    expect(rankChipChecked([' rk_a', 'All'], 'rk_a')).toBe(true);
    expect(rankChipChecked(['All'], 'rk_b')).toBe(false);
  });
});

describe('allowedSummary', () => {
  it("says 'All ranks' when the list holds All", () => {
    expect(allowedSummary(['All'])).toBe('All ranks');
    expect(allowedSummary(['rk_a', '*'])).toBe('All ranks');
  });

  it("counts distinct ranks as 'N rank(s)'", () => {
    expect(allowedSummary(['rk_a'])).toBe('1 rank(s)');
    expect(allowedSummary(['rk_a', ' rk_a', 'rk_b', ''])).toBe('2 rank(s)');
  });

  it("says 'No ranks assigned' for an empty list, or 'All ranks' where empty means everyone", () => {
    expect(allowedSummary([])).toBe('No ranks assigned');
    expect(allowedSummary(['  '])).toBe('No ranks assigned');
    expect(allowedSummary([], { emptyIsAll: true })).toBe('All ranks');
    expect(allowedSummary(['rk_a'], { emptyIsAll: true })).toBe('1 rank(s)');
  });
});

describe('rankChipGroups', () => {
  const ranks = [
    { id: 'p-dep', name: 'Deputy', departmentId: 'patrol', departmentName: 'Patrol' },
    { id: 'p-sgt', name: 'Sergeant', departmentId: 'patrol', departmentName: 'Patrol' },
    { id: 'loose', name: 'Reserve', departmentId: '', departmentName: '' },
    { id: 't-dep', name: 'Deputy', departmentId: 'traffic', departmentName: 'Traffic' },
  ];

  it('groups ranks by department in their order, the ranks without one under General', () => {
    expect(rankChipGroups(ranks)).toEqual([
      { heading: 'Patrol', chips: [{ id: 'p-dep', label: 'Deputy · Patrol' }, { id: 'p-sgt', label: 'Sergeant' }] },
      { heading: 'Traffic', chips: [{ id: 't-dep', label: 'Deputy · Traffic' }] },
      { heading: 'General', chips: [{ id: 'loose', label: 'Reserve' }] },
    ]);
  });

  it('lists chosen ids that are not known ranks under General, so they can be removed', () => {
    const groups = rankChipGroups(ranks.slice(0, 1), ['All', 'gone', ' p-dep ', 'gone']);
    expect(groups).toEqual([
      { heading: 'Patrol', chips: [{ id: 'p-dep', label: 'Deputy' }] },
      { heading: 'General', chips: [{ id: 'gone', label: 'gone' }] },
    ]);
  });

  it('has no groups without ranks', () => {
    expect(rankChipGroups([], ['*'])).toEqual([]);
  });
});

// Issue 21, defect 6: the ranks behind 'N rank(s)', same-named ranks told apart.
const AGENCY_RANKS = [
  { id: 'p-cad', name: 'Cadet', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'p-dep', name: 'Deputy', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'p-sgt', name: 'Sergeant', departmentId: 'patrol', departmentName: 'Patrol Division' },
  { id: 'd-det', name: 'Detective', departmentId: 'cid', departmentName: 'Investigations' },
  { id: 'd-sgt', name: ' sergeant ', departmentId: 'cid', departmentName: '' },
  { id: 'loose', name: 'Sergeant', departmentId: '', departmentName: '' },
  { id: 'blank', name: ' ', departmentId: 'cid', departmentName: 'Investigations' },
];

describe('rankLabels', () => {
  it('names a rank, with its department only when ranks of other departments share the name', () => {
    expect(Object.fromEntries(rankLabels(AGENCY_RANKS))).toEqual({
      'p-cad': 'Cadet',
      'p-dep': 'Deputy',
      'p-sgt': 'Sergeant · Patrol Division',
      'd-det': 'Detective',
      // A department without a name shows its id; a rank without one, General.
      'd-sgt': 'sergeant · cid',
      loose: 'Sergeant · General',
      blank: 'blank',
    });
  });

  it('leaves same-named ranks of one department as they are', () => {
    const labels = rankLabels([
      { id: 'a', name: 'Deputy', departmentId: 'patrol', departmentName: 'Patrol' },
      { id: 'b', name: 'Deputy', departmentId: 'patrol', departmentName: 'Patrol' },
    ]);
    expect([...labels.values()]).toEqual(['Deputy', 'Deputy']);
  });
});

describe('allowedRankNames', () => {
  const ranks = AGENCY_RANKS.slice(0, 4);

  it('names the chosen ranks in rank order, ids the agency no longer has last', () => {
    expect(allowedRankNames(['p-sgt', 'p-cad'], ranks)).toBe('Cadet, Sergeant');
    expect(allowedRankNames(['gone', 'p-dep', ' p-dep '], ranks)).toBe('Deputy, gone');
    expect(allowedRankNames(['p-sgt'], AGENCY_RANKS)).toBe('Sergeant · Patrol Division');
  });

  it("says 'All ranks except …' when that is shorter", () => {
    expect(allowedRankNames(['p-dep', 'p-sgt', 'd-det'], ranks)).toBe('All ranks except Cadet');
    // Two of four: the names are shorter.
    expect(allowedRankNames(['p-dep', 'p-cad'], ranks)).toBe('Cadet, Deputy');
    // An unknown id is never hidden behind 'except'.
    expect(allowedRankNames(['p-dep', 'p-sgt', 'd-det', 'gone'], ranks)).toBe('Deputy, Sergeant, Detective, gone');
  });

  it('says when every rank of today is chosen one by one', () => {
    expect(allowedRankNames(['d-det', 'p-sgt', 'p-dep', 'p-cad'], ranks)).toBe(EVERY_CURRENT_RANK);
    expect(EVERY_CURRENT_RANK).toBe('Every current rank (not ranks added later)');
  });

  it('adds nothing when the summary says it all', () => {
    expect(allowedRankNames(['All'], ranks)).toBeNull();
    expect(allowedRankNames(['p-dep', '*'], ranks)).toBeNull();
    expect(allowedRankNames([' '], ranks)).toBeNull();
    expect(allowedRankNames([], ranks)).toBeNull();
  });
});
