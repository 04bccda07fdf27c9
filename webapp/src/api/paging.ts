/**
 * Lists the server answers a page at a time (report lists): the page is the JSON array the
 * call always answered, and a `Link: <…?before={id}>; rel="next"` header (RFC 8288) names the
 * next page when there is one.
 */

import LinkHeader from 'http-link-header';
import { apiRequest } from './client';

export interface Page<T> {
  items: T[];
  /** Where the next page starts (its `before`), or null on the last page. */
  nextBefore: number | null;
}

/** The `before` of the `rel="next"` link in a `Link` header, or null without one. */
export function nextBefore(link: string | null): number | null {
  if (link === null || link.trim() === '') return null;
  let next: { uri: string } | undefined;
  try {
    next = LinkHeader.parse(link).rel('next')[0];
  } catch {
    // A header the list did not write (a proxy's) is no reason to fail the page: it is the last.
    return null;
  }
  if (next === undefined) return null;
  const raw = new URL(next.uri, 'http://portal.invalid').searchParams.get('before');
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isSafeInteger(value) ? value : null;
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
