/** Pure colour helpers (member-portal §5 "Colours", §9 default theme colours). */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

/** The default gold, #f4c20e. Invalid hover colours fall back to it. */
export const GOLD: Rgba = { r: 244, g: 194, b: 14, a: 1 };

/** Alpha of the hover background derived from the primary colour. */
export const HOVER_ALPHA = 0.12;

const HEX_DIGITS = /^[0-9a-f]+$/i;

/**
 * Parses a 3-, 6- or 8-digit hex colour ('#' optional). A 3-digit value is expanded to 6
 * digits; the 8-digit form carries alpha in its last byte. Anything else yields `fallback`
 * (or `null` when no fallback is given).
 */
export function parseHex(input: string | null | undefined, fallback: Rgba): Rgba;
export function parseHex(input: string | null | undefined): Rgba | null;
export function parseHex(input: string | null | undefined, fallback?: Rgba): Rgba | null {
  const fail = fallback ?? null;
  if (typeof input !== 'string') return fail;
  let hex = input.trim();
  if (hex.startsWith('#')) hex = hex.slice(1);
  if (!HEX_DIGITS.test(hex)) return fail;
  if (hex.length === 3) {
    hex = hex
      .split('')
      .map((digit) => digit + digit)
      .join('');
  }
  if (hex.length !== 6 && hex.length !== 8) return fail;
  const byte = (index: number): number => parseInt(hex.slice(index, index + 2), 16);
  const alpha = hex.length === 8 ? roundTo(byte(6) / 255, 3) : 1;
  return { r: byte(0), g: byte(2), b: byte(4), a: alpha };
}

/** True when `input` is a valid 3-, 6- or 8-digit hex colour. */
export function isHexColor(input: string | null | undefined): boolean {
  return parseHex(input) !== null;
}

/** '#rrggbb' (or '#rrggbbaa' when not opaque), lowercase. */
export function toHex(color: Rgba): string {
  const part = (value: number): string => clampByte(value).toString(16).padStart(2, '0');
  const base = `#${part(color.r)}${part(color.g)}${part(color.b)}`;
  return color.a >= 1 ? base : `${base}${part(color.a * 255)}`;
}

/** Normalises a hex colour to '#rrggbb[aa]'; invalid input yields `fallback` unchanged. */
export function normalizeHex(input: string | null | undefined, fallback: string): string {
  const parsed = parseHex(input);
  return parsed ? toHex(parsed) : fallback;
}

/** 'r, g, b' triplet, handy for CSS `rgba(var(--x), a)` patterns. */
export function toRgbTriplet(color: Rgba): string {
  return `${clampByte(color.r)}, ${clampByte(color.g)}, ${clampByte(color.b)}`;
}

/** 'rgb(r, g, b)' of a hex colour; invalid input uses `fallback` (gold by default). */
export function hexToRgb(input: string | null | undefined, fallback: Rgba = GOLD): string {
  return `rgb(${toRgbTriplet(parseHex(input, fallback))})`;
}

/** 'rgba(r, g, b, alpha)' of a hex colour; invalid input uses `fallback` (gold by default). */
export function hexToRgba(
  input: string | null | undefined,
  alpha: number,
  fallback: Rgba = GOLD,
): string {
  const color = parseHex(input, fallback);
  return `rgba(${toRgbTriplet(color)}, ${roundTo(clamp(alpha, 0, 1), 3)})`;
}

/** Hover background: the colour at alpha 0.12; invalid input falls back to gold (244,194,14). */
export function hoverColor(input: string | null | undefined): string {
  return hexToRgba(input, HOVER_ALPHA, GOLD);
}

/** Linear mix of two colours in RGB; `weight` is the share of `b` (0..1). */
export function mix(a: Rgba, b: Rgba, weight: number): Rgba {
  const w = clamp(weight, 0, 1);
  const channel = (x: number, y: number): number => Math.round(x + (y - x) * w);
  return { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: 1 };
}

/** Relative luminance (WCAG), 0 = black, 1 = white. */
export function luminance(color: Rgba): number {
  const linear = (value: number): number => {
    const s = clampByte(value) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

export type Palette = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** Index of the palette that holds the exact primary colour (the theme's primary shade). */
export const PRIMARY_SHADE = 6;

/**
 * Ten shades (Mantine colour tuple) around `base`: shade 6 is `base` itself, shade 7 is
 * `dark` (the hover colour of filled buttons) when given, lighter shades mix towards white
 * and darker ones towards black.
 */
export function generatePalette(base: string, dark?: string | null): Palette {
  const color = { ...parseHex(base, GOLD), a: 1 };
  const darker = parseHex(dark) ?? mix(color, BLACK, 0.14);
  const tint = (weight: number): string => toHex(mix(color, WHITE, weight));
  const shade = (from: Rgba, weight: number): string => toHex(mix(from, BLACK, weight));
  return [
    tint(0.9),
    tint(0.78),
    tint(0.62),
    tint(0.45),
    tint(0.3),
    tint(0.15),
    toHex(color),
    toHex({ ...darker, a: 1 }),
    shade(darker, 0.18),
    shade(darker, 0.36),
  ];
}

/**
 * Mantine's `dark` palette built from the agency surfaces, so every dark-scheme component
 * picks them up: 0 = text, 5 = surfaceAlt, 6 = surface (cards, menus), 7 = background (body).
 */
export function generateDarkPalette(input: {
  textColor: string;
  surfaceAlt: string;
  surface: string;
  background: string;
}): Palette {
  const text = parseHex(input.textColor, WHITE);
  const alt = parseHex(input.surfaceAlt, { r: 26, g: 26, b: 26, a: 1 });
  const surface = parseHex(input.surface, { r: 18, g: 18, b: 18, a: 1 });
  const background = parseHex(input.background, { r: 11, g: 11, b: 11, a: 1 });
  const between = (weight: number): string => toHex(mix(alt, text, weight));
  return [
    toHex({ ...text, a: 1 }),
    between(0.78),
    between(0.55),
    between(0.32),
    between(0.16),
    toHex({ ...alt, a: 1 }),
    toHex({ ...surface, a: 1 }),
    toHex({ ...background, a: 1 }),
    toHex(mix(background, BLACK, 0.3)),
    toHex(mix(background, BLACK, 0.6)),
  ];
}

function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

function clampByte(value: number): number {
  return Math.round(clamp(value, 0, 255));
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
