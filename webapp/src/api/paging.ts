/**
 * Lists the server answers a page at a time: the page is the JSON array the call always
 * answered, and a `Link` header (RFC 8288) names the next page when there is one. Report lists
 * continue below an id (`<…?before={id}>; rel="next"`, read on demand); the roster is cut
 * into numbered pages of one reading of the list (`<…?page={n}&of={token}>`, with
 * `rel="last"` too), which `getAllPages` gathers whole.
 */

import LinkHeader from 'http-link-header';
import { ApiError, apiRequest } from './client';

export interface Page<T> {
  items: T[];
  /** Where the next page starts (its `before`), or null on the last page. */
  nextBefore: number | null;
}

/** The origin link targets (paths) are read against. */
const PLACEHOLDER = 'http://portal.invalid';

/** The target of the `rel` link in a `Link` header as a URL (on a placeholder origin), or null. */
function linked(link: string | null, rel: string): URL | null {
  if (link === null || link.trim() === '') return null;
  let found: { uri: string } | undefined;
  try {
    found = LinkHeader.parse(link).rel(rel)[0];
  } catch {
    // A header the list did not write (a proxy's) is no reason to fail the page: it is the last.
    return null;
  }
  return found === undefined ? null : new URL(found.uri, PLACEHOLDER);
}

/** A whole number query parameter of `url`, or null. */
function integerParam(url: URL, name: string): number | null {
  const raw = url.searchParams.get(name);
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

/** The `before` of the `rel="next"` link in a `Link` header, or null without one. */
export function nextBefore(link: string | null): number | null {
  const next = linked(link, 'next');
  return next === null ? null : integerParam(next, 'before');
}

/**
 * The numbered pages after the first, as the `rel="last"` link of a first page names them
 * (`…?page={n}&of={token}`): the path and query of each, in order. None when there is one
 * page or no such link.
 */
export function laterPages(link: string | null): string[] {
  const last = linked(link, 'last');
  const count = last === null ? null : integerParam(last, 'page');
  if (last === null || count === null || count < 2) return [];
  return Array.from({ length: count - 1 }, (_, index) => {
    const page = new URL(last.href);
    page.searchParams.set('page', String(index + 2));
    return `${page.pathname}${page.search}`;
  });
}

/** How many times a list that changed between its pages (409) is read in all. */
const LIST_READS = 3;
/** The pause before reading such a list again, times the readings so far. */
const REREAD_AFTER_MS = 100;

export interface AllPagesOptions {
  /** The agency whose list it is (every page of it): the active one when not given. */
  agency?: string;
  signal?: AbortSignal;
}

/**
 * GET a list the server cuts into numbered pages (the roster) whole: the first page, then
 * every later one at once (they are of the same reading of the list, named by the links'
 * token). A list that changed between its pages (409) is read again from the first page after
 * a short pause, up to three readings in all; other failures throw at once.
 */
export async function getAllPages<T>(path: string, options: AllPagesOptions = {}): Promise<T[]> {
  for (let reading = 1; ; reading++) {
    try {
      return await readPages<T>(path, options);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409) || reading >= LIST_READS) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, REREAD_AFTER_MS * reading));
  }
}

async function readPages<T>(path: string, { agency, signal }: AllPagesOptions): Promise<T[]> {
  const get = (url: string) => apiRequest(url, { method: 'GET', signal: signal ?? null, agency });
  const first = await get(path);
  const later = laterPages(first.headers.get('Link'));
  const pages = await Promise.all([
    first.json() as Promise<T[]>,
    ...later.map(async (url) => (await (await get(url)).json()) as T[]),
  ]);
  return pages.flat();
}

/** `path` with `params` in its query (null and undefined left out). */
export function withParams(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** GET `url` as one page of a list. */
export async function getPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const response = await apiRequest(url, { method: 'GET', signal: signal ?? null });
  return { items: (await response.json()) as T[], nextBefore: nextBefore(response.headers.get('Link')) };
}
