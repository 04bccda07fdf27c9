import { describe, expect, it } from 'vitest';
import {
  generateDarkPalette,
  generatePalette,
  GOLD,
  hexToRgb,
  hexToRgba,
  hoverColor,
  isHexColor,
  normalizeHex,
  parseHex,
  PRIMARY_SHADE,
  toHex,
} from './colors';

describe('parseHex', () => {
  it('reads 6-digit colours with or without #', () => {
    expect(parseHex('#1c7ed6')).toEqual({ r: 28, g: 126, b: 214, a: 1 });
    expect(parseHex('1C7ED6')).toEqual({ r: 28, g: 126, b: 214, a: 1 });
  });

  it('expands 3-digit colours to 6 digits', () => {
    expect(parseHex('#fa0')).toEqual({ r: 255, g: 170, b: 0, a: 1 });
    expect(normalizeHex('abc', '#000000')).toBe('#aabbcc');
  });

  it('reads the alpha byte of 8-digit colours', () => {
    expect(parseHex('#00000080')).toEqual({ r: 0, g: 0, b: 0, a: 0.502 });
    expect(parseHex('ffffffff')?.a).toBe(1);
  });

  it('falls back on invalid input', () => {
    for (const bad of ['', '#', '#12', '#1234', '#12345', '#1234567', 'red', '#ggg', '  ', null, undefined]) {
      expect(parseHex(bad)).toBeNull();
      expect(parseHex(bad, GOLD)).toEqual(GOLD);
      expect(isHexColor(bad)).toBe(false);
    }
  });

  it('ignores surrounding whitespace', () => {
    expect(parseHex('  #f4c20e ')).toEqual({ r: 244, g: 194, b: 14, a: 1 });
  });
});

describe('rgb and rgba strings', () => {
  it('formats rgb', () => {
    expect(hexToRgb('#2f9e44')).toBe('rgb(47, 158, 68)');
    expect(hexToRgb('nope')).toBe('rgb(244, 194, 14)');
  });

  it('formats rgba with a clamped alpha', () => {
    expect(hexToRgba('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(hexToRgba('#fff', 2)).toBe('rgba(255, 255, 255, 1)');
  });

  it('round-trips through toHex', () => {
    expect(toHex({ r: 28, g: 126, b: 214, a: 1 })).toBe('#1c7ed6');
    expect(toHex({ r: 0, g: 0, b: 0, a: 0.5 })).toBe('#00000080');
  });
});

describe('hoverColor', () => {
  it('uses alpha 0.12', () => {
    expect(hoverColor('#1c7ed6')).toBe('rgba(28, 126, 214, 0.12)');
  });

  it('falls back to gold (244,194,14) when invalid', () => {
    expect(hoverColor('not-a-colour')).toBe('rgba(244, 194, 14, 0.12)');
    expect(hoverColor(null)).toBe('rgba(244, 194, 14, 0.12)');
  });
});

describe('palettes', () => {
  it('puts the exact primary colour at the primary shade and the dark colour after it', () => {
    const palette = generatePalette('#1C7ED6', '#1864ab');
    expect(palette).toHaveLength(10);
    expect(palette[PRIMARY_SHADE]).toBe('#1c7ed6');
    expect(palette[PRIMARY_SHADE + 1]).toBe('#1864ab');
    for (const shade of palette) expect(isHexColor(shade)).toBe(true);
  });

  it('gets lighter towards shade 0', () => {
    const palette = generatePalette('#2f9e44');
    const brightness = (hex: string) => {
      const c = parseHex(hex, GOLD);
      return c.r + c.g + c.b;
    };
    for (let i = 1; i < palette.length; i += 1) {
      expect(brightness(palette[i - 1] ?? '')).toBeGreaterThanOrEqual(brightness(palette[i] ?? ''));
    }
  });

  it('falls back to gold for an invalid primary colour', () => {
    expect(generatePalette('nope')[PRIMARY_SHADE]).toBe('#f4c20e');
  });

  it('maps surfaces onto the dark palette', () => {
    const dark = generateDarkPalette({
      textColor: '#ffffff',
      surfaceAlt: '#1a1a1a',
      surface: '#121212',
      background: '#0b0b0b',
    });
    expect(dark[0]).toBe('#ffffff');
    expect(dark[5]).toBe('#1a1a1a');
    expect(dark[6]).toBe('#121212');
    expect(dark[7]).toBe('#0b0b0b');
  });
});
