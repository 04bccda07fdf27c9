import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, withThemeDefaults } from './agency-theme';

describe('withThemeDefaults', () => {
  it('gives the default gold theme for nothing', () => {
    expect(withThemeDefaults(null)).toEqual(DEFAULT_THEME);
    expect(DEFAULT_THEME).toMatchObject({
      primaryColor: '#f4c20e',
      primaryDark: '#d2a90c',
      accentColor: '#f4c20e',
      surface: '#121212',
      surfaceAlt: '#1a1a1a',
      background: '#0b0b0b',
      textColor: '#ffffff',
      buttonTextColor: '#1b1600',
    });
  });

  it('keeps valid colours, normalised, and replaces invalid ones', () => {
    const theme = withThemeDefaults({ primaryColor: '#1C7ED6', surface: 'blue', background: '#000' });
    expect(theme.primaryColor).toBe('#1c7ed6');
    expect(theme.surface).toBe('#121212');
    expect(theme.background).toBe('#000000');
  });

  it('lets a missing accent follow the primary colour', () => {
    expect(withThemeDefaults({ primaryColor: '#2f9e44' }).accentColor).toBe('#2f9e44');
    expect(withThemeDefaults({ primaryColor: '#2f9e44', accentColor: '#fff' }).accentColor).toBe('#ffffff');
  });

  it('turns blank texts into null', () => {
    expect(withThemeDefaults({ heroTitle: '  ', badgeUrl: '/media/b.png' })).toMatchObject({
      heroTitle: null,
      badgeUrl: '/media/b.png',
    });
  });
});
