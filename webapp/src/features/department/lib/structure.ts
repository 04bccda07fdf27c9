/**
 * Department management rules (command-and-reports §2 Department management, §3, §4, §5, §8,
 * §9): insignia checks, callsign pool display and editing, drag-and-drop reordering. Pure.
 */

import type { Level } from '@/lib/levels';

/* ------------------------------------------------------------------ messages */

export const DEPARTMENT_NAME_REQUIRED = 'Department name required';
export const SUB_NAME_REQUIRED = 'Sub-department name required';
export const NAME_REQUIRED = 'Name required';
export const SAVE_FAILED_PREFIX = 'Save failed: ';

export const CONFIRM_DELETE_PERMANENTLY = 'Delete permanently?';
export const CONFIRM_DELETE_RANK = 'Delete rank and its pool?';
export const CONFIRM_DELETE_ROLE = 'Delete role?';

/** 'Save failed: {message}' (rank create and edit failures). */
export function saveFailed(message: string): string {
  return `${SAVE_FAILED_PREFIX}${message}`;
}

/* ------------------------------------------------------------------ insignia */

/** PNG only, at most 1 MB (1024 × 1024 bytes). */
export const INSIGNIA_ACCEPT = 'image/png';
export const INSIGNIA_MAX_BYTES = 1024 * 1024;
export const NO_FILE_PROVIDED = 'No file provided';
export const ONLY_PNG = 'Only PNG files allowed';
export const FILE_TOO_LARGE = 'File too large (max 1MB)';
export const UPLOAD_FAILED = 'Upload failed';

/** The browser-side check of an insignia file, or null when it may be uploaded. */
export function insigniaFileError(file: { type: string; size: number; name: string } | null | undefined): string | null {
  if (file == null) return NO_FILE_PROVIDED;
  const type = file.type.trim().toLowerCase();
  const isPng = type === '' ? file.name.toLowerCase().endsWith('.png') : type === INSIGNIA_ACCEPT;
  if (!isPng) return ONLY_PNG;
  if (file.size > INSIGNIA_MAX_BYTES) return FILE_TOO_LARGE;
  return null;
}

/* ------------------------------------------------------------- callsign pools */

export interface PoolLike {
  type?: string;
  prefix?: string;
  start: number;
  end: number;
}

export const CALLSIGNS_DISABLED_TEXT = 'callsigns disabled';
export const NO_CALLSIGN_RANGE = 'no callsign range';

/** A new pool: numeric, blank prefix, 100 to 199. */
export function newPool(): { type: 'numeric'; prefix: string; start: number; end: number } {
  return { type: 'numeric', prefix: '', start: 100, end: 199 };
}

/** Pool start and end are read as numbers; anything not numeric is 0. */
export function poolNumber(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.trunc(raw) : 0;
  if (typeof raw !== 'string') return 0;
  const text = raw.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 0;
  return Math.trunc(Number(text));
}

/** The pools of rank `rankName` (stored under the rank's name; any case). */
export function poolsOfRank<P>(pools: Readonly<Record<string, readonly P[]>> | null | undefined, rankName: string): readonly P[] {
  if (!pools) return [];
  const exact = pools[rankName];
  if (exact) return exact;
  const wanted = rankName.trim().toLowerCase();
  const key = Object.keys(pools).find((name) => name.trim().toLowerCase() === wanted);
  return key === undefined ? [] : (pools[key] ?? []);
}

/** The first pool as 'prefix - start • end' ('start • end' without a prefix), or null without pools. */
export function poolRangeText(pools: readonly PoolLike[]): string | null {
  const first = pools[0];
  if (first === undefined) return null;
  const prefix = first.prefix?.trim() ?? '';
  const range = `${first.start} • ${first.end}`;
  return prefix === '' ? range : `${prefix} - ${range}`;
}

/** What a rank row says about callsigns: the range, 'no callsign range' or 'callsigns disabled'. */
export function rankCallsignText(
  pools: Readonly<Record<string, readonly PoolLike[]>> | null | undefined,
  rankName: string,
  callsignsDisabled: boolean,
): string {
  if (callsignsDisabled) return CALLSIGNS_DISABLED_TEXT;
  return poolRangeText(poolsOfRank(pools, rankName)) ?? NO_CALLSIGN_RANGE;
}

