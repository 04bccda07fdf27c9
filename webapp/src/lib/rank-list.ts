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

/**
 * The rank-access chips of the catalogue editors (command-and-reports §2, §4 "Rank access
 * chips"): `chip` is `ALL_RANKS` or a rank id; the answer is the new selection.
 *
 * - Choosing All replaces the whole selection with All; choosing it again (All already
 *   chosen) clears the selection.
 * - Choosing a specific rank removes All and then toggles that rank.
 * - `*` and `all` (any case) count as All, in the selection and as the chip.
 */
export function toggleRankChip(selection: readonly string[], chip: string): string[] {
  if (isAll(chip)) return selection.some(isAll) ? [] : [ALL_RANKS];
  const id = chip.trim();
  const ranks = selection.filter((value) => !isAll(value));
  return ranks.some((value) => value.trim() === id)
    ? ranks.filter((value) => value.trim() !== id)
    : [...ranks, id];
}

/** Whether the chip of rank `id` is on in `selection` (All does not turn rank chips on). */
export function rankChipChecked(selection: readonly string[], id: string): boolean {
  return selection.some((value) => value.trim() === id.trim());
}

export const ALL_RANKS_LABEL = 'All ranks';
export const NO_RANKS_ASSIGNED = 'No ranks assigned';

/**
 * The 'Allowed' summary of a rank list: 'All ranks' when it holds All, else 'N rank(s)'
 * (distinct non-blank ids); an empty list is 'No ranks assigned' (the management cards,
 * command-and-reports §2) unless `emptyIsAll`.
 *
 * The server treats an empty list as every rank (`rankAllows`). The management cards keep the
 * spec's 'No ranks assigned' for it (the editor explains under the chips that no rank chosen
 * means every rank, see `EMPTY_MEANS_EVERYONE`); member screens, which list only what the
 * viewer may use, pass `emptyIsAll` and say 'All ranks'.
 */
export function allowedSummary(list: readonly string[], { emptyIsAll = false }: { emptyIsAll?: boolean } = {}): string {
  if (list.some(isAll)) return ALL_RANKS_LABEL;
  const count = new Set(list.map((value) => value.trim()).filter((value) => value !== '')).size;
  if (count === 0) return emptyIsAll ? ALL_RANKS_LABEL : NO_RANKS_ASSIGNED;
  return `${String(count)} rank(s)`;
}

/** The hint of a rank picker with nothing chosen: the server's rule for an empty list. */
export const EMPTY_MEANS_EVERYONE = 'No ranks chosen: every rank may use it.';

/** A rank the pickers offer (the fields of a rank picker entry they need). */
export interface RankChoice {
  id: string;
  name: string;
  departmentId?: string | null;
  departmentName?: string | null;
}

export interface RankChipGroup {
  /** The department name, or 'General'. */
  heading: string;
  chips: { id: string; label: string }[];
}

export const GENERAL_GROUP = 'General';

const nameKey = (name: string): string => name.trim().toLowerCase();

/**
 * What each rank is called in the pickers and the allowed lists, by id: its name (its id when
 * the name is blank), followed by its department ('Sergeant · Patrol Division') when ranks of
 * different departments share the name, so that the two can be told apart (issue 21). A rank
 * without a department is then 'Sergeant · General'.
 */
export function rankLabels(ranks: readonly RankChoice[]): Map<string, string> {
  const departmentsOf = new Map<string, Set<string>>();
  for (const rank of ranks) {
    const key = nameKey(rank.name);
    const departments = departmentsOf.get(key) ?? new Set<string>();
    departments.add((rank.departmentId ?? '').trim());
    departmentsOf.set(key, departments);
  }
  const labels = new Map<string, string>();
  for (const rank of ranks) {
    const id = rank.id.trim();
    if (id === '' || labels.has(id)) continue;
    const name = rank.name.trim() === '' ? id : rank.name.trim();
    const shared = (departmentsOf.get(nameKey(rank.name))?.size ?? 0) > 1;
    const department =
      (rank.departmentName ?? '').trim() || (rank.departmentId ?? '').trim() || GENERAL_GROUP;
    labels.set(id, shared && rank.name.trim() !== '' ? `${name} · ${department}` : name);
  }
  return labels;
}

/** A list chosen rank by rank that holds every rank the agency has today. */
export const EVERY_CURRENT_RANK = 'Every current rank (not ranks added later)';

/**
 * The ranks an allowed list names, for the line under its 'N rank(s)' summary (issue 21): their
 * labels (`rankLabels`) in the order of the ranks, ids the agency no longer has last; or 'All
 * ranks except …' when that is shorter. Null when the summary says it all (All, or nothing).
 */
export function allowedRankNames(list: readonly string[], ranks: readonly RankChoice[]): string | null {
  if (list.some(isAll)) return null;
  const chosen = new Set(list.map((value) => value.trim()).filter((value) => value !== ''));
  if (chosen.size === 0) return null;
  const labels = rankLabels(ranks);
  const known = [...labels.keys()];
  const unknown = [...chosen].filter((id) => !labels.has(id));
  const named = [...known.filter((id) => chosen.has(id)).map((id) => labels.get(id) ?? id), ...unknown].join(', ');
  if (unknown.length > 0) return named;
  const missing = known.filter((id) => !chosen.has(id)).map((id) => labels.get(id) ?? id);
  if (missing.length === 0) return EVERY_CURRENT_RANK;
  const except = `All ranks except ${missing.join(', ')}`;
  return except.length < named.length ? except : named;
}

/**
 * The rank chips grouped by department, in the order the ranks come (departments then ranks),
 * labelled by `rankLabels` (same-named ranks of different departments name theirs). Ranks
 * without a department, and chosen ids that are not among the known ranks (so that they can
 * still be seen and removed), are grouped under 'General', last. A department without a name
 * is headed by its id.
 */
export function rankChipGroups(ranks: readonly RankChoice[], selection: readonly string[] = []): RankChipGroup[] {
  const groups = new Map<string, RankChipGroup>();
  const general: RankChipGroup = { heading: GENERAL_GROUP, chips: [] };
  const seen = new Set<string>();
  const labels = rankLabels(ranks);
  for (const rank of ranks) {
    const id = rank.id.trim();
    if (id === '' || seen.has(id)) continue;
    seen.add(id);
    const chip = { id, label: labels.get(id) ?? id };
    const departmentId = (rank.departmentId ?? '').trim();
    const heading = (rank.departmentName ?? '').trim();
    if (departmentId === '') {
      general.chips.push(chip);
      continue;
    }
    let group = groups.get(departmentId);
    if (group === undefined) {
      group = { heading: heading === '' ? departmentId : heading, chips: [] };
      groups.set(departmentId, group);
    }
    group.chips.push(chip);
  }
  for (const value of selection) {
    const id = value.trim();
    if (id === '' || isAll(id) || seen.has(id)) continue;
    seen.add(id);
    general.chips.push({ id, label: id });
  }
  const list = [...groups.values()];
  if (general.chips.length > 0) list.push(general);
  return list;
}
