/**
 * The audit view (issue 21): what a row of `GET /api/audit` says, as people read it. Field
 * paths become labels ("supervisorSignedBy" → "Supervisor signed by"; a structure path
 * "patrol.ranks.rk1.level" → "Patrol Division › Sergeant › Level"), ids become names where the
 * structure knows them, and the items of a list saved whole get a heading each.
 */

import type { WholeRange } from '@/lib/whole-range';
import { NO_NAMES, type StructureNames } from './roster-logs';

/** The kinds of writes the log holds, as the Kind filter names them. */
export const AUDIT_KINDS: readonly { value: string; label: string }[] = [
  { value: 'roster', label: 'Roster' },
  { value: 'structure', label: 'Structure' },
  { value: 'callsign_pools', label: 'Callsign pools' },
  { value: 'nav_permissions', label: 'Navigation permissions' },
  { value: 'vehicles', label: 'Vehicles' },
  { value: 'equipment', label: 'Equipment' },
  { value: 'uniforms', label: 'Uniforms' },
  { value: 'documents', label: 'Documents' },
  { value: 'document_draft', label: 'Document drafts' },
  { value: 'document_source', label: 'Document Office files' },
  { value: 'penal_codes', label: 'Penal codes' },
  { value: 'arrest', label: 'Arrest reports' },
  { value: 'use_of_force', label: 'Use-of-force reports' },
  { value: 'ticket', label: 'Tickets' },
  { value: 'training_template', label: 'Training templates' },
  { value: 'training_session', label: 'Training sessions' },
  { value: 'branding', label: 'Branding' },
  { value: 'agency', label: 'Agency' },
  { value: 'audit_settings', label: 'Audit log settings' },
];

export const NO_CHANGES = 'No changes found for these filters.';

/** The retention High Command may choose, and the server's sentence outside it. */
export const RETENTION_DAYS: WholeRange = { min: 30, max: 3650 };
export const BAD_RETENTION = 'Keep changes for 30 to 3650 days.';

/** "Changes are kept for 365 days, then deleted." */
export function retentionLine(days: number): string {
  return `Changes are kept for ${String(days)} ${days === 1 ? 'day' : 'days'}, then deleted.`;
}
export const AUDIT_ERROR_TITLE = 'Unable to load changes.';

/** "supervisorSignedBy" → "Supervisor signed by"; "rankId" → "Rank". */
export function humanize(key: string): string {
  const plain = key.replace(/Id$/, '').replace(/_/g, ' ');
  const words = plain.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an action reads as. */
export function actionLabel(action: string): string {
  switch (action) {
    case 'approve':
      return 'approved';
    case 'deny':
      return 'denied';
    case 'return':
      return 'returned for correction';
    case 'open':
      return 'opened';
    default:
      return action.replace(/_/g, ' ');
  }
}

export function kindLabel(kind: string): string {
  return AUDIT_KINDS.find((k) => k.value === kind)?.label ?? humanize(kind);
}

const STRUCTURE_LISTS: Record<string, keyof Omit<StructureNames, 'departments'>> = {
  ranks: 'ranks',
  subDepartments: 'subs',
  roles: 'roles',
};

/** A structure path by names: "patrol.ranks.rk1.level" → "Patrol Division › Sergeant › Level". */
function structurePath(path: string, names: StructureNames): string {
  const [department, list, id, ...rest] = path.split('.');
  const parts: string[] = [];
  if (department !== undefined) parts.push(names.departments.get(department) ?? department);
  if (list !== undefined) {
    const named = STRUCTURE_LISTS[list];
    if (named === undefined) parts.push(humanize(list));
    else if (id === undefined) parts.push(humanize(list));
    else parts.push(names[named].get(id) ?? id);
  }
  for (const key of rest) parts.push(humanize(key));
  return parts.join(' › ');
}

/** A field's label: a structure path by names, else each part of the path made readable. */
export function fieldLabel(kind: string, path: string, names: StructureNames = NO_NAMES): string {
  if (kind === 'structure') return structurePath(path, names);
  if (path === '') return 'Value';
  return path.split('.').map(humanize).join(' › ');
}

function nameOf(key: string, value: string, names: StructureNames): string {
  if (key === 'rankId' || key === 'allowedRanks' || key === 'rankIds') return names.ranks.get(value) ?? value;
  if (key === 'departmentId' || key === 'departmentIds') return names.departments.get(value) ?? value;
  if (key === 'subDeptId' || key === 'subDepartmentId') return names.subs.get(value) ?? value;
  if (key === 'roles' || key === 'roleIds') return names.roles.get(value) ?? value;
  return value;
}

/** A value as shown: '-' when empty, ids by name, lists joined, anything else as short JSON. */
export function valueText(path: string, value: unknown, names: StructureNames = NO_NAMES): string {
  const key = path.split('.').at(-1) ?? path;
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return nameOf(key, value, names);
  if (typeof value === 'number' || typeof value === 'boolean') return value === true ? 'Yes' : value === false ? 'No' : String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '-';
    if (value.every((v) => typeof v === 'string')) return value.map((v) => nameOf(key, v, names)).join(', ');
    return value.map((v) => valueText(key, v, names)).join('; ');
  }
  if (typeof value === 'object') {
    const record = value as { name?: unknown; title?: unknown; text?: unknown };
    const named = record.name ?? record.title ?? record.text;
    if (typeof named === 'string' && named !== '') return named;
    return JSON.stringify(value);
  }
  return '-';
}

