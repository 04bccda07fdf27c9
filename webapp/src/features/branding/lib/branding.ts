/**
 * The branding editor (command-and-reports §2 Agency branding, §4 Branding preview, §5
 * Colours and Homepage cards). Pure.
 */

import {
  DEFAULT_THEME_COLORS,
  withThemeDefaults,
  type AgencyThemeShape,
  type BrandingPreviewState,
  type ThemeColors,
  type ThemePatch,
} from '@/lib/agency-theme';
import { normalizeHex } from '@/lib/colors';

export type ColorKey = keyof ThemeColors;

/** The eight colour pickers, in display order. */
export const COLOR_FIELDS: readonly { key: ColorKey; label: string }[] = Object.freeze([
  { key: 'primaryColor', label: 'Primary colour' },
  { key: 'primaryDark', label: 'Primary dark' },
  { key: 'accentColor', label: 'Accent colour' },
  { key: 'background', label: 'Background' },
  { key: 'surface', label: 'Surface' },
  { key: 'surfaceAlt', label: 'Alternate surface' },
  { key: 'textColor', label: 'Text colour' },
  { key: 'buttonTextColor', label: 'Button text colour' },
]);

/** Presets offered under every colour picker: the defaults, then common agency colours. */
export const COLOR_SWATCHES: readonly string[] = Object.freeze([
  '#f4c20e',
  '#d2a90c',
  '#1b1600',
  '#0b0b0b',
  '#121212',
  '#1a1a1a',
  '#ffffff',
  '#1c7ed6',
  '#1864ab',
  '#2f9e44',
  '#237032',
  '#c92a2a',
  '#7048e8',
  '#e8590c',
]);

/** The fallback shown in the editor for a value that is not a colour. */
export const EDITOR_FALLBACK_COLOR = '#ffffff';

export interface HomeCardValues {
  /** Stable React key of the row (not sent). */
  key: string;
  title: string;
  description: string;
  href: string;
}

export type ImageKey = 'badgeUrl' | 'heroUrl' | 'faviconUrl';

export interface BrandingValues extends ThemeColors {
  heroTitle: string;
  heroSubtitle: string;
  heroBody: string;
  heroCtaLabel: string;
  heroCtaHref: string;
  description: string;
  longDescription: string;
  badgeUrl: string;
  heroUrl: string;
  faviconUrl: string;
  homeCards: HomeCardValues[];
}

/** The image uploads, in display order. */
export const IMAGE_FIELDS: readonly { key: ImageKey; label: string }[] = Object.freeze([
  { key: 'badgeUrl', label: 'Navigation badge' },
  { key: 'heroUrl', label: 'Hero image' },
  { key: 'faviconUrl', label: 'Browser tab icon' },
]);

export interface BrandingSource {
  description?: string | null;
  longDescription?: string | null;
  theme?: Partial<AgencyThemeShape> | null;
}

let cardCounter = 0;

/** A fresh card row. */
export function newHomeCard(values: Partial<Omit<HomeCardValues, 'key'>> = {}): HomeCardValues {
  cardCounter += 1;
  return {
    key: `card-${cardCounter}`,
    title: values.title ?? '',
    description: values.description ?? '',
    href: values.href ?? '',
  };
}

/** The editor's values for an agency (its theme with the defaults filled in). */
export function brandingValues(source: BrandingSource | null | undefined): BrandingValues {
  const theme = withThemeDefaults(source?.theme);
  return {
    primaryColor: theme.primaryColor,
    primaryDark: theme.primaryDark,
    accentColor: theme.accentColor,
    surface: theme.surface,
    surfaceAlt: theme.surfaceAlt,
    background: theme.background,
    textColor: theme.textColor,
    buttonTextColor: theme.buttonTextColor,
    heroTitle: theme.heroTitle ?? '',
    heroSubtitle: theme.heroSubtitle ?? '',
    heroBody: theme.heroBody ?? '',
    heroCtaLabel: theme.heroCtaLabel ?? '',
    heroCtaHref: theme.heroCtaHref ?? '',
    description: source?.description ?? '',
    longDescription: source?.longDescription ?? '',
    badgeUrl: theme.badgeUrl ?? '',
    heroUrl: theme.heroUrl ?? '',
    faviconUrl: theme.faviconUrl ?? '',
    homeCards: theme.homeCards.map((card) => newHomeCard(card)),
  };
}

/** The colour the editor swatch shows: the value normalised, or white when it is not a colour. */
export function editorColor(value: string | null | undefined): string {
  return normalizeHex(value, EDITOR_FALLBACK_COLOR);
}

