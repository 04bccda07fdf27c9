/**
 * Roster list and person dialog rules (member-portal §2.6, §4 Roster add/edit, §5 Add person,
 * §6 Roster management, §8 Roster messages, §9). Pure.
 */

import { formatCallsign } from '@/lib/callsign';
import { formatDay } from '@/lib/days';
import { holdsQualification, type HeldLike } from '@/lib/qualifications';

/** Roster status list; new people default to Active. */
export const ROSTER_STATUSES = ['Active', 'Inactive', 'Suspended', 'LOA'] as const;
export const DEFAULT_STATUS = 'Active';

/** Page sizes of the list; 'all' shows everyone on one page. */
export type RosterPageSize = 10 | 20 | 50 | 'all';
export const ROSTER_PAGE_SIZES: readonly RosterPageSize[] = [10, 20, 50, 'all'];
export const DEFAULT_ROSTER_PAGE_SIZE: RosterPageSize = 20;

/** Levels that may add and edit people when the agency names none. */
export const DEFAULT_ROSTER_MANAGE_LEVELS: readonly string[] = ['command', 'high_command'];

/** Suggestions of the Edit Person 'Action' field (free text). */
export const ACTION_SUGGESTIONS: readonly string[] = ['Promotion', 'Demotion', 'Transfer', 'Status change', 'Note'];

export const MISSING_FIELDS_TITLE = 'Missing fields';
export const MISSING_WITH_CALLSIGN = 'Name, Callsign and Rank are required.';
export const MISSING_WITHOUT_CALLSIGN = 'Name and Rank are required.';

/** What the list needs of a roster entry. */
export interface RosterRow {
  id: number;
  name: string;
  callsign?: string | null;
  region?: string | null;
  status: string;
  departmentId?: string | null;
  departmentName?: string | null;
  rankId?: string | null;
  rank?: string | null;
  /** The qualifications held (issue 23; absent from older answers). */
  qualifications?: readonly HeldLike[] | null;
  /** Duty hours (issue 24), joined from `GET /api/duty/hours`; absent while they load or when they cannot be read. */
  duty?: RowDuty | null;
}

/** A member's duty as the roster shows it (issue 24). */
export interface RowDuty {
  hoursWeek: number;
  hours30Days: number;
  /** When the open shift began; null: off duty. */
  onDutySince: string | null;
  /** No duty for the agency's "inactive after" days. */
  inactive: boolean;
}

/** What the rules need of the structure: departments and their ranks, in stored order. */
export interface StructureLike {
  departments: readonly {
    id: string;
    name: string;
    ranks: readonly { id: string; name: string }[];
  }[];
}

/* ---------------------------------------------------------------- filtering */

export interface RosterFilters {
  /** A rank name (ranks of the same name in several departments count as one). */
  rank: string | null;
  /** A department id. */
  department: string | null;
  status: string | null;
  /** A qualification id (as text): only those who hold it, not expired. */
  qualification: string | null;
  /** Duty (issue 24): those on duty now, or those inactive (no duty for the agency's days). */
  duty: DutyFilter | null;
  search: string;
}

export type DutyFilter = 'on_duty' | 'inactive';

export const EMPTY_ROSTER_FILTERS: Readonly<RosterFilters> = Object.freeze({
  rank: null,
  department: null,
  status: null,
  qualification: null,
  duty: null,
  search: '',
});

const compact = (value: string): string => value.replace(/[\s-]+/g, '').toLowerCase();

/**
 * The rows matching every filter (a qualification: those who hold it and whose holding has not
 * expired). The search is case-insensitive over name, callsign (as
 * stored, as displayed, and without dashes or spaces), region and department (id and name).
 */