/** An editable pool row (start and end as typed). */
export interface PoolDraft {
  prefix: string;
  start: string;
  end: string;
}

export function poolDraft(pool: PoolLike): PoolDraft {
  return { prefix: pool.prefix ?? '', start: String(pool.start), end: String(pool.end) };
}

export function newPoolDraft(): PoolDraft {
  return poolDraft(newPool());
}

/** The pools to save: numeric, prefix trimmed, numbers read with `poolNumber`. */
export function poolsFromDrafts(drafts: readonly PoolDraft[]): { type: 'numeric'; prefix: string; start: number; end: number }[] {
  return drafts.map((draft) => ({
    type: 'numeric',
    prefix: draft.prefix.trim(),
    start: poolNumber(draft.start),
    end: poolNumber(draft.end),
  }));
}

/* -------------------------------------------------------------------- levels */

/** The label of level `id` in the agency's list, else the id. */
export function levelLabel(levels: readonly Level[], id: string | null | undefined): string {
  const wanted = id?.trim().toLowerCase() ?? '';
  if (wanted === '') return '-';
  return levels.find((level) => level.id === wanted)?.label ?? id ?? '-';
}

/** Name of a Discord role by id, or null when unknown. */
export function discordRoleName(
  roles: readonly { id: string; name: string }[] | null | undefined,
  id: string | null | undefined,
): string | null {
  if (!id || !roles) return null;
  return roles.find((role) => role.id === id)?.name ?? null;
}

/* ------------------------------------------------------------- drag and drop */

/** Drag lists: the ranks or the sub-departments of one department. */
export type ReorderList = 'ranks' | 'subs';

export interface DragEnd {
  /** The dragged item, and the list it belongs to. */
  activeId: string;
  activeContainer: string;
  /** Where it was dropped (null: nowhere). */
  overId: string | null;
  overContainer: string | null;
}

/** Id of one drag list: '{departmentId}:{ranks|subs}'. */
export function listContainerId(departmentId: string, list: ReorderList): string {
  return `${departmentId}:${list}`;
}

/** `ids` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [moved] = result.splice(from, 1);
  if (moved === undefined) return [...items];
  result.splice(to, 0, moved);
  return result;
}

/**
 * The new order of a list after a drop, or null when the drop is ignored: dropped nowhere, into
 * another list or department, onto itself, or onto an item that is not in the list.
 */
export function reorderAfterDrop(ids: readonly string[], drop: DragEnd): string[] | null {
  if (drop.overId === null || drop.overContainer === null) return null;
  if (drop.overContainer !== drop.activeContainer) return null;
  if (drop.overId === drop.activeId) return null;
  const from = ids.indexOf(drop.activeId);
  const to = ids.indexOf(drop.overId);
  if (from < 0 || to < 0) return null;
  return moveItem(ids, from, to);
}

interface Ordered {
  id: string;
}

/** The structure with one department's ranks or sub-departments in `orderedIds` order (optimistic update). */
export function withOrder<D extends { id: string; ranks: readonly Ordered[]; subDepartments: readonly Ordered[] }>(structure: { departments: readonly D[] }, departmentId: string, list: ReorderList, orderedIds: readonly string[]): { departments: D[] } {
  const position = new Map(orderedIds.map((id, index) => [id, index]));
  const sortList = <T extends Ordered>(items: readonly T[]): T[] =>
    [...items].sort((a, b) => (position.get(a.id) ?? items.length) - (position.get(b.id) ?? items.length));
  return {
    ...structure,
    departments: structure.departments.map((dept) => {
      if (dept.id !== departmentId) return dept;
      return list === 'ranks' ? { ...dept, ranks: sortList(dept.ranks) } : { ...dept, subDepartments: sortList(dept.subDepartments) };
    }),
  };
}

/* ---------------------------------------------------------- add rank(s) rows */