/** What the view reads of a row of `GET /api/audit` (the generated `AuditEntry` has it). */
export interface AuditDiffOf {
  kind: string;
  diff: {
    fields?: readonly { field: string; before: unknown; after: unknown }[];
    items?: readonly { id: string; title: string; change: string; fields: readonly { field: string; before: unknown; after: unknown }[] }[];
  };
}

/** One line of the Field / Before / After table, or a heading for an item of a list. */
export type DiffRow =
  | { type: 'field'; label: string; before: string; after: string }
  | { type: 'item'; label: string };

const CHANGE_WORDS: Record<string, string> = { added: 'added', removed: 'removed', changed: 'changed' };

/** The rows of an entry's diff: its fields (a row that reads like one before it once), then
 * each item of a list with its fields. */
export function diffRows(entry: AuditDiffOf, names: StructureNames = NO_NAMES): DiffRow[] {
  const rows: DiffRow[] = [];
  // A stored name beside its id ("rank" and "rankId", "departmentName" and "departmentId")
  // reads the same once ids are names: once. The subject's own id is the row's, not a change.
  const shown: { label: string; values: string }[] = [];
  for (const change of entry.diff.fields ?? []) {
    if (change.field === 'id') continue;
    const row = {
      type: 'field' as const,
      label: fieldLabel(entry.kind, change.field, names),
      before: valueText(change.field, change.before, names),
      after: valueText(change.field, change.after, names),
    };
    const values = `${row.before}\u0000${row.after}`;
    const repeated = shown.some((prior) => prior.values === values && (row.label === prior.label || row.label.startsWith(`${prior.label} `)));
    if (repeated) continue;
    shown.push({ label: row.label, values });
    rows.push(row);
  }
  for (const item of entry.diff.items ?? []) {
    const title = item.title === '' ? item.id : item.title;
    rows.push({ type: 'item', label: `${title} (${CHANGE_WORDS[item.change] ?? item.change})` });
    for (const change of item.fields) {
      rows.push({
        type: 'field',
        label: fieldLabel(entry.kind, change.field, names),
        before: valueText(change.field, change.before, names),
        after: valueText(change.field, change.after, names),
      });
    }
  }
  return rows;
}

/** The filters the view sends, empty ones left out. */
export interface AuditFilters {
  kind: string | null;
  text: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { kind: null, text: '', from: '', to: '' };

export function auditParams(filters: AuditFilters, limit: number, offset: number): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (filters.kind !== null && filters.kind !== '') params.set('kind', filters.kind);
  if (filters.text.trim() !== '') params.set('q', filters.text.trim());
  if (filters.from !== '') params.set('from', filters.from);
  if (filters.to !== '') params.set('to', filters.to);
  return params;
}
