import { vi } from 'vitest';
import type { Agency, AgencyConfig, Me, NavPermissions, RosterEntry, Theme, ViewerInfo } from '@/api/types';
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

export const SIGNED_OUT: Me = { user: null, rosterMatches: [], demoMode: false };

export function rosterEntry(overrides: Partial<RosterEntry> = {}): RosterEntry {
  return {
    id: 4,
    name: 'Casey Nguyen',
    callsign: 'R-13',
    region: 'Los Santos',
    status: 'Active',
    discordId: '100000000000000004',
    departmentId: 'patrol',
    departmentName: 'Patrol Division',
    rankId: 'patrol-deputy',
    rank: 'Deputy',
    level: 'deputy',
    insignia: null,
    subDeptId: null,
    roles: [],
    hireDate: '2025-01-01',
    rankChangeDate: '2025-12-01',
    timeInGradeDays: 75,
    version: 1,
    ...overrides,
  };
}

/** A signed-in user with one roster entry. */
export function signedIn(entry: RosterEntry | null = rosterEntry(), overrides: Partial<Me> = {}): Me {
  return {
    user: { id: entry?.discordId ?? '100000000000000009', username: 'caseynguyen', discriminator: '0', avatar: null },
    rosterMatches: entry === null ? [] : [entry],
    demoMode: false,
    ...overrides,
  };
}

export const ANONYMOUS_VIEWER: ViewerInfo = {
  assignableLevels: [],
  canManage: false,
  isAuthenticated: false,
  isHighCommand: false,
  level: null,
  roles: [],
  roster: null,
  userId: null,
};

/**
 * The levels a viewer at `level` may assign, as the server computes them over the default
 * levels: every level for High Command, else those below their own.
 */
export function assignableBelow(level: string | null | undefined, isHighCommand = false): string[] {
  const ids = DEFAULT_LEVELS.map((l) => l.id);
  if (isHighCommand) return ids;
  const own = level == null ? -1 : ids.indexOf(level);
  return own <= 0 ? [] : ids.slice(0, own);
}

/** The viewer the permissions call describes for `me` (able to manage unless `overrides` say otherwise). */
export function viewerOf(me: Me, isHighCommand = false, overrides: Partial<ViewerInfo> = {}): ViewerInfo {
  const entry = me.rosterMatches[0] ?? null;
  if (!me.user) return ANONYMOUS_VIEWER;
  return {
    assignableLevels: assignableBelow(entry?.level, isHighCommand),
    canManage: true,
    isAuthenticated: true,
    isHighCommand,
    level: entry?.level ?? null,
    roles: entry?.roles ?? [],
    roster: entry,
    userId: me.user.id,
    ...overrides,
  };
}

/** A permissions answer: by default no entries (everything visible) for a signed-out viewer. */
export function navPermissions(overrides: Partial<NavPermissions> = {}): NavPermissions {
  const levels = [...DEFAULT_LEVELS.map((l) => ({ ...l })), { id: 'no_level', label: 'No level' }];
  return {
    items: {},
    metadata: { levels, levelOrder: levels.map((l) => l.id), roles: [], locked: [] },
    viewer: ANONYMOUS_VIEWER,
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

export interface MockServerOptions {
  agencies?: Agency[];
  /** Status to answer GET /api/agencies with instead of the list. */
  agenciesStatus?: number;
  /** Status (and optional JSON error) for config calls. */
  configFailure?: { status: number; error?: string };
  /** GET /api/auth/me (signed out by default). */
  me?: Me;
  /** GET /api/nav-permissions (no entries by default), or a pending promise, or a failure. */
  permissions?: NavPermissions | 'pending' | { status: number; error?: string };
  /** Answers other calls first (writes, targets), given the request and its URL; undefined falls through. */
  handle?: (request: RecordedRequest, url: URL) => Response | Promise<Response> | undefined;
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: BodyInit | null | undefined;
}

/** JSON response helper. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch stand-in serving the agency endpoints; records every request. */
export function mockAgencyServer(options: MockServerOptions = {}) {
  const agencies = options.agencies ?? DEMO_AGENCIES;
  const requests: RecordedRequest[] = [];

  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const url = new URL(raw, 'http://localhost');
    const request: RecordedRequest = {
      url: raw,
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: init?.body,
    };
    requests.push(request);
    const handled = options.handle?.(request, url);
    if (handled !== undefined) return handled;
    if (url.pathname === '/api/auth/me') return json(options.me ?? SIGNED_OUT);
    if (url.pathname === '/api/nav-permissions' && request.method === 'GET') {
      const permissions = options.permissions ?? navPermissions();
      if (permissions === 'pending') return new Promise<Response>(() => undefined);
      if ('status' in permissions) {
        return permissions.error === undefined
          ? new Response('', { status: permissions.status })
          : json({ error: permissions.error }, permissions.status);
      }
      return json(permissions);
    }
    if (url.pathname === '/api/agencies' && request.method === 'GET') {
      if (options.agenciesStatus !== undefined) return new Response('nope', { status: options.agenciesStatus });
      const includeHidden = url.searchParams.get('includeHidden') === '1';
      return json({ agencies: agencies.filter((a) => includeHidden || !a.flags.hidden) });
    }
    const match = /^\/api\/agencies\/([^/]+)\/config$/.exec(url.pathname);
    if (match) {
      const slug = decodeURIComponent(match[1] ?? '');
      if (options.configFailure) {
        const { status, error } = options.configFailure;
        return error === undefined ? new Response('', { status }) : json({ error }, status);
      }
      const found = agencies.find((a) => a.slug === slug);
      return found ? json(configOf(found)) : json({ error: `Unknown agency '${slug}'` }, 404);
    }
    return json({ error: 'Not found' }, 404);
  };
  return { fetch: fetchMock, requests };
}

/** The JSON body of a recorded request (undefined when it has none). */
export function bodyOf(request: RecordedRequest): unknown {
  return typeof request.body === 'string' ? JSON.parse(request.body) : undefined;
}

export interface AgencyServerOptions extends Omit<MockServerOptions, 'permissions' | 'me'> {
  /** Who is signed in. */
  me: Me;
  /** The permissions call describes `me` as the viewer: High Command when this is set … */
  highCommand?: boolean;
  /** … and with these overrides (`{ canManage: false }` on leave of absence). */
  viewer?: Partial<ViewerInfo>;
  /** The navigation entries of the permissions answer (none by default: everything visible). */
  items?: NavPermissions['items'];
}

/**
 * The usual set-up of a screen test: `fetch` answers as a `mockAgencyServer` signed in as `me`,
 * whose permissions describe `me` as the viewer. Returns the server (its recorded requests).
 */
export function serveAgency({ me, highCommand = false, viewer, items = {}, ...options }: AgencyServerOptions) {
  const server = mockAgencyServer({ ...options, me, permissions: navPermissions({ items, viewer: viewerOf(me, highCommand, viewer) }) });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}
