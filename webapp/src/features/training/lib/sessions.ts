/**
 * The training session screen's rules (command-and-reports §2 "Training sessions", §4, §5, §8):
 * validation of a new and a changed session, people stored once, FTO-like roster members first
 * in the FTO picker, the grouping by status and who may change a session. Pure.
 */

import dayjs from 'dayjs';
import { SESSION_STATUSES, sessionStatusOf, type SessionStatus } from '@/lib/training';

export { sessionTitle } from '@/lib/training';

export const TEMPLATE_REQUIRED = 'Select a training template';
export const TRAINEE_REQUIRED = 'Add at least one trainee';
export const SESSION_NEEDS_TRAINEE = 'A session must have at least one trainee';
export const DELETE_SESSION = 'Delete this training session?';
export const TEMPLATES_LOAD_FAILED = 'Failed to load templates';
export const SESSIONS_LOAD_FAILED = 'Failed to load sessions';
export const UNABLE_TO_LOAD_ROSTER = 'Unable to load roster';
export const ROSTER_LOAD_FAILED = 'Failed to load roster';
export const CREATE_FAILED = 'Failed to create session';
export const SESSION_CREATED = 'Session created';
export const UNABLE_TO_LOAD_SESSION = 'Unable to load session';
export const UNABLE_TO_OPEN_SESSION = 'Unable to open session';
export const SAVE_FAILED = 'Failed to save session';
export const CHANGES_SAVED = 'Changes saved';
export const ITEM_UPDATE_FAILED = 'Failed to update checklist item';
export const CHECKLIST_UPDATE_FAILED = 'Failed to update checklist';
/** Not in the spec: what a deletion says (the spec's confirmation is kept word for word). */
export const SESSION_DELETED = 'Session deleted';
export const DELETE_FAILED = 'Failed to delete session';

/** An FTO or a trainee as a session stores them: a roster id (as text) and a name. */
export interface PersonRef {
  id: string;
  name: string;
}

/** What the pickers need of a roster entry. */
export interface RosterPerson {
  id: number;
  name: string;
  rank?: string | null;
  callsign?: string | null;
  /** Department role ids. */
  roles?: readonly string[] | null;
}

/** The person a roster entry stands for on a session. */
export function personOf(entry: RosterPerson): PersonRef {
  return { id: String(entry.id), name: entry.name.trim() };
}

/**
 * `list` with `person` added, stored once (§5): a person with the same id and name already
 * listed, or an entry with neither id nor name, is ignored.
 */
export function addPerson(list: readonly PersonRef[], person: PersonRef): PersonRef[] {
  const id = person.id.trim();
  const name = person.name.trim();
  if (id === '' && name === '') return [...list];
  if (list.some((p) => p.id === id && p.name === name)) return [...list];
  return [...list, { id, name }];
}

/** `list` without the person of id `id` and name `name`. */
export function removePerson(list: readonly PersonRef[], person: PersonRef): PersonRef[] {
  return list.filter((p) => !(p.id === person.id && p.name === person.name));
}

/** Whether a roster id is listed (the picker's 'Added' state). */
export function listsPerson(list: readonly PersonRef[], entry: RosterPerson): boolean {
  return list.some((p) => p.id === String(entry.id));
}

/** Role names by id from the structure's departments (`GET /api/structure`). */
export function roleNamesOf(departments: readonly { roles: readonly { id: string; name: string }[] }[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const department of departments) for (const role of department.roles) names.set(role.id, role.name);
  return names;
}

const FTO_WORDS = ['fto', 'trainer', 'field training officer'];

/**
 * FTO-like (command-and-reports §2): a role or the rank contains 'fto' or 'trainer', in any
 * case. Roles are ids, read by their names (an unknown id by itself). 'Field Training
 * Officer' spelled out counts too: FTO is its abbreviation, and the demo roles are named so.
 */
export function isFtoLike(entry: RosterPerson, roleNames: ReadonlyMap<string, string>): boolean {
  const texts = [entry.rank ?? '', ...(entry.roles ?? []).map((id) => roleNames.get(id) ?? id)];
  return texts.some((text) => {
    const lower = text.toLowerCase();
    return FTO_WORDS.some((word) => lower.includes(word));
  });
}

