/** Active agency resolution and persistence formats (member-portal §4, §9). Pure. */

export const DEFAULT_AGENCY_SLUG = 'rawlife';
export const AGENCY_STORAGE_KEY = 'activeAgencySlug';
export const AGENCY_COOKIE_NAME = 'agencySlug';
/** 30 days. */
export const AGENCY_COOKIE_MAX_AGE = 2_592_000;

export interface AgencySummary {
  slug: string;
  name: string;
  shortName?: string | null;
  domain?: string | null;
  flags: { hidden: boolean };
}

/** Trimmed, lowercased slug; blank or non-string → null. */
export function normalizeSlug(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const slug = value.trim().toLowerCase();
  return slug === '' ? null : slug;
}

/** Agencies shown in the portal: hidden ones are left out. */
export function visibleAgencies<T extends AgencySummary>(agencies: readonly T[]): T[] {
  return agencies.filter((agency) => !agency.flags.hidden);
}

/** The agency whose domain is `hostname` (case-insensitive, port and trailing dot ignored). */
export function agencyForHostname<T extends AgencySummary>(
  agencies: readonly T[],
  hostname: string,
): T | undefined {
  const host = bareHost(hostname);
  if (host === '') return undefined;
  return agencies.find((agency) => agency.domain != null && bareHost(agency.domain) === host);
}

function bareHost(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/:].*$/, '')
    .replace(/\.$/, '');
}

/**
 * Which agency is active.
 * - `agencies === undefined`: the list is still loading; an explicitly stored slug is used
 *   at once, otherwise the answer is not known yet (`null`).
 * - `agencies === null`: the list failed; the stored slug or the root agency.
 * - a list: on an agency's own domain that agency (the server serves the domain's agency,
 *   issue 12); else the stored slug, else the root agency; a slug that is not among the
 *   visible agencies falls back to the first visible agency (or the root agency when none is
 *   visible).
 */
export function resolveActiveSlug(input: {
  stored: string | null;
  hostname: string;
  agencies: readonly AgencySummary[] | null | undefined;
}): string | null {
  const stored = normalizeSlug(input.stored);
  if (input.agencies === undefined) return stored;
  if (input.agencies === null) return stored ?? DEFAULT_AGENCY_SLUG;
  const visible = visibleAgencies(input.agencies);
  const candidate =
    agencyForHostname(visible, input.hostname)?.slug ?? stored ?? DEFAULT_AGENCY_SLUG;
  if (visible.some((agency) => agency.slug === candidate)) return candidate;
  return visible[0]?.slug ?? DEFAULT_AGENCY_SLUG;
}

/** Label of an agency in the switcher: short name, else name. */
export function agencyLabel(agency: Pick<AgencySummary, 'name' | 'shortName'>): string {
  return normalizeLabel(agency.shortName) ?? agency.name;
}

function normalizeLabel(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** `document.cookie` assignment that stores the active slug for 30 days on path /. */
export function agencyCookie(slug: string): string {
  return `${AGENCY_COOKIE_NAME}=${encodeURIComponent(slug)}; max-age=${AGENCY_COOKIE_MAX_AGE}; path=/; samesite=lax`;
}

/** Value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * An agency named in the page address (`?agency=slug`, as the server's tenant router reads it):
 * an explicit choice, e.g. a link into one agency or the demo sign-in landing on the chosen
 * member's agency. Returns the slug and the address without the parameter.
 */
export function agencyFromAddress(href: string): { slug: string; cleaned: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const slug = normalizeSlug(url.searchParams.get('agency'));
  if (slug === null) return null;
  url.searchParams.delete('agency');
  return { slug, cleaned: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * How the switcher opens agency `target` from the page `location` (issue 12): in place when
 * neither the page's host nor the target is an agency's own domain; otherwise through the
 * server's `/auth/switch`, which opens the same path on the target's domain (or the public
 * address) and keeps a signed-in member signed in there.
 */
export function switchHref(
  agencies: readonly AgencySummary[],
  target: string,
  location: { hostname: string; pathname: string; search: string },
): string | null {
  const onDomain = agencyForHostname(agencies, location.hostname);
  const targetAgency = agencies.find((agency) => agency.slug === target);
  const targetHasDomain = (targetAgency?.domain?.trim() ?? '') !== '';
  if (onDomain === undefined && !targetHasDomain) return null;
  const search = new URLSearchParams(location.search);
  search.delete('agency');
  const rest = search.toString();
  const returnTo = `${location.pathname}${rest === '' ? '' : `?${rest}`}`;
  const query = new URLSearchParams({ agency: target, returnTo });
  return `/auth/switch?${query.toString()}`;
}

/**
 * Where the switcher takes the member when they pick `target` on the page at `location` (issue
 * 21): the target's own domain as the address bar will show it (`bcso.example.org`, with the
 * page's port when it has one), 'the portal's main address' when leaving an agency's domain for
 * an agency without one, or null when the switch happens in place.
 */
export function switchDestination(
  agencies: readonly AgencySummary[],
  target: string,
  location: { hostname: string; port: string },
): string | null {
  const onDomain = agencyForHostname(agencies, location.hostname);
  const targetAgency = agencies.find((agency) => agency.slug === target);
  if (targetAgency === undefined || onDomain?.slug === target) return null;
  const domain = bareHost(targetAgency.domain ?? '');
  if (domain !== '') return location.port === '' ? domain : `${domain}:${location.port}`;
  return onDomain === undefined ? null : "the portal's main address";
}
