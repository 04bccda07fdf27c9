/**
 * The rank-access rule of catalogues (vehicles, liveries, equipment, uniforms), as the server
 * applies it (`server/src/access/rank_list.rs`); both are tested against the same cases
 * (`server/src/access/cases/rank_list.json`).
 */

/** The stored value that means every rank. */
export const ALL_RANKS = 'All';

/** `All`, `all`, `*` (any case, trimmed) mean every rank. */
export function isAll(value: string): boolean {
  const v = value.trim();
  return v === '*' || v.toLowerCase() === 'all';
}

/** Whether a viewer holding `rankId` may use an item allowed to `allowed`. */
export function rankAllows(allowed: readonly string[], rankId: string | null): boolean {
  if (allowed.length === 0 || allowed.some(isAll)) return true;
  return rankId !== null && allowed.some((a) => a.trim() === rankId);
}

export type NormalizedRanks = { ok: true; ranks: string[] } | { ok: false; unknown: string[] };

/**
 * An allowed list as saves normalise it: trimmed, blanks dropped, de-duplicated in order, a
 * list holding All collapses to `['All']`; ids not in `known` are reported once each.
 */
export function normalizeRanks(list: readonly string[], known: ReadonlySet<string>): NormalizedRanks {
  const ranks: string[] = [];
  const unknown: string[] = [];
  for (const value of list.map((v) => v.trim()).filter((v) => v !== '')) {
    if (isAll(value)) return { ok: true, ranks: [ALL_RANKS] };
    if (!known.has(value)) {
      if (!unknown.includes(value)) unknown.push(value);
    } else if (!ranks.includes(value)) {
      ranks.push(value);
    }
  }
  return unknown.length === 0 ? { ok: true, ranks } : { ok: false, unknown };
}
