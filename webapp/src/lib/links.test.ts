import { describe, expect, it } from 'vitest';
import { copyrightLine, portalHref } from './links';

const local = { protocol: 'http:', port: '8080' };

describe('portalHref', () => {
  it('prefers the configured portal link', () => {
    expect(portalHref('https://portal.example', 'lspd.localhost', local)).toBe('https://portal.example');
  });

  it('falls back to the agency domain on the current protocol and port', () => {
    expect(portalHref(null, 'lspd.localhost', local)).toBe('http://lspd.localhost:8080');
    expect(portalHref('  ', 'lspd.example.com', { protocol: 'https:', port: '' })).toBe('https://lspd.example.com');
    expect(portalHref(null, 'https://x.example', local)).toBe('https://x.example');
  });

  it('is null without link or domain', () => {
    expect(portalHref(null, null, local)).toBeNull();
  });
});

describe('copyrightLine', () => {
  it('names the agency', () => {
    expect(copyrightLine(2026, 'Los Santos Police Department')).toBe('© 2026 Los Santos Police Department');
    expect(copyrightLine(2026, null)).toBe('© 2026 Community Portal');
  });
});