export function filterRoster<T extends RosterRow>(rows: readonly T[], filters: RosterFilters): T[] {
  const needle = filters.search.trim().toLowerCase();
  const compactNeedle = compact(needle);
  const rank = filters.rank?.trim().toLowerCase() ?? '';
  return rows.filter((row) => {
    if (rank !== '' && (row.rank ?? '').trim().toLowerCase() !== rank) return false;
    if (filters.department !== null && filters.department !== '' && row.departmentId !== filters.department) {
      return false;
    }
    if (filters.status !== null && filters.status !== '' && row.status.toLowerCase() !== filters.status.toLowerCase()) {
      return false;
    }
    if (filters.qualification !== null && filters.qualification !== '' && !holdsQualification(row, Number(filters.qualification))) {
      return false;
    }
    if (filters.duty === 'on_duty' && row.duty?.onDutySince == null) return false;
    if (filters.duty === 'inactive' && row.duty?.inactive !== true) return false;
    if (needle === '') return true;
    const callsign = row.callsign ?? '';
    const texts = [row.name, callsign, formatCallsign(callsign), row.region ?? '', row.departmentId ?? '', row.departmentName ?? ''];
    if (texts.some((text) => text.toLowerCase().includes(needle))) return true;
    return compactNeedle !== '' && compact(callsign).includes(compactNeedle);
  });
}

/** Rank names for the rank filter: those of `department` (or every department), then any only the roster knows. */
export function rankFilterOptions(structure: StructureLike, department: string | null, rows: readonly RosterRow[]): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (name: string | null | undefined) => {
    const trimmed = name?.trim() ?? '';
    if (trimmed === '' || seen.has(trimmed.toLowerCase())) return;
    seen.add(trimmed.toLowerCase());
    names.push(trimmed);
  };
  for (const dept of structure.departments) {
    if (department !== null && dept.id !== department) continue;
    for (const rank of dept.ranks) add(rank.name);
  }
  for (const row of rows) {
    if (department !== null && row.departmentId !== department) continue;
    add(row.rank);
  }
  return names;
}

/* ------------------------------------------------------------------ sorting */

export type RosterSortKey = 'rank' | 'name' | 'callsign' | 'hoursWeek' | 'hours30Days';

/** Hours sort the most first on the first click (issue 24). */
const DESCENDING_FIRST: readonly RosterSortKey[] = ['hoursWeek', 'hours30Days'];
export type SortDirection = 'asc' | 'desc';

export interface RosterSort {
  key: RosterSortKey;
  direction: SortDirection;
}

export const DEFAULT_ROSTER_SORT: Readonly<RosterSort> = Object.freeze({ key: 'rank', direction: 'asc' });

/** Clicking a column: the same column toggles its direction, another starts ascending (hours: the most first). */
export function nextSort(current: RosterSort, key: RosterSortKey): RosterSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: DESCENDING_FIRST.includes(key) ? 'desc' : 'asc' };
}

/** Position of every rank id in structure order (departments in order, then their ranks in order). */
export function rankOrder(structure: StructureLike): Map<string, number> {
  const order = new Map<string, number>();
  for (const dept of structure.departments) {
    for (const rank of dept.ranks) {
      if (!order.has(rank.id)) order.set(rank.id, order.size);
    }
  }
  return order;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function rankPosition(row: RosterRow, order: ReadonlyMap<string, number>): number | null {
  if (row.rankId == null) return null;
  return order.get(row.rankId) ?? null;
}

function sortValue(row: RosterRow, key: RosterSortKey, order: ReadonlyMap<string, number>): number | string | null {
  switch (key) {
    case 'rank':
      return rankPosition(row, order) ?? (row.rank?.trim() ? row.rank.trim() : null);
    case 'name':
      return row.name.trim() === '' ? null : row.name.trim();
    case 'callsign': {
      const callsign = formatCallsign(row.callsign);
      return callsign === '' ? null : callsign;
    }
    case 'hoursWeek':
      return row.duty?.hoursWeek ?? null;
    case 'hours30Days':
      return row.duty?.hours30Days ?? null;
  }
}

function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Ranks in the structure come before ranks it does not know.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b);
}

/**
 * Sorted copy. Rank follows the structure order; name and callsign compare naturally
 * ('A-9' before 'A-10'); hours as numbers. Blank values (hours not loaded) stay last in both
 * directions; ties go by name.
 */
