import { describe, expect, it } from 'vitest';
import {
  agencyFromAddress,
  agencyCookie,
  agencyForHostname,
  agencyLabel,
  normalizeSlug,
  readCookie,
  resolveActiveSlug,
  switchDestination,
  switchHref,
  visibleAgencies,
  type AgencySummary,
} from './active-agency';

const agency = (slug: string, extra: Partial<AgencySummary> = {}): AgencySummary => ({
  slug,
  name: slug.toUpperCase(),
  shortName: null,
  domain: null,
  flags: { hidden: false },
  ...extra,
});

const AGENCIES = [
  agency('rawlife'),
  agency('bcso', { domain: 'bcso.localhost' }),
  agency('lspd', { domain: 'LSPD.localhost' }),
  agency('secret', { domain: 'secret.localhost', flags: { hidden: true } }),
];

describe('resolveActiveSlug', () => {
  it('uses the stored slug at once while the list loads, else waits', () => {
    expect(resolveActiveSlug({ stored: 'bcso', hostname: 'lspd.localhost', agencies: undefined })).toBe('bcso');
    expect(resolveActiveSlug({ stored: null, hostname: 'lspd.localhost', agencies: undefined })).toBeNull();
  });

  it("serves the domain's agency on its own domain, else the stored slug", () => {
    expect(resolveActiveSlug({ stored: 'bcso', hostname: 'lspd.localhost', agencies: AGENCIES })).toBe('lspd');
    expect(resolveActiveSlug({ stored: ' BCSO ', hostname: 'x', agencies: AGENCIES })).toBe('bcso');
  });

  it('defaults to the agency whose domain is the host name', () => {
    expect(resolveActiveSlug({ stored: null, hostname: 'lspd.localhost', agencies: AGENCIES })).toBe('lspd');
    expect(resolveActiveSlug({ stored: '', hostname: 'bcso.localhost', agencies: AGENCIES })).toBe('bcso');
  });

  it('defaults to rawlife when no domain matches', () => {
    expect(resolveActiveSlug({ stored: null, hostname: '127.0.0.1', agencies: AGENCIES })).toBe('rawlife');
  });

  it('ignores hidden agencies for the domain default', () => {
    expect(resolveActiveSlug({ stored: null, hostname: 'secret.localhost', agencies: AGENCIES })).toBe('rawlife');
  });

  it('falls back to the first visible agency when the slug is not visible', () => {
    expect(resolveActiveSlug({ stored: 'gone', hostname: 'x', agencies: AGENCIES })).toBe('rawlife');
    expect(resolveActiveSlug({ stored: 'secret', hostname: 'x', agencies: AGENCIES })).toBe('rawlife');
    const withoutRoot = AGENCIES.slice(1);
    expect(resolveActiveSlug({ stored: null, hostname: 'x', agencies: withoutRoot })).toBe('bcso');
    expect(resolveActiveSlug({ stored: 'gone', hostname: 'x', agencies: [] })).toBe('rawlife');
  });

  it('keeps the stored slug (or rawlife) when the list failed', () => {
    expect(resolveActiveSlug({ stored: 'lspd', hostname: 'x', agencies: null })).toBe('lspd');
    expect(resolveActiveSlug({ stored: null, hostname: 'lspd.localhost', agencies: null })).toBe('rawlife');
  });
});

describe('switchHref', () => {
  const page = (hostname: string) => ({ hostname, pathname: '/roster', search: '?page=2&agency=bcso' });

  it('switches in place between agencies without domains on the public address', () => {
    expect(switchHref(AGENCIES, 'rawlife', page('127.0.0.1'))).toBeNull();
    const noDomains = AGENCIES.map((a) => ({ ...a, domain: null }));
    expect(switchHref(noDomains, 'bcso', page('127.0.0.1'))).toBeNull();
  });

  it('goes through the server to an agency with its own domain, keeping the path', () => {
    expect(switchHref(AGENCIES, 'lspd', page('127.0.0.1'))).toBe('/auth/switch?agency=lspd&returnTo=%2Froster%3Fpage%3D2');
    expect(switchHref(AGENCIES, 'lspd', page('bcso.localhost'))).toBe('/auth/switch?agency=lspd&returnTo=%2Froster%3Fpage%3D2');
  });

  it('leaves an agency domain through the server, even for an agency without one', () => {
    expect(switchHref(AGENCIES, 'rawlife', { hostname: 'BCSO.localhost', pathname: '/', search: '' })).toBe(
      '/auth/switch?agency=rawlife&returnTo=%2F',
    );
  });
});

