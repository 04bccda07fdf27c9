import type { Agency, AgencyConfig, Theme } from '@/api/types';
import { DEFAULT_THEME } from '@/lib/agency-theme';
import { DEFAULT_LEVELS } from '@/lib/levels';

export function theme(overrides: Partial<Theme> = {}): Theme {
  return { ...DEFAULT_THEME, homeCards: [], ...overrides };
}

export function agency(slug: string, overrides: Partial<Agency> = {}): Agency {
  return {
    id: slug.length,
    slug,
    name: slug.toUpperCase(),
    shortName: slug.toUpperCase(),
    domain: null,
    description: null,
    longDescription: null,
    flags: {
      hidden: false,
      levels: [],
      enableAgencyManagement: false,
      disableCallsigns: false,
      disableSubDepartments: false,
      rosterManageLevels: ['command', 'high_command'],
    },
    theme: theme(),
    links: { portal: null, discord: null },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function configOf(source: Agency): AgencyConfig {
  return {
    slug: source.slug,
    name: source.name,
    shortName: source.shortName,
    description: source.description,
    longDescription: source.longDescription,
    domain: source.domain,
    theme: source.theme,
    flags: source.flags,
    levels: source.flags.levels.length > 0 ? source.flags.levels : DEFAULT_LEVELS.map((l) => ({ ...l })),
    links: source.links,
  };
}

export const RAWLIFE = agency('rawlife', {
  name: 'RawLife Community',
  shortName: 'RawLife',
  flags: { ...agency('x').flags, enableAgencyManagement: true },
  links: { portal: null, discord: 'https://discord.gg/rawlife' },
});
export const BCSO = agency('bcso', {
  name: "Blaine County Sheriff's Office",
  shortName: 'BCSO',
  domain: 'bcso.localhost',
  theme: theme({ primaryColor: '#2f9e44', primaryDark: '#2b8a3e', accentColor: '#2f9e44' }),
});
export const LSPD = agency('lspd', {
  name: 'Los Santos Police Department',
  shortName: 'LSPD',
  domain: 'lspd.localhost',
  theme: theme({ primaryColor: '#1c7ed6', primaryDark: '#1864ab', accentColor: '#1c7ed6' }),
});
export const HIDDEN = agency('hidden', { name: 'Hidden Agency', flags: { ...agency('x').flags, hidden: true } });

export const DEMO_AGENCIES = [RAWLIFE, BCSO, LSPD, HIDDEN];

export interface MockServerOptions {
  agencies?: Agency[];
  /** Status to answer GET /api/agencies with instead of the list. */
  agenciesStatus?: number;
  /** Status (and optional JSON error) for config calls. */
  configFailure?: { status: number; error?: string };
}

export interface RecordedRequest {
  url: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

/** A fetch stand-in serving the agency endpoints; records every request. */
export function mockAgencyServer(options: MockServerOptions = {}) {
  const agencies = options.agencies ?? DEMO_AGENCIES;
  const requests: RecordedRequest[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetchMock = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const url = new URL(raw, 'http://localhost');
    requests.push({ url: raw, headers: new Headers(init?.headers), credentials: init?.credentials });
    if (url.pathname === '/api/agencies') {
      if (options.agenciesStatus !== undefined) return Promise.resolve(new Response('nope', { status: options.agenciesStatus }));
      return Promise.resolve(json({ agencies: agencies.filter((a) => !a.flags.hidden) }));
    }
    const match = /^\/api\/agencies\/([^/]+)\/config$/.exec(url.pathname);
    if (match) {
      const slug = decodeURIComponent(match[1] ?? '');
      if (options.configFailure) {
        const { status, error } = options.configFailure;
        return Promise.resolve(error === undefined ? new Response('', { status }) : json({ error }, status));
      }
      const found = agencies.find((a) => a.slug === slug);
      return Promise.resolve(found ? json(configOf(found)) : json({ error: `Unknown agency '${slug}'` }, 404));
    }
    return Promise.resolve(json({ error: 'Not found' }, 404));
  };
  return { fetch: fetchMock, requests };
}
