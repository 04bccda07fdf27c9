/**
 * The active agency slug, kept in localStorage ('activeAgencySlug') and in the cookie
 * 'agencySlug' (member-portal §4, §9). A tiny external store so React and the fetch client
 * read the same value.
 */

import { setAgencySlugSource } from '@/api/client';
import {
  AGENCY_COOKIE_NAME,
  AGENCY_STORAGE_KEY,
  agencyCookie,
  agencyFromAddress,
  normalizeSlug,
  readCookie,
} from '@/lib/active-agency';

export interface ActiveAgencySnapshot {
  /** The slug the user chose explicitly (persisted), if any. */
  stored: string | null;
  /** The slug in effect; null until it is known. */
  active: string | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let snapshot: ActiveAgencySnapshot = initialSnapshot();

function initialSnapshot(): ActiveAgencySnapshot {
  // An agency named in the address is an explicit choice: remember it, then tidy the address.
  const fromAddress = agencyFromAddress(window.location.href);
  if (fromAddress !== null) {
    persistSlug(fromAddress.slug);
    window.history.replaceState(window.history.state, '', fromAddress.cleaned);
    return { stored: fromAddress.slug, active: fromAddress.slug };
  }
  const stored = readStoredSlug();
  return { stored, active: stored };
}

/**
 * The persisted choice: the cookie first, then localStorage. Both are written together by the
 * switcher; the cookie alone is also written by the server when the public address sends a
 * member to an agency's own domain (a sign-in or a switch there, issue 21), so coming back to
 * the public address opens the agency the member last went to. localStorage still answers when
 * cookies are blocked.
 */
export function readStoredSlug(): string | null {
  try {
    const fromCookie = normalizeSlug(readCookie(document.cookie, AGENCY_COOKIE_NAME));
    if (fromCookie !== null) return fromCookie;
  } catch {
    // Cookies blocked: localStorage still works.
  }
  try {
    return normalizeSlug(window.localStorage.getItem(AGENCY_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Writes both stores (cookie first: the server reads it on the very next request). */
export function persistSlug(slug: string): void {
  try {
    document.cookie = agencyCookie(slug);
  } catch {
    // Cookies disabled.
  }
  try {
    window.localStorage.setItem(AGENCY_STORAGE_KEY, slug);
  } catch {
    // Storage blocked.
  }
}

function update(next: ActiveAgencySnapshot): void {
  if (next.stored === snapshot.stored && next.active === snapshot.active) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSnapshot(): ActiveAgencySnapshot {
  return snapshot;
}

/** The slug in effect (read by the fetch client). */
export function getActiveSlug(): string | null {
  return snapshot.active;
}

/** An explicit choice: persisted, then made active. */
export function chooseAgency(slug: string): void {
  const normalized = normalizeSlug(slug);
  if (normalized === null) return;
  persistSlug(normalized);
  update({ stored: normalized, active: normalized });
}

/**
 * The slug resolved once the agency list is known. A stored choice that had to be replaced
 * (unknown or hidden agency) is overwritten with the fallback; a default (domain or root
 * agency) is not persisted, so it keeps following the host name.
 */
export function applyResolvedSlug(slug: string): void {
  if (snapshot.stored !== null && snapshot.stored !== slug) {
    persistSlug(slug);
    update({ stored: slug, active: slug });
    return;
  }
  update({ ...snapshot, active: slug });
}

/** Test hook: re-read the stores. */
export function resetActiveAgencyStore(): void {
  update(initialSnapshot());
}

setAgencySlugSource(getActiveSlug);
