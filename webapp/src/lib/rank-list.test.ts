import { describe, expect, it } from 'vitest';
import casesText from '../../../server/src/access/cases/rank_list.json?raw';
import { normalizeRanks, rankAllows } from './rank-list';

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