export function sortRoster<T extends RosterRow>(rows: readonly T[], sort: RosterSort, order: ReadonlyMap<string, number>): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row, sort.key, order) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value !== b.value) return a.value === null ? 1 : -1;
      } else {
        const primary = compareValues(a.value, b.value);
        if (primary !== 0) return sign * primary;
      }
      return collator.compare(a.row.name, b.row.name) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/* ------------------------------------------------------------------- duty */

/** What the roster needs of `GET /api/duty/hours`: one line per member with any duty, and the inactive ones. */
export interface HoursLike {
  rosterId: number;
  hoursWeek: number;
  hours30Days: number;
  onDutySince?: string | null;
  inactive: boolean;
}

const NO_DUTY: Readonly<RowDuty> = Object.freeze({ hoursWeek: 0, hours30Days: 0, onDutySince: null, inactive: false });

/**
 * The rows with their duty (issue 24), joined by roster id from the one hours answer: a member
 * the answer leaves out has no hours and is not inactive. Without the answer (loading, or it
 * failed) the rows carry no duty, so the columns show '-' and sort last.
 */
export function withDuty<T extends { id: number }>(rows: readonly T[], hours: readonly HoursLike[] | undefined): (T & { duty: RowDuty | null })[] {
  if (hours === undefined) return rows.map((row) => ({ ...row, duty: null }));
  const byId = new Map(hours.map((line) => [line.rosterId, line]));
  return rows.map((row) => {
    const line = byId.get(row.id);
    const duty: RowDuty =
      line === undefined
        ? NO_DUTY
        : { hoursWeek: line.hoursWeek, hours30Days: line.hours30Days, onDutySince: line.onDutySince ?? null, inactive: line.inactive };
    return { ...row, duty };
  });
}

/** The Duty filter's choices: on duty now, and inactive when the agency counts members as such. */
export function dutyFilterOptions(inactiveAfterDays: number | null | undefined): { value: DutyFilter; label: string }[] {
  const options: { value: DutyFilter; label: string }[] = [{ value: 'on_duty', label: 'On duty now' }];
  if (inactiveAfterDays != null) options.push({ value: 'inactive', label: `Inactive (${String(inactiveAfterDays)}+ days)` });
  return options;
}

/* ------------------------------------------------------------------- paging */

export interface RosterPage<T> {
  items: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based position of the first and last row shown (0 when none). */
  from: number;
  to: number;
}

/** Rows of page `page` (1-based). */
export function paginate<T>(rows: readonly T[], pageSize: RosterPageSize, page: number): RosterPage<T> {
  const total = rows.length;
  const size = pageSize === 'all' ? Math.max(total, 1) : pageSize;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  const items = rows.slice(start, start + size);
  return { items, page: current, pageCount, total, from: items.length === 0 ? 0 : start + 1, to: start + items.length };
}

/** 10, 20, 50 → '10'…; 'all' → 'All'. */
export function pageSizeLabel(size: RosterPageSize): string {
  return size === 'all' ? 'All' : String(size);
}

/** 'Showing 1–20 of 68' */
export function rangeText(page: Pick<RosterPage<unknown>, 'from' | 'to' | 'total'>): string {
  return page.total === 0 ? 'Showing 0 of 0' : `Showing ${page.from}–${page.to} of ${page.total}`;
}

/* ------------------------------------------------------------------ display */

/** 'On leave until 5 Dec 2026' for a member whose approved leave runs today (issue 23), else null. */
export function leaveMarker(row: { onLeaveUntil?: string | null }): string | null {
  const until = row.onLeaveUntil?.trim() ?? '';
  return until === '' ? null : `On leave until ${formatDay(until)}`;
}

/** 'YYYY-MM-DD' as stored, or '-' when unknown. */
export function formatRosterDate(date: string | null | undefined): string {
  const text = date?.trim() ?? '';
  return text === '' ? '-' : text;
}

