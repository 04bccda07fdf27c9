/**
 * Training sessions as both the training screens and the profile show them
 * (command-and-reports §3 "Training session", §4, §9). Pure.
 */

/** The session statuses in their order (command-and-reports §9). */
export const SESSION_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_STATUS_LABELS: Readonly<Record<SessionStatus, string>> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
};

/** Badge colours of the statuses (not in the spec: grey, orange as in review, green when done). */
export const SESSION_STATUS_COLORS: Readonly<Record<SessionStatus, string>> = {
  scheduled: 'gray',
  in_progress: 'orange',
  completed: 'green',
};

/** The status a session is listed under: its own when known, else scheduled (§4). */
export function sessionStatusOf(status: string | null | undefined): SessionStatus {
  const normalized = (status ?? '').trim().toLowerCase();
  return (SESSION_STATUSES as readonly string[]).includes(normalized) ? (normalized as SessionStatus) : 'scheduled';
}

/** The session's name as lists show it: its name, else its template's title. */
export function sessionTitle(session: { sessionName: string; templateTitle: string }): string {
  const name = session.sessionName.trim();
  return name !== '' ? name : session.templateTitle.trim() || 'Training session';
}

/** What progress needs of a checklist item. */
export interface ProgressItem {
  done: boolean;
  required: boolean;
}

export interface ChecklistProgress {
  done: number;
  total: number;
  requiredDone: number;
  requiredTotal: number;
}

/** How much of a checklist is done, in all and of its required items. */
export function checklistProgress(items: readonly ProgressItem[]): ChecklistProgress {
  const required = items.filter((item) => item.required);
  return {
    done: items.filter((item) => item.done).length,
    total: items.length,
    requiredDone: required.filter((item) => item.done).length,
    requiredTotal: required.length,
  };
}

/** 'done of total done' with the required ones when some are: '2 of 4 done (2 of 3 required)'. */
export function progressText(progress: ChecklistProgress): string {
  if (progress.total === 0) return 'No checklist items';
  const base = `${String(progress.done)} of ${String(progress.total)} done`;
  if (progress.requiredTotal === 0 || progress.requiredTotal === progress.total) return base;
  return `${base} (${String(progress.requiredDone)} of ${String(progress.requiredTotal)} required)`;
}

/** Percentage done (0 for an empty checklist), rounded. */
export function progressPercent(progress: ChecklistProgress): number {
  return progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A date-time of the API for people ('12 Mar 2026, 18:00', local time), or null when absent or invalid. */
export function formatDateTime(iso: string | null | undefined, format: Intl.DateTimeFormat = dateTimeFormat): string | null {
  if (iso == null || iso.trim() === '') return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}
