/**
 * Qualifications (issue 23) as the screens show them: what a holding's state is (active,
 * expiring soon, expired, revoked), its dates in words, the catalogue's validity, and the
 * names of the qualifications a catalogue item requires. Pure.
 */

import { daysBetween, formatDay } from './days';

/** A qualification that expires within this many days is marked "Expires soon" (the server's default warning). */
export const EXPIRING_SOON_DAYS = 14;
export const NO_EXPIRY = 'No expiry';

/** What the screens need of a holding (`Holding` of the API). */
export interface HoldingLike {
  id: number;
  name: string;
  /** `active`, `expired` or `revoked`. */
  state: string;
  grantedOn: string;
  grantedBy: string;
  expiresOn?: string | null;
  /** `training` or `command`. */
  source: string;
  note: string;
  revokedAt?: string | null;
  revokedBy?: string | null;
  revokeReason?: string | null;
}

/** What a holding is now, as shown: `expiring` is an active one that runs out within EXPIRING_SOON_DAYS. */
export type HoldingStatus = 'active' | 'expiring' | 'expired' | 'revoked';

export const HOLDING_STATUS_LABELS: Readonly<Record<HoldingStatus, string>> = {
  active: 'Active',
  expiring: 'Expires soon',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const HOLDING_STATUS_COLORS: Readonly<Record<HoldingStatus, string>> = {
  active: 'green',
  expiring: 'orange',
  expired: 'red',
  revoked: 'gray',
};

/**
 * A held qualification's status on `today`: revoked and expired as the server says; an active
 * one is `expiring` when its last day is within EXPIRING_SOON_DAYS (or already past, should
 * the server's day be behind the browser's).
 */
export function holdingStatus(
  holding: { state?: string; expired?: boolean; expiresOn?: string | null },
  today: string,
): HoldingStatus {
  if (holding.state === 'revoked') return 'revoked';
  if (holding.state === 'expired' || holding.expired === true) return 'expired';
  if (holding.expiresOn != null) {
    const left = daysBetween(today, holding.expiresOn);
    if (left !== null && left < 0) return 'expired';
    if (left !== null && left <= EXPIRING_SOON_DAYS) return 'expiring';
  }
  return 'active';
}

const STATUS_ORDER: readonly HoldingStatus[] = ['expiring', 'active', 'expired', 'revoked'];

/** Holdings in the order a list shows them: expiring soon, active, expired, revoked; by name within each. */
export function sortHoldings<H extends HoldingLike>(holdings: readonly H[], today: string): H[] {
  return [...holdings].sort(
    (a, b) =>
      STATUS_ORDER.indexOf(holdingStatus(a, today)) - STATUS_ORDER.indexOf(holdingStatus(b, today)) ||
      a.name.localeCompare(b.name) ||
      b.grantedOn.localeCompare(a.grantedOn),
  );
}

/** 'in 3 days', 'tomorrow', 'today'. */
function inDays(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${String(days)} days`;
}

/**
 * The expiry in words: 'Expires 1 Dec 2026 (in 10 days)', 'Expired 5 Nov 2026', 'Does not
 * expire', or 'Revoked 20 Nov 2026' for a revoked one.
 */
export function expiryText(holding: HoldingLike, today: string): string {
  const status = holdingStatus(holding, today);
  if (status === 'revoked') return `Revoked ${formatDay(holding.revokedAt)}`;
  if (holding.expiresOn == null) return 'Does not expire';
  if (status === 'expired') return `Expired ${formatDay(holding.expiresOn)}`;
  const left = daysBetween(today, holding.expiresOn);
  const soon = status === 'expiring' && left !== null ? ` (${inDays(left)})` : '';
  return `Expires ${formatDay(holding.expiresOn)}${soon}`;
}

/** How it was granted: 'Granted 1 Oct 2026 by Jordan Reyes (training)' or '… (by hand)'. */
export function grantedText(holding: HoldingLike): string {
  const how = holding.source === 'training' ? 'training' : 'by hand';
  const by = holding.grantedBy.trim() === '' ? '' : ` by ${holding.grantedBy.trim()}`;
  return `Granted ${formatDay(holding.grantedOn)}${by} (${how})`;
}

/** Why and by whom a revoked holding was revoked: 'Revoked by Jordan Reyes: Failed the range.', or null. */
export function revokedText(holding: HoldingLike): string | null {
  if (holding.state !== 'revoked') return null;
  const by = holding.revokedBy?.trim() ? ` by ${holding.revokedBy.trim()}` : '';
  const reason = holding.revokeReason?.trim() ? `: ${holding.revokeReason.trim()}` : '';
  return `Revoked${by}${reason}`;
}

/** A catalogue entry's validity: '365 days', '1 day' or 'No expiry'. */
export function validityText(days: number | null | undefined): string {
  if (days == null || days <= 0) return NO_EXPIRY;
  return days === 1 ? '1 day' : `${String(days)} days`;
}

/** What the roster line carries of a held qualification (`HeldQualification`). */
export interface HeldLike {
  id: number;
  name: string;
  expired: boolean;
  expiresOn?: string | null;
}

/** A roster line's qualifications: current ones first, then the expired ones, by name. */
export function rosterQualifications<Q extends HeldLike>(row: { qualifications?: readonly Q[] | null }): Q[] {
  return [...(row.qualifications ?? [])].sort(
    (a, b) => Number(a.expired) - Number(b.expired) || a.name.localeCompare(b.name),
  );
}

/**
 * Whether the roster line holds qualification `id` (null: no filter). Expired holdings count
 * only when `includeExpired`.
 */
export function holdsQualification(
  row: { qualifications?: readonly HeldLike[] | null },
  id: number | null,
  includeExpired = false,
): boolean {
  if (id === null) return true;
  return (row.qualifications ?? []).some((held) => held.id === id && (includeExpired || !held.expired));
}

/** The names of required qualification ids (strings, as the catalogues store them), in the catalogue's words. */
export function requiredNames(
  ids: readonly string[] | null | undefined,
  catalogue: readonly { id: number; name: string }[],
): string[] {
  return (ids ?? [])
    .map((id) => id.trim())
    .filter((id) => id !== '')
    .map((id) => catalogue.find((q) => String(q.id) === id)?.name ?? `Qualification ${id}`);
}

/** 'Requires Pursuit driver', 'Requires Pursuit driver and Marksman', … ; null when nothing is required. */
export function requiresText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `Requires ${names[0] ?? ''}`;
  return `Requires ${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}