/** Callsign input: spaces are stripped as they are typed. */
export function normalizeCallsignInput(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/* -------------------------------------------------------------- permission */

/**
 * Roster management (member-portal §6): the viewer's level (from the structure, as the server
 * reports it) must be in the agency's rosterManageLevels, lowercased. No roster match, no
 * management.
 */
export function canManageRoster(
  viewer: { level?: string | null; roster?: unknown } | null | undefined,
  manageLevels: readonly string[] | null | undefined,
): boolean {
  if (viewer?.roster == null) return false;
  const level = viewer.level?.trim().toLowerCase() ?? '';
  if (level === '') return false;
  const allowed = (manageLevels ?? DEFAULT_ROSTER_MANAGE_LEVELS).map((entry) => entry.trim().toLowerCase());
  return allowed.includes(level);
}

/* ------------------------------------------------------------ person dialog */

export interface PersonFormValues {
  name: string;
  callsign: string;
  region: string;
  status: string;
  discordId: string;
  departmentId: string | null;
  rankId: string | null;
  subDeptId: string | null;
  roles: string[];
  /** Edit Person only. */
  action: string;
  reason: string;
}

export const EMPTY_PERSON: Readonly<PersonFormValues> = Object.freeze({
  name: '',
  callsign: '',
  region: '',
  status: DEFAULT_STATUS,
  discordId: '',
  departmentId: null,
  rankId: null,
  subDeptId: null,
  roles: [],
  action: '',
  reason: '',
});

/** The dialog values of an existing person (Action and Reason start empty: they describe this edit). */
export function personFormValues(entry: {
  name: string;
  callsign?: string | null;
  region?: string | null;
  status: string;
  discordId?: string | null;
  departmentId?: string | null;
  rankId?: string | null;
  subDeptId?: string | null;
  roles: readonly string[];
}): PersonFormValues {
  return {
    name: entry.name,
    callsign: entry.callsign ?? '',
    region: entry.region ?? '',
    status: entry.status || DEFAULT_STATUS,
    discordId: entry.discordId ?? '',
    departmentId: entry.departmentId ?? null,
    rankId: entry.rankId ?? null,
    subDeptId: entry.subDeptId ?? null,
    roles: [...entry.roles],
    action: '',
    reason: '',
  };
}

/** Changing the department clears rank, sub-department and roles. */
export function withDepartment(values: PersonFormValues, departmentId: string | null): PersonFormValues {
  if (values.departmentId === departmentId) return values;
  return { ...values, departmentId, rankId: null, subDeptId: null, roles: [] };
}

/** 'Name and Rank are required.' / 'Name, Callsign and Rank are required.', or null when complete. */
export function missingFieldsMessage(values: PersonFormValues, callsignsDisabled: boolean): string | null {
  const missingName = values.name.trim() === '';
  const missingRank = values.rankId === null || values.rankId.trim() === '';
  if (callsignsDisabled) return missingName || missingRank ? MISSING_WITHOUT_CALLSIGN : null;
  const missingCallsign = normalizeCallsignInput(values.callsign).replace(/-/g, '') === '';
  return missingName || missingRank || missingCallsign ? MISSING_WITH_CALLSIGN : null;
}

/** The body of POST /api/roster and PATCH /api/roster/{id}. */
export interface PersonPayload {
  name: string;
  callsign: string | null;
  region: string | null;
  status: string;
  discordId: string | null;
  departmentId: string | null;
  rankId: string | null;
  /** The rank's name, as the spec's client sends it (the server prefers rankId). */
  rank: string | null;
  subDeptId: string | null;
  roles: string[];
  version?: number;
  action?: string | null;
  reason?: string | null;
}

export interface PayloadOptions {
  callsignsDisabled: boolean;
  subDepartmentsDisabled: boolean;
  /** The chosen rank's name. */
  rankName: string | null;
  /** Edit Person: the version of the entry when the dialog opened. */
  version?: number;
}

const blankToNull = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * What the dialog sends. The callsign loses its spaces (trimmed when callsigns are disabled);
 * the sub-department is dropped when the agency disables them. An edit carries its version,
 * and Action and Reason when either is filled in (otherwise the last ones are kept).
 */
export function personPayload(values: PersonFormValues, options: PayloadOptions): PersonPayload {
  const payload: PersonPayload = {
    name: values.name.trim(),
    callsign: options.callsignsDisabled
      ? blankToNull(values.callsign)
      : blankToNull(normalizeCallsignInput(values.callsign)),
    region: blankToNull(values.region),
    status: values.status || DEFAULT_STATUS,
    discordId: blankToNull(values.discordId),
    departmentId: values.departmentId,
    rankId: values.rankId,
    rank: options.rankName,
    subDeptId: options.subDepartmentsDisabled ? null : values.subDeptId,
    roles: [...values.roles],
  };
  if (options.version !== undefined) {
    payload.version = options.version;
    const action = blankToNull(values.action);
    const reason = blankToNull(values.reason);
    if (action !== null || reason !== null) {
      payload.action = action;
      payload.reason = reason;
    }
  }
  return payload;
}

/* ----------------------------------------------------------------- messages */

export const ADDED_TITLE = 'Added';
export const UPDATED_TITLE = 'Updated';
export const FAILED_TITLE = 'Failed';
export const ADD_FAILED = 'Failed to add';
export const UPDATE_FAILED = 'Update failed';
export const UNKNOWN_ERROR = 'Unknown error';

/** '{name} ({callsign}) added.' ('{name} added.' for a person without a callsign). */
export function addedMessage(entry: { name: string; callsign?: string | null }): string {
  const callsign = entry.callsign?.trim() ?? '';
  return callsign === '' ? `${entry.name} added.` : `${entry.name} (${callsign}) added.`;
}

/**
 * The callsign of a dialog that is not among the chosen rank's free callsigns (a rank changed
 * with the old callsign kept, or one typed by hand), or null. Their own callsign at their own
 * rank is not flagged.
 */
export function callsignOutsideRank(input: {
  callsign: string;
  rankId: string | null;
  free: readonly string[] | undefined;
  own: { callsign?: string | null; rankId?: string | null } | null;
}): string | null {
  const callsign = input.callsign.trim();
  if (callsign === '' || input.rankId === null || input.free === undefined) return null;
  if (input.own !== null && input.own.rankId === input.rankId && input.own.callsign?.trim() === callsign) return null;
  return input.free.includes(callsign) ? null : callsign;
}

/** The dialog's warning for a callsign outside the rank's pools. */
export function outsidePoolsWarning(callsign: string, rankName: string, free: number): string {
  const offer = free > 0 ? `pick one of the ${String(free)} free callsigns` : 'this rank has no free callsign';
  return `${callsign} is not one of the ${rankName} callsigns: ${offer}, or keep it to assign it by hand.`;
}

/** The second line of a save's confirmation when the callsign was assigned by hand. */
export function outsidePoolsNote(entry: { callsign?: string | null; rank?: string | null; callsignOutsidePools?: boolean }): string | null {
  if (entry.callsignOutsidePools !== true) return null;
  return `${entry.callsign?.trim() ?? ''} lies outside the ${entry.rank?.trim() ?? ''} callsign pools (assigned by hand).`;
}

/** '{name} saved.' */
export function updatedMessage(entry: { name: string }): string {
  return `${entry.name} saved.`;
}

export interface SaveFailure {
  /** The server's `error` text. */
  serverMessage: string | null;
  /** The body was not JSON. */
  unparseable: boolean;
}

/**
 * The text under 'Failed': the server's error text; else for an add 'Unknown error' when the
 * body could not be read and 'Failed to add' otherwise; for an update 'Update failed'.
 */
export function saveFailureText(kind: 'add' | 'update', failure: SaveFailure | null): string {
  if (failure?.serverMessage) return failure.serverMessage;
  if (kind === 'add') return failure?.unparseable ? UNKNOWN_ERROR : ADD_FAILED;
  return UPDATE_FAILED;
}
