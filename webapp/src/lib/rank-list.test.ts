import { describe, expect, it } from 'vitest';
import casesText from '../../../server/src/access/cases/rank_list.json?raw';
import {
  ALL_RANKS,
  allowedSummary,
  normalizeRanks,
  rankAllows,
  rankChipChecked,
  rankChipGroups,
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
      { heading: 'Patrol', chips: [{ id: 'p-dep', label: 'Deputy' }, { id: 'p-sgt', label: 'Sergeant' }] },
      { heading: 'Traffic', chips: [{ id: 't-dep', label: 'Deputy' }] },
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
