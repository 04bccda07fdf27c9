import { describe, expect, it } from 'vitest';
import casesText from '../../../server/src/tenancy/cases/theme.json?raw';
import { DEFAULT_THEME, withThemeDefaults, type AgencyThemeShape } from './agency-theme';

interface ThemeCase {
  why: string;
  stored: Partial<AgencyThemeShape>;
  expected: Partial<AgencyThemeShape>;
}
const cases = JSON.parse(casesText) as { cases: ThemeCase[] };

describe('withThemeDefaults', () => {
  it('gives the default theme for nothing', () => {
    expect(withThemeDefaults(null)).toEqual(DEFAULT_THEME);
    expect(withThemeDefaults(undefined)).toEqual(DEFAULT_THEME);
  });

  it.each(cases.cases.map((c) => [c.why, c] as const))('fills a stored theme as the server does: %s', (_why, c) => {
    expect(withThemeDefaults(c.stored)).toMatchObject(c.expected);
  });
});
