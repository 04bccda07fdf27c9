/**
 * The personnel file (issue 23): the kinds of its lines in words and colours, what an entry
 * form checks (the server's words), and how corrections are found. Pure.
 */

export const FILE_UNAVAILABLE = 'Personnel file unavailable';
export const EMPTY_FILE = 'Nothing in this file yet.';
export const TEXT_REQUIRED = 'Write what happened.';
export const DAY_REQUIRED = 'Give the day it happened, not in the future.';
export const KIND_REQUIRED = 'Choose the kind of entry.';
export const TEXT_MAX = 4000;

/** The kinds of the timeline (the roster logs', qualifications', training's, leave's and written entries'). */
const KINDS: Readonly<Record<string, { label: string; color: string }>> = {
  hired: { label: 'Hired', color: 'indigo' },
  promotion: { label: 'Promotion', color: 'green' },
  demotion: { label: 'Demotion', color: 'orange' },
  rank_change: { label: 'Rank change', color: 'blue' },
  move: { label: 'Move', color: 'blue' },
  status: { label: 'Status', color: 'gray' },
  qualification_granted: { label: 'Qualified', color: 'cyan' },
  qualification_revoked: { label: 'Qualification revoked', color: 'red' },
  qualification_expired: { label: 'Qualification expired', color: 'gray' },
  training_completed: { label: 'Training', color: 'teal' },
  leave: { label: 'Leave', color: 'yellow' },
  commendation: { label: 'Commendation', color: 'green' },
  counselling: { label: 'Counselling', color: 'yellow' },
  written_warning: { label: 'Written warning', color: 'orange' },
  suspension: { label: 'Suspension', color: 'red' },
  correction: { label: 'Correction', color: 'grape' },
};

/** A kind's label ('Written warning'); an unknown kind reads as its words. */
export function kindLabel(kind: string): string {
  const known = KINDS[kind]?.label;
  if (known !== undefined) return known;
  const words = kind.replace(/_/g, ' ').trim();
  return words === '' ? 'Entry' : words.charAt(0).toUpperCase() + words.slice(1);
}

export function kindColor(kind: string): string {
  return KINDS[kind]?.color ?? 'gray';
}

/** The entries command writes by hand (a correction is written from the entry it corrects). */
export const ENTRY_KINDS = [
  { value: 'commendation', label: 'Commendation' },
  { value: 'counselling', label: 'Counselling' },
  { value: 'written_warning', label: 'Written warning' },
  { value: 'suspension', label: 'Suspension' },
] as const;

export type Visibility = 'command' | 'member';

export const VISIBILITY_OPTIONS = [
  { value: 'command', label: 'Command only' },
  { value: 'member', label: 'Member too' },
] as const;

export interface EntryFormValues {
  kind: string | null;
  /** 'YYYY-MM-DD', or null while not chosen. */
  day: string | null;
  text: string;
  visibility: Visibility;
}

/** The entry form's problems by field (`today`: the browser's day; the server checks its own). */
export function entryFormErrors(values: EntryFormValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.kind === null || values.kind === '') errors.kind = KIND_REQUIRED;
  if (values.day === null || values.day === '' || values.day > today) errors.day = DAY_REQUIRED;
  if (values.text.trim() === '') errors.text = TEXT_REQUIRED;
  return errors;
}

/** What the timeline needs of a line (`TimelineItem`). */
export interface FileLine {
  at: string;
  kind: string;
  entryId?: number | null;
  correctsId?: number | null;
  corrected: boolean;
}

/** The corrections written of entry `entryId`, oldest first. */
export function correctionsOf<L extends FileLine>(items: readonly L[], entryId: number | null | undefined): L[] {
  if (entryId == null) return [];
  return items.filter((item) => item.correctsId === entryId).sort((a, b) => a.at.localeCompare(b.at));
}

/** The entry a correction corrects, if it is in the file the viewer sees. */
export function correctedBy<L extends FileLine>(items: readonly L[], correction: L): L | null {
  if (correction.correctsId == null) return null;
  return items.find((item) => item.entryId === correction.correctsId) ?? null;
}