/** What Reset sets a colour to: its default (the accent follows the primary colour). */
export function defaultColor(key: ColorKey, values: Pick<ThemeColors, 'primaryColor'>): string {
  if (key === 'accentColor') return normalizeHex(values.primaryColor, DEFAULT_THEME_COLORS.primaryColor);
  return DEFAULT_THEME_COLORS[key];
}

/** Cards with title, description and link trimmed; cards with all three empty dropped. */
export function keptHomeCards(cards: readonly Omit<HomeCardValues, 'key'>[]): { title: string; description: string; href: string }[] {
  return cards
    .map((card) => ({ title: card.title.trim(), description: card.description.trim(), href: card.href.trim() }))
    .filter((card) => card.title !== '' || card.description !== '' || card.href !== '');
}

export interface BrandingPatch {
  description: string | null;
  longDescription: string | null;
  theme: ThemePatch;
}

function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The `PATCH /api/agencies/{slug}` body: blank texts become null, colours are normalised
 * (short hex expanded) and a value that is not a colour becomes null, so the default applies.
 */
export function brandingPatch(values: BrandingValues): BrandingPatch {
  const color = (key: ColorKey): string | null => {
    const normalized = normalizeHex(values[key], '');
    return normalized === '' ? null : normalized;
  };
  return {
    description: textOrNull(values.description),
    longDescription: textOrNull(values.longDescription),
    theme: {
      primaryColor: color('primaryColor'),
      primaryDark: color('primaryDark'),
      accentColor: color('accentColor'),
      surface: color('surface'),
      surfaceAlt: color('surfaceAlt'),
      background: color('background'),
      textColor: color('textColor'),
      buttonTextColor: color('buttonTextColor'),
      heroTitle: textOrNull(values.heroTitle),
      heroSubtitle: textOrNull(values.heroSubtitle),
      heroBody: textOrNull(values.heroBody),
      heroCtaLabel: textOrNull(values.heroCtaLabel),
      heroCtaHref: textOrNull(values.heroCtaHref),
      badgeUrl: textOrNull(values.badgeUrl),
      heroUrl: textOrNull(values.heroUrl),
      faviconUrl: textOrNull(values.faviconUrl),
      homeCards: keptHomeCards(values.homeCards),
    },
  };
}

/** The part of a branding patch that differs from what was loaded. */
export interface BrandingChanges {
  description?: string | null;
  longDescription?: string | null;
  theme?: Partial<ThemePatch>;
}

/**
 * Only what the editor changed, as a PATCH body: untouched settings are not sent, so the
 * server keeps treating them as before (e.g. a colour that follows the default).
 */
export function brandingChanges(initial: BrandingValues, current: BrandingValues): BrandingChanges {
  const before = brandingPatch(initial);
  const after = brandingPatch(current);
  const changes: BrandingChanges = {};
  if (before.description !== after.description) changes.description = after.description;
  if (before.longDescription !== after.longDescription) changes.longDescription = after.longDescription;
  const theme: Partial<Record<keyof ThemePatch, unknown>> = {};
  for (const key of Object.keys(after.theme) as (keyof ThemePatch)[]) {
    if (JSON.stringify(before.theme[key]) !== JSON.stringify(after.theme[key])) theme[key] = after.theme[key];
  }
  if (Object.keys(theme).length > 0) changes.theme = theme as Partial<ThemePatch>;
  return changes;
}

/** True when saving `current` would change what `initial` saves. */
export function brandingChanged(initial: BrandingValues, current: BrandingValues): boolean {
  return Object.keys(brandingChanges(initial, current)).length > 0;
}

/** What a preview applies to the live shell: the draft theme (defaults for invalid colours) and texts. */
export function brandingPreview(values: BrandingValues): BrandingPreviewState {
  const patch = brandingPatch(values);
  const { theme } = patch;
  return {
    theme: withThemeDefaults({
      ...theme,
      primaryColor: theme.primaryColor ?? undefined,
      primaryDark: theme.primaryDark ?? undefined,
      accentColor: theme.accentColor ?? undefined,
      surface: theme.surface ?? undefined,
      surfaceAlt: theme.surfaceAlt ?? undefined,
      background: theme.background ?? undefined,
      textColor: theme.textColor ?? undefined,
      buttonTextColor: theme.buttonTextColor ?? undefined,
    }),
    description: patch.description,
    longDescription: patch.longDescription,
  };
}
