import { describe, expect, it } from 'vitest';
import casesText from '../../../server/src/access/cases/document_level.json?raw';
import { reachesLevel } from './document-level';

interface LevelCase {
  viewer: string | null;
  min: string;
  expected: boolean;
  why: string;
}
const cases = JSON.parse(casesText) as { levels: string[]; cases: LevelCase[] };

describe('the document-level rule (the server’s cases)', () => {
  it.each(cases.cases.map((c) => [c.why, c] as const))('%s', (_why, c) => {
    expect(reachesLevel(cases.levels, c.viewer, c.min)).toBe(c.expected);
  });
});
