/**
 * Default agency theme (member-portal §9) and filling a partial theme, as the server does
 * (`Theme::from_stored`); both are tested against the same cases
 * (`server/src/tenancy/cases/theme.json`). Pure.
 */

import { normalizeHex } from './colors';

export interface ThemeColors {
  primaryColor: string;
  primaryDark: string;
  accentColor: string;
  surface: string;
  surfaceAlt: string;
  background: string;
  textColor: string;
  buttonTextColor: string;
}

export interface AgencyThemeShape extends ThemeColors {
  faviconUrl: string | null;
  heroTitle: string | null;
  heroSubtitle: string | null;
  heroBody: string | null;
  heroUrl: string | null;
  badgeUrl: string | null;
  heroCtaLabel: string | null;
  heroCtaHref: string | null;
  homeCards: { title: string; description: string; href: string }[];
}

export const DEFAULT_THEME_COLORS: Readonly<ThemeColors> = Object.freeze({
  primaryColor: '#f4c20e',
  primaryDark: '#d2a90c',
  accentColor: '#f4c20e',
  surface: '#121212',
  surfaceAlt: '#1a1a1a',
  background: '#0b0b0b',
  textColor: '#ffffff',
  buttonTextColor: '#1b1600',
});

export const DEFAULT_THEME: Readonly<AgencyThemeShape> = Object.freeze({
  ...DEFAULT_THEME_COLORS,
  faviconUrl: null,
  heroTitle: null,
  heroSubtitle: null,
  heroBody: null,
  heroUrl: null,
  badgeUrl: null,
  heroCtaLabel: null,
  heroCtaHref: null,
  homeCards: [],
});

/** The theme part of `PATCH /api/agencies/{slug}`: null resets a key to its default. */
export interface ThemePatch extends Record<keyof ThemeColors, string | null> {
  heroTitle: string | null;
  heroSubtitle: string | null;
  heroBody: string | null;
  heroCtaLabel: string | null;
  heroCtaHref: string | null;
  badgeUrl: string | null;
  heroUrl: string | null;
  faviconUrl: string | null;
  homeCards: { title: string; description: string; href: string }[];
}

/** A branding preview of the live shell: a draft theme and texts. */
export interface BrandingPreviewState {
  theme: AgencyThemeShape;
  description: string | null;
  longDescription: string | null;
}

const COLOR_KEYS = Object.keys(DEFAULT_THEME_COLORS) as (keyof ThemeColors)[];

/**
 * A complete theme: invalid or missing colours take the defaults (an absent accent follows
 * the primary colour), blank texts become null.
 */
export function withThemeDefaults(theme: Partial<AgencyThemeShape> | null | undefined): AgencyThemeShape {
  const source = theme ?? {};
  const colors = {} as ThemeColors;
  for (const key of COLOR_KEYS) colors[key] = normalizeHex(source[key], DEFAULT_THEME_COLORS[key]);
  if (normalizeHex(source.accentColor, '') === '') colors.accentColor = colors.primaryColor;
  const text = (value: string | null | undefined): string | null =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  return {
    ...colors,
    faviconUrl: text(source.faviconUrl),
    heroTitle: text(source.heroTitle),
    heroSubtitle: text(source.heroSubtitle),
    heroBody: text(source.heroBody),
    heroUrl: text(source.heroUrl),
    badgeUrl: text(source.badgeUrl),
    heroCtaLabel: text(source.heroCtaLabel),
    heroCtaHref: text(source.heroCtaHref),
    homeCards: Array.isArray(source.homeCards) ? source.homeCards.map((card) => ({ ...card })) : [],
  };
}