/** FTO-like members first, each group in its own order (the FTO picker, §2). */
export function ftoFirst<T extends RosterPerson>(entries: readonly T[], roleNames: ReadonlyMap<string, string>): T[] {
  const ftos = entries.filter((entry) => isFtoLike(entry, roleNames));
  return [...ftos, ...entries.filter((entry) => !isFtoLike(entry, roleNames))];
}

/** The create modal's refusal (§5), or null. */
export function newSessionProblem(input: { templateId: number | null; trainees: readonly PersonRef[] }): string | null {
  if (input.templateId === null) return TEMPLATE_REQUIRED;
  if (input.trainees.length === 0) return TRAINEE_REQUIRED;
  return null;
}

/** The Manage modal's refusal (§5), or null. */
export function sessionProblem(trainees: readonly PersonRef[]): string | null {
  return trainees.length === 0 ? SESSION_NEEDS_TRAINEE : null;
}

/** The load failures of the screen, joined with ' | ' when both fail (§8); null when none. */
export function loadProblem(templates: string | null, sessions: string | null): string | null {
  const parts = [templates, sessions].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(' | ');
}

/** Sessions by the status they are listed under (unknown: scheduled, §4), each in its order. */
export function groupSessions<T extends { status: string }>(sessions: readonly T[]): Record<SessionStatus, T[]> {
  const groups = Object.fromEntries(SESSION_STATUSES.map((status) => [status, [] as T[]])) as Record<SessionStatus, T[]>;
  for (const session of sessions) groups[sessionStatusOf(session.status)].push(session);
  return groups;
}

/** The viewer as the permission rule needs them (the `viewer` of GET /api/nav-permissions). */
export interface SessionViewer {
  isAuthenticated: boolean;
  /** False on leave of absence. */
  canManage: boolean;
  roster?: { id: number } | null;
}

/** Whether the viewer is listed as an FTO of the session (by roster id). */
export function isFtoOf(viewer: SessionViewer | null, session: { ftos: readonly PersonRef[] }): boolean {
  const roster = viewer?.roster;
  if (roster == null) return false;
  return session.ftos.some((fto) => fto.id === String(roster.id));
}

/**
 * Whether the viewer may change the session (tick, edit, set the status), as the server rules:
 * signed in, not on leave, and a training manager or an FTO listed on it.
 */
export function canChangeSession(
  viewer: SessionViewer | null,
  session: { ftos: readonly PersonRef[] },
  isManager: boolean,
): boolean {
  if (viewer?.isAuthenticated !== true || !viewer.canManage) return false;
  return isManager || isFtoOf(viewer, session);
}

/** The picker's value ('YYYY-MM-DD HH:mm:ss', local time) of an API date-time; null when absent. */
export function pickerValueOf(iso: string | null | undefined): string | null {
  if (iso == null || iso.trim() === '') return null;
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm:ss') : null;
}

/** The API date-time (ISO, UTC) of a picker value; null when empty or invalid. */
export function isoOf(value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : null;
}

/** The Manage modal's editable fields. */
export interface SessionFields {
  sessionName: string;
  /** The picker's value, or null. */
  scheduledAt: string | null;
  notes: string;
  status: SessionStatus;
  ftos: PersonRef[];
  trainees: PersonRef[];
}

export function fieldsOf(session: {
  sessionName: string;
  scheduledAt?: string | null;
  notes: string;
  status: string;
  ftos: readonly PersonRef[];
  trainees: readonly PersonRef[];
}): SessionFields {
  return {
    sessionName: session.sessionName,
    scheduledAt: pickerValueOf(session.scheduledAt),
    notes: session.notes,
    status: sessionStatusOf(session.status),
    ftos: session.ftos.map((p) => ({ id: p.id, name: p.name })),
    trainees: session.trainees.map((p) => ({ id: p.id, name: p.name })),
  };
}

/** The PATCH body of the Manage modal's Save (text trimmed, the time as ISO or null). */
export function patchOf(fields: SessionFields) {
  return {
    sessionName: fields.sessionName.trim(),
    scheduledAt: isoOf(fields.scheduledAt),
    notes: fields.notes.trim(),
    status: fields.status,
    ftos: fields.ftos,
    trainees: fields.trainees,
  };
}

/** Whether the fields differ from those opened. */
export function fieldsChanged(initial: SessionFields, fields: SessionFields): boolean {
  return JSON.stringify(patchOf(initial)) !== JSON.stringify(patchOf(fields));
}