/** A rank as its dialog edits it: Edit Rank, or a row of Add Rank(s) (no stored insignia). */
export interface RankDraft {
  name: string;
  roleId: string | null;
  level: string;
  /** The stored insignia's file name; null: none (or removed). */
  insignia: string | null;
  /** A PNG chosen to replace it, uploaded when the dialog saves. */
  file: File | null;
}

type InsigniaFile = Parameters<typeof insigniaFileError>[0];

/**
 * The refusals of one rank's fields, under `${prefix}name` and `${prefix}file`: 'Name
 * required' where a name is needed, and a chosen file that is not a PNG of at most 1 MB.
 */
export function rankErrors(
  rank: { name: string; file: InsigniaFile },
  prefix = '',
  needsName = true,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (needsName && rank.name.trim() === '') errors[`${prefix}name`] = NAME_REQUIRED;
  const fileError = rank.file == null ? null : insigniaFileError(rank.file);
  if (fileError !== null) errors[`${prefix}file`] = fileError;
  return errors;
}

/**
 * The refusals of Add Rank(s), under `ranks.{row}.name` and `ranks.{row}.file`: the first row
 * and every row with anything in it need a name, and every chosen file is checked.
 */
export function rankRowsErrors(rows: readonly { name: string; roleId: string | null; file: InsigniaFile }[]): Record<string, string> {
  return Object.assign(
    {},
    ...rows.map((row, index) =>
      rankErrors(row, `ranks.${String(index)}.`, index === 0 || row.name.trim() !== '' || row.roleId !== null || row.file != null),
    ),
  ) as Record<string, string>;
}

/** The rows Add Rank(s) saves: named rows only. */
export function namedRankRows<R extends { name: string }>(rows: readonly R[]): R[] {
  return rows.filter((row) => row.name.trim() !== '');
}

/* ------------------------------------------------------------ command scope (issue 23) */

export const COMMAND_SCOPE_SAVED = 'Command scope saved';
export const ONLY_HIGH_COMMAND_SCOPES = 'Only High Command changes the command scope.';

export interface CommandScopeValues {
  scopedLevels: string[];
  /** Ids of the department roles that grant agency-wide command. */
  agencyRoles: string[];
}

/** The levels that may be scoped: every level but the top one (High Command), lowest first. */
export function scopableLevels<L extends { id: string }>(levels: readonly L[]): L[] {
  return levels.slice(0, -1);
}

/** The form as saved: the scoped levels, and the roles that grant agency-wide command. */
export function commandScopeValues(
  scopedLevels: readonly string[],
  departments: readonly { roles: readonly { id: string; grantsAgencyCommand?: boolean }[] }[],
): CommandScopeValues {
  return {
    scopedLevels: [...scopedLevels].sort(),
    agencyRoles: departments.flatMap((dept) => dept.roles.filter((role) => role.grantsAgencyCommand === true).map((role) => role.id)).sort(),
  };
}

/** What a save sends: the levels when they changed, and each role whose flag changed. */
export function commandScopeChange(
  saved: CommandScopeValues,
  edited: CommandScopeValues,
): { scopedLevels: string[] | null; roles: { id: string; grantsAgencyCommand: boolean }[] } {
  const sameLevels =
    saved.scopedLevels.length === edited.scopedLevels.length && saved.scopedLevels.every((level) => edited.scopedLevels.includes(level));
  const added = edited.agencyRoles.filter((id) => !saved.agencyRoles.includes(id)).map((id) => ({ id, grantsAgencyCommand: true }));
  const removed = saved.agencyRoles.filter((id) => !edited.agencyRoles.includes(id)).map((id) => ({ id, grantsAgencyCommand: false }));
  return { scopedLevels: sameLevels ? null : [...edited.scopedLevels], roles: [...added, ...removed] };
}

/** 'Your command reaches the whole agency.' / 'Your command reaches Headquarters only.' */
export function reachText(scope: { reach: 'agency' } | { reach: 'department'; name: string }): string {
  return scope.reach === 'agency' ? 'Your command reaches the whole agency.' : `Your command reaches ${scope.name} only.`;
}