describe('switchDestination: where the switcher says it goes', () => {
  it("names the target's own domain, with the page's port", () => {
    expect(switchDestination(AGENCIES, 'bcso', { hostname: '127.0.0.1', port: '8080' })).toBe('bcso.localhost:8080');
    expect(switchDestination(AGENCIES, 'lspd', { hostname: 'bcso.localhost', port: '' })).toBe('lspd.localhost');
  });

  it("says the portal's main address when leaving a domain for an agency without one", () => {
    expect(switchDestination(AGENCIES, 'rawlife', { hostname: 'bcso.localhost', port: '8080' })).toBe(
      "the portal's main address",
    );
  });

  it('says nothing for a switch in place or to the agency of this very domain', () => {
    expect(switchDestination(AGENCIES, 'rawlife', { hostname: '127.0.0.1', port: '8080' })).toBeNull();
    expect(switchDestination(AGENCIES, 'bcso', { hostname: 'bcso.localhost', port: '8080' })).toBeNull();
    expect(switchDestination(AGENCIES, 'nowhere', { hostname: '127.0.0.1', port: '' })).toBeNull();
  });
});

describe('helpers', () => {
  it('normalises slugs', () => {
    expect(normalizeSlug(' LSPD ')).toBe('lspd');
    expect(normalizeSlug('')).toBeNull();
    expect(normalizeSlug(3)).toBeNull();
  });

  it('filters hidden agencies', () => {
    expect(visibleAgencies(AGENCIES).map((a) => a.slug)).toEqual(['rawlife', 'bcso', 'lspd']);
  });

  it('matches host names case-insensitively, ignoring ports', () => {
    expect(agencyForHostname(AGENCIES, 'lspd.localhost')?.slug).toBe('lspd');
    expect(agencyForHostname([agency('a', { domain: 'a.example:8080' })], 'A.example')?.slug).toBe('a');
    expect(agencyForHostname(AGENCIES, '')).toBeUndefined();
  });

  it('labels agencies by short name, else name', () => {
    expect(agencyLabel({ name: 'Los Santos Police Department', shortName: 'LSPD' })).toBe('LSPD');
    expect(agencyLabel({ name: 'RawLife Community', shortName: ' ' })).toBe('RawLife Community');
  });

  it('writes a 30-day cookie on path /', () => {
    expect(agencyCookie('lspd')).toBe('agencySlug=lspd; max-age=2592000; path=/; samesite=lax');
  });

  it('reads cookies', () => {
    expect(readCookie('a=1; agencySlug=bcso; b=2', 'agencySlug')).toBe('bcso');
    expect(readCookie('agencySlugX=1', 'agencySlug')).toBeNull();
    expect(readCookie('', 'agencySlug')).toBeNull();
  });
});

describe('agencyFromAddress', () => {
  it('takes the agency named in the address and removes it', () => {
    expect(agencyFromAddress('http://127.0.0.1:8080/profile?agency=LSPD&tab=2#top')).toEqual({
      slug: 'lspd',
      cleaned: '/profile?tab=2#top',
    });
    expect(agencyFromAddress('http://127.0.0.1:8080/?agency=bcso')).toEqual({ slug: 'bcso', cleaned: '/' });
  });

  it('ignores addresses without one', () => {
    expect(agencyFromAddress('http://127.0.0.1:8080/roster')).toBeNull();
    expect(agencyFromAddress('http://127.0.0.1:8080/roster?agency=%20')).toBeNull();
    expect(agencyFromAddress('not a url')).toBeNull();
  });
});
