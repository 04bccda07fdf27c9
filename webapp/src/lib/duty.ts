/**
 * Duty time (issue 24) as the screens show it: the running time of an open shift ('01:23'),
 * hours ('12.5 h'), a shift's length in words, times of day and a shift's flags. Pure: every
 * function that depends on the time is given `now`.
 */

const MS_PER_MINUTE = 60_000;

const clockFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const weekFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function timeOf(iso: string | null | undefined): number | null {
  if (iso == null || iso.trim() === '') return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/** Whole minutes from `since` to `now` (never negative; 0 when `since` is not a time). */
export function minutesSince(since: string | null | undefined, now: number): number {
  const start = timeOf(since);
  if (start === null) return 0;
  return Math.max(0, Math.floor((now - start) / MS_PER_MINUTE));
}

/** 'hh:mm' of a number of minutes: '00:05', '01:23', '27:00' (hours are not wrapped at a day). */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  return `${String(hours).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The running time of a shift that began at `since`, as of `now`: '01:23'. */
export function runningTime(since: string | null | undefined, now: number): string {
  return formatMinutes(minutesSince(since, now));
}

/** The same in words for screen readers and notifications: '1 h 23 min', '45 min', '2 h'. */
export function durationWords(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${String(rest)} min`;
  return rest === 0 ? `${String(hours)} h` : `${String(hours)} h ${String(rest)} min`;
}

/** Hours as the roster and the profile show them: '0 h', '3.5 h', '12 h' (one decimal at most). */
export function formatHours(hours: number | null | undefined): string {
  if (hours == null || !Number.isFinite(hours)) return '-';
  const rounded = Math.round(Math.max(0, hours) * 10) / 10;
  return `${String(rounded)} h`;
}

/** '14:05' (the browser's time of day); '-' when there is no time. */
export function formatClock(iso: string | null | undefined): string {
  const time = timeOf(iso);
  return time === null ? '-' : clockFormat.format(time);
}

/** '12 Dec, 14:05' (the browser's time); '-' when there is no time. */
export function formatDayTime(iso: string | null | undefined): string {
  const time = timeOf(iso);
  return time === null ? '-' : dayTimeFormat.format(time);
}

/** A shift's span: '12 Dec, 14:05 to 18:30', or to another day's time; 'since …' while open. */
export function shiftSpan(shift: { startedAt: string; endedAt?: string | null }): string {
  const start = formatDayTime(shift.startedAt);
  if (shift.endedAt == null) return `Since ${start}`;
  const [from, to] = [timeOf(shift.startedAt), timeOf(shift.endedAt)];
  const sameDay = from !== null && to !== null && new Date(from).toDateString() === new Date(to).toDateString();
  return `${start} to ${sameDay ? formatClock(shift.endedAt) : formatDayTime(shift.endedAt)}`;
}

/** The week beginning on Monday `day` ('2026-12-07') as the chart labels it: '7 Dec'. */
export function weekLabel(day: string): string {
  const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? day : weekFormat.format(time);
}

/** Where a shift was started from. */
export const SOURCE_LABELS: Readonly<Record<string, string>> = {
  portal: 'Portal',
  game: 'Game server',
  command: 'Command',
};

export interface ShiftFlag {
  label: string;
  color: string;
  /** What the flag means, for a tooltip and screen readers. */
  help: string;
}

/** The marks of a shift: closed by the limit, corrected by a supervisor, started by the game server. */
export function shiftFlags(shift: { autoClosed: boolean; corrected: boolean; source: string }): ShiftFlag[] {
  const flags: ShiftFlag[] = [];
  if (shift.autoClosed) flags.push({ label: 'Auto-closed', color: 'orange', help: "Closed by the agency's limit: the member did not clock out." });
  if (shift.corrected) flags.push({ label: 'Corrected', color: 'blue', help: 'A supervisor corrected its times; the corrections are kept.' });
  if (shift.source === 'game') flags.push({ label: 'Game server', color: 'gray', help: 'Clocked through the game server.' });
  return flags;
}

/** The member may go on duty: on the roster and neither on leave, suspended nor inactive (the server's rule). */
export function canGoOnDuty(entry: { status: string } | null | undefined): boolean {
  if (entry == null) return false;
  return !['LOA', 'Suspended', 'Inactive'].includes(entry.status);
}
