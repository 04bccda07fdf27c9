/**
 * Command logs (command-and-reports §2 Command logs, §3 Roster and Hire log items, §7, §8, §9).
 * Pure.
 */

export type LogType = 'rank' | 'hire';

export const LOG_TYPES: readonly { value: LogType; label: string }[] = [
  { value: 'rank', label: 'Rank changes' },
  { value: 'hire', label: 'Hires' },
];

export const LOG_PAGE_SIZES: readonly number[] = [25, 50, 100, 200];
export const DEFAULT_LOG_PAGE_SIZE = 50;

export const NO_LOG_ENTRIES = 'No log entries found for this agency.';
export const LOGS_ERROR_TITLE = 'Unable to load logs.';
export const LOGS_FAILED = 'Failed to load logs';

/** 'Server returned {status}' for an HTTP failure, else 'Failed to load logs'. */
export function logsErrorText(status: number | null): string {
  return status === null ? LOGS_FAILED : `Server returned ${status}`;
}

/** Rows are requested with limit = page size and offset = page index × page size. */
export function logOffset(pageIndex: number, pageSize: number): number {
  return Math.max(0, Math.floor(pageIndex)) * pageSize;
}

/** Next is disabled when the page returned fewer rows than the page size. */
export function isLastLogPage(rowCount: number, pageSize: number): boolean {
  return rowCount < pageSize;
}

/** Labels of the logged fields. */
export const FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  rank: 'Rank',
  rankId: 'Rank id',
  departmentId: 'Department',
  subDeptId: 'Sub-department',
  status: 'Status',
  callsign: 'Callsign',
  roles: 'Roles',
});

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** Names of the structure's ids, to show logged values readably. */
export interface StructureNames {
  departments: ReadonlyMap<string, string>;
  ranks: ReadonlyMap<string, string>;
  subs: ReadonlyMap<string, string>;
  roles: ReadonlyMap<string, string>;
}

export const NO_NAMES: StructureNames = {
  departments: new Map(),
  ranks: new Map(),
  subs: new Map(),
  roles: new Map(),
};

export function structureNames(structure: {
  departments: readonly {
    id: string;
    name: string;
    ranks: readonly { id: string; name: string }[];
    subDepartments: readonly { id: string; name: string }[];
    roles: readonly { id: string; name: string }[];
  }[];
}): StructureNames {
  const departments = new Map<string, string>();
  const ranks = new Map<string, string>();
  const subs = new Map<string, string>();
  const roles = new Map<string, string>();
  for (const dept of structure.departments) {
    departments.set(dept.id, dept.name);
    for (const rank of dept.ranks) ranks.set(rank.id, rank.name);
    for (const sub of dept.subDepartments) subs.set(sub.id, sub.name);
    for (const role of dept.roles) roles.set(role.id, role.name);
  }
  return { departments, ranks, subs, roles };
}

/**
 * A logged value as shown: '-' when empty; rank, department, sub-department and role ids by
 * name when the structure knows them (roles are logged as 'a, b'); an id the structure no
 * longer has stays shown as the id. The screen puts the stored id in a tooltip (`loggedId`).
 */
export function logValue(field: string, value: string | null | undefined, names: StructureNames = NO_NAMES): string {
  const text = value?.trim() ?? '';
  if (text === '') return '-';
  switch (field) {
    case 'rankId':
      return names.ranks.get(text) ?? text;
    case 'departmentId':
      return names.departments.get(text) ?? text;
    case 'subDeptId':
      return names.subs.get(text) ?? text;
    case 'roles':
      return text
        .split(',')
        .map((role) => role.trim())
        .filter((role) => role !== '')
        .map((role) => names.roles.get(role) ?? role)
        .join(', ');
    default:
      return text;
  }
}

/** Fields whose logged values are ids (shown by name, the id in a tooltip). */
const ID_FIELDS = new Set(['rankId', 'departmentId', 'subDeptId', 'roles']);

/** The stored value behind a cell shown by name, for its tooltip; null when shown as stored. */
export function loggedId(field: string, value: string | null | undefined, names: StructureNames = NO_NAMES): string | null {
  const text = value?.trim() ?? '';
  if (!ID_FIELDS.has(field) || text === '') return null;
  return logValue(field, text, names) === text ? null : text;
}

/** What grouping needs of a rank log row. */
export interface RankLogRow {
  logId?: number;
  id: number;
  changeId: string;
  ts: string;
  rosterId: number;
  rosterName: string;
  rosterCallsign?: string | null;
  rosterRank?: string | null;
  actor: { display: string; userId?: string | null };
  field: string;
  beforeValue?: string | null;
  afterValue?: string | null;
}

export interface RankChange {
  changeId: string;
  ts: string;
  rosterId: number;
  rosterName: string;
  rosterCallsign: string | null;
  rosterRank: string | null;
  actor: string;
  rows: { field: string; label: string; before: string | null; after: string | null }[];
}

/** Fields in the order the table lists them; others follow in their order. */
const FIELD_ORDER = Object.keys(FIELD_LABELS);

/** One entry per changeId (in the order first seen: newest first), its fields as table rows. */
export function groupRankLogs(items: readonly RankLogRow[]): RankChange[] {
  const groups = new Map<string, RankChange>();
  for (const item of items) {
    const key = item.changeId || `log-${item.logId ?? item.id}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        changeId: key,
        ts: item.ts,
        rosterId: item.rosterId,
        rosterName: item.rosterName,
        rosterCallsign: item.rosterCallsign ?? null,
        rosterRank: item.rosterRank ?? null,
        actor: item.actor.display,
        rows: [],
      };
      groups.set(key, group);
    }
    group.rows.push({
      field: item.field,
      label: fieldLabel(item.field),
      before: item.beforeValue ?? null,
      after: item.afterValue ?? null,
    });
  }
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index < 0 ? FIELD_ORDER.length : index;
  };
  for (const group of groups.values()) {
    group.rows = group.rows
      .map((row, index) => ({ row, index }))
      .sort((a, b) => rank(a.row.field) - rank(b.row.field) || a.index - b.index)
      .map(({ row }) => row);
  }
  return [...groups.values()];
}

/** 'Performed by {actor}' */
export function performedBy(actor: string): string {
  return `Performed by ${actor.trim() === '' ? 'unknown' : actor}`;
}

/** What the details line needs of a hire log row. */
export interface HireLogRow {
  ts: string;
  rosterName: string;
  callsign?: string | null;
  rosterRank?: string | null;
  status: string;
  departmentId?: string | null;
  subDeptId?: string | null;
  actor: { display: string };
  entry?: { roles: readonly string[] } | null;
}

/**
 * The details line of a hire: name, callsign, rank, status, department (and sub-department
 * and roles when set), by whom and when, joined by ' · '.
 */
export function hireDetails(item: HireLogRow, names: StructureNames, formatTime: (iso: string) => string): string {
  const parts = [
    item.rosterName,
    `Callsign ${logValue('callsign', item.callsign)}`,
    `Rank ${logValue('rank', item.rosterRank)}`,
    `Status ${logValue('status', item.status)}`,
    `Department ${logValue('departmentId', item.departmentId, names)}`,
  ];
  if (item.subDeptId) parts.push(`Sub-department ${logValue('subDeptId', item.subDeptId, names)}`);
  const roles = item.entry?.roles ?? [];
  if (roles.length > 0) parts.push(`Roles ${logValue('roles', roles.join(', '), names)}`);
  parts.push(`by ${item.actor.display.trim() === '' ? 'unknown' : item.actor.display}`);
  parts.push(formatTime(item.ts));
  return parts.join(' · ');
}
