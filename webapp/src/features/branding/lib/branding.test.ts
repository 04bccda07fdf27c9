import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@/lib/agency-theme';
import {
  brandingChanged,
  brandingChanges,
  brandingPatch,
  brandingPreview,
  brandingValues,
  COLOR_FIELDS,
  defaultColor,
  editorColor,
  keptHomeCards,
  newHomeCard,
} from './branding';

const source = {
  description: 'Serving the county.',
  longDescription: null,
  theme: {
    ...DEFAULT_THEME,
    primaryColor: '#1c7ed6',
    heroTitle: 'Protect and serve',
    badgeUrl: '/media/agencies/lspd/badge.png',
    homeCards: [{ title: 'Roster', description: '', href: '/roster' }],
  },
};

describe('brandingValues', () => {
  it('fills the editor from the agency, blanks for missing texts', () => {
    const values = brandingValues(source);
    expect(values).toMatchObject({
      primaryColor: '#1c7ed6',
      accentColor: '#f4c20e',
      heroTitle: 'Protect and serve',
      heroSubtitle: '',
      description: 'Serving the county.',
      longDescription: '',
      badgeUrl: '/media/agencies/lspd/badge.png',
      faviconUrl: '',
    });
    expect(values.homeCards.map(({ title, href }) => ({ title, href }))).toEqual([{ title: 'Roster', href: '/roster' }]);
  });

  it('gives the default colours without an agency', () => {
    expect(brandingValues(null)).toMatchObject({ primaryColor: '#f4c20e', buttonTextColor: '#1b1600', heroTitle: '' });
  });

  it('has eight colour pickers', () => {
    expect(COLOR_FIELDS).toHaveLength(8);
  });
});

describe('colours', () => {
  it('shows white in the editor for values that are not colours', () => {
    expect(editorColor('#ABC')).toBe('#aabbcc');
    expect(editorColor('blue')).toBe('#ffffff');
    expect(editorColor('')).toBe('#ffffff');
  });

  it('resets to the default, the accent to the primary colour', () => {
    expect(defaultColor('surface', { primaryColor: '#1c7ed6' })).toBe('#121212');
    expect(defaultColor('accentColor', { primaryColor: '#1C7ED6' })).toBe('#1c7ed6');
    expect(defaultColor('accentColor', { primaryColor: 'nope' })).toBe('#f4c20e');
  });
});

describe('brandingPatch', () => {
  it('expands short hex, resets invalid colours and blank texts with null', () => {
    const values = { ...brandingValues(source), primaryColor: '#0AF', surface: 'not a colour', heroTitle: '  ', heroBody: ' Hi ' };
    const patch = brandingPatch(values);
    expect(patch.theme.primaryColor).toBe('#00aaff');
    expect(patch.theme.surface).toBeNull();
    expect(patch.theme.heroTitle).toBeNull();
    expect(patch.theme.heroBody).toBe('Hi');
    expect(patch.description).toBe('Serving the county.');
    expect(patch.longDescription).toBeNull();
    expect(patch.theme.faviconUrl).toBeNull();
  });

  it('drops cards whose title, description and link are all empty', () => {
    const cards = [
      newHomeCard({ title: ' A ', href: '/roster' }),
      newHomeCard(),
      newHomeCard({ description: '  ' }),
      newHomeCard({ description: 'Only text' }),
    ];
    expect(keptHomeCards(cards)).toEqual([
      { title: 'A', description: '', href: '/roster' },
      { title: '', description: 'Only text', href: '' },
    ]);
    expect(brandingPatch({ ...brandingValues(source), homeCards: cards }).theme.homeCards).toHaveLength(2);
  });
});

describe('brandingChanged', () => {
  it('ignores row keys and whitespace-only edits', () => {
    const initial = brandingValues(source);
    expect(brandingChanged(initial, brandingValues(source))).toBe(false);
    expect(brandingChanged(initial, { ...initial, heroSubtitle: '   ', homeCards: [...initial.homeCards, newHomeCard()] })).toBe(
      false,
    );
    expect(brandingChanged(initial, { ...initial, heroTitle: 'New title' })).toBe(true);
    expect(brandingChanged(initial, { ...initial, surfaceAlt: '#222' })).toBe(true);
  });
});

describe('brandingChanges', () => {
  it('sends only what changed', () => {
    const initial = brandingValues(source);
    expect(brandingChanges(initial, { ...initial, heroTitle: ' New ', surface: '#222', description: '' })).toEqual({
      description: null,
      theme: { heroTitle: 'New', surface: '#222222' },
    });
    expect(brandingChanges(initial, { ...initial, primaryColor: '#1C7ED6' })).toEqual({});
    expect(brandingChanges(initial, { ...initial, homeCards: [] })).toEqual({ theme: { homeCards: [] } });
  });
});

describe('brandingPreview', () => {
  it('applies the draft with defaults for invalid colours', () => {
    const preview = brandingPreview({ ...brandingValues(source), heroTitle: 'Draft', primaryColor: 'zzz', textColor: '#eee' });
    expect(preview.theme.heroTitle).toBe('Draft');
    expect(preview.theme.primaryColor).toBe('#f4c20e');
    expect(preview.theme.textColor).toBe('#eeeeee');
    expect(preview.description).toBe('Serving the county.');
  });
});
