/**
 * The training session screen's rules (command-and-reports §2 "Training sessions", §4, §5, §8):
 * validation of a new and a changed session, people stored once, FTO-like roster members first
 * in the FTO picker, the grouping by status and who may change a session. Pure.
 */

import { isoOf, pickerValueOf } from '@/lib/picker-time';
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
/** The quiet confirmation of a tick (issue 21). */
export const STEP_DONE = 'Step marked done.';
export const STEP_UNDONE = 'Step marked not done.';
export const CHECKLIST_UPDATE_FAILED = 'Failed to update checklist';
/** Not in the spec: what a deletion says (the spec's confirmation is kept word for word). */
export const SESSION_DELETED = 'Session deleted';
export const DELETE_FAILED = 'Failed to delete session';
/** The server's refusals of issue 19's FTO powers, word for word. */
export const FTO_AND_TRAINEE = 'Nobody can be both an FTO and a trainee of one session.';
export const MANAGERS_ONLY =
  "Only training managers change a session's FTOs, trainees, name or time; FTOs tick steps and change notes and status.";
export const OWN_STEPS = 'Trainees cannot tick their own training steps.';
/** What an FTO who is not a training manager reads above the people they cannot change. */
export const FTO_ONLY_HINT = 'Only training managers change the name, time, FTOs and trainees.';

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

/**
 * The same person, as the server compares them: the same roster id, or, where either has
 * none, the same name (any case).
 */
export function samePerson(a: PersonRef, b: PersonRef): boolean {
  const [aId, bId] = [a.id.trim(), b.id.trim()];
  if (aId !== '' && bId !== '') return aId === bId;
  const name = a.name.trim();
  return name !== '' && name.toLowerCase() === b.name.trim().toLowerCase();
}

/** Whether `person` is in `list` (by `samePerson`). */
export function includesPerson(list: readonly PersonRef[], person: PersonRef): boolean {
  return list.some((p) => samePerson(p, person));
}

/** The FTO and trainee rule (issue 19): FTO_AND_TRAINEE when someone is in both lists, else null. */
export function rolesProblem(ftos: readonly PersonRef[], trainees: readonly PersonRef[]): string | null {
  return ftos.some((fto) => includesPerson(trainees, fto)) ? FTO_AND_TRAINEE : null;
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

/** The create modal's refusals (§5, and nobody both FTO and trainee), by field. */
export function newSessionErrors(input: {
  templateId: number | null;
  ftos: readonly PersonRef[];
  trainees: readonly PersonRef[];
}): { templateId?: string; trainees?: string } {
  const trainees = input.trainees.length === 0 ? TRAINEE_REQUIRED : rolesProblem(input.ftos, input.trainees);
  return {
    ...(input.templateId === null ? { templateId: TEMPLATE_REQUIRED } : {}),
    ...(trainees === null ? {} : { trainees }),
  };
}

/** The Manage modal's refusals (§5, and nobody both FTO and trainee), under the trainees. */
export function sessionErrors(input: { ftos: readonly PersonRef[]; trainees: readonly PersonRef[] }): { trainees?: string } {
  const trainees = input.trainees.length === 0 ? SESSION_NEEDS_TRAINEE : rolesProblem(input.ftos, input.trainees);
  return trainees === null ? {} : { trainees };
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
  roster?: { id: number; name?: string } | null;
}

/** The viewer's roster entry as a session lists people, or null without one. */
function viewerPerson(viewer: SessionViewer | null): PersonRef | null {
  const roster = viewer?.roster;
  return roster == null ? null : { id: String(roster.id), name: roster.name ?? '' };
}

/** Whether the viewer is listed as an FTO of the session (by roster id, else name). */
export function isFtoOf(viewer: SessionViewer | null, session: { ftos: readonly PersonRef[] }): boolean {
  const me = viewerPerson(viewer);
  return me !== null && includesPerson(session.ftos, me);
}

/** Whether the viewer is listed as a trainee of the session (by roster id, else name). */
export function isTraineeOf(viewer: SessionViewer | null, session: { trainees: readonly PersonRef[] }): boolean {
  const me = viewerPerson(viewer);
  return me !== null && includesPerson(session.trainees, me);
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

/** What the viewer may do to one session (issue 19's FTO powers, as the server enforces them). */
export interface SessionPowers {
  /** Save notes and status (a training manager or an FTO of the session). */
  canChange: boolean;
  /** Change the name, scheduled time, FTOs and trainees (a training manager only). */
  canChangePeople: boolean;
  /** Tick checklist steps: may change it and is not one of its trainees. */
  canTick: boolean;
  /** Listed as a trainee of the session (never ticks their own steps). */
  isTrainee: boolean;
}

export function sessionPowers(
  viewer: SessionViewer | null,
  session: { ftos: readonly PersonRef[]; trainees: readonly PersonRef[] },
  isManager: boolean,
): SessionPowers {
  const canChange = canChangeSession(viewer, session, isManager);
  const isTrainee = isTraineeOf(viewer, session);
  return { canChange, canChangePeople: canChange && isManager, canTick: canChange && !isTrainee, isTrainee };
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

/**
 * The PATCH body of the Manage modal's Save (text trimmed, the time as ISO or null). Without
 * `people` (an FTO who is not a training manager) only the notes and the status are sent.
 */
export function patchOf(fields: SessionFields, people = true) {
  if (!people) return { notes: fields.notes.trim(), status: fields.status };
  return {
    sessionName: fields.sessionName.trim(),
    scheduledAt: isoOf(fields.scheduledAt),
    notes: fields.notes.trim(),
    status: fields.status,
    ftos: fields.ftos,
    trainees: fields.trainees,
  };
}

