/**
 * Duty time (issue 24) of the top bar's clock and Supervisor → On duty: what clocking in
 * sends, the sentences after a clock, the correction form and the agency's settings form,
 * checked as the server checks them (its sentences). Pure.
 */

import { durationWords, formatClock, minutesSince } from '@/lib/duty';
import { isoOf, pickerValueOf } from '@/lib/picker-time';
import { wholeIn, type WholeRange } from '@/lib/whole-range';

export const PAGE_TITLE = 'On duty';
export const PAGE_DESCRIPTION = 'Who is on duty now and the shifts of the last week. Correct a shift with a reason; the corrections are kept.';
export const UNAVAILABLE = 'Duty unavailable';
export const NOBODY_ON_DUTY = 'Nobody is on duty right now.';
export const NO_RECENT = 'No shift ended in the last 7 days.';

/* ------------------------------------------------------------ the lists */

/** Shifts of the last week per page of the list. */
export const RECENT_PAGE_SIZE = 20;
export const NO_MATCHING_SHIFT = 'No shift of the last 7 days matches.';

/** The shifts whose member, callsign or unit holds `text` (any case); all of them for no text. */
export function filterShifts<T extends { member: string; callsign: string; unit: string }>(shifts: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...shifts];
  return shifts.filter((shift) => [shift.member, shift.callsign, shift.unit].some((field) => field.toLowerCase().includes(needle)));
}

/** Page `page` (1-based, kept within the pages there are) of `items`, and how many pages there are. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount };
}

/* ------------------------------------------------------------------ clock */

/** The longest unit a shift names (the server's limit). */
export const UNIT_MAX = 120;

export interface ClockInValues {
  unit: string;
  callsign: string;
}

/** The clock-in fields filled with the member's own department and callsign. */
export function clockInDefaults(entry: { departmentName?: string | null; callsign?: string | null } | null | undefined): ClockInValues {
  return { unit: entry?.departmentName?.trim() ?? '', callsign: entry?.callsign?.trim() ?? '' };
}

/** What clocking in sends: the unit and callsign typed, null when blank (the server takes the member's own). */
export function clockInBody(values: ClockInValues): { unit: string | null; callsign: string | null } {
  const unit = values.unit.trim();
  const callsign = values.callsign.replace(/\s+/g, '');
  return { unit: unit === '' ? null : unit, callsign: callsign === '' ? null : callsign };
}

/** 'B-12, Patrol Division' of a shift (what is known of it), or ''. */
export function shiftPost(shift: { unit: string; callsign: string }): string {
  return [shift.callsign.trim(), shift.unit.trim()].filter((part) => part !== '').join(', ');
}

/** The notification after clocking in: 'On duty since 14:05 (B-12, Patrol Division).' */
export function clockedInMessage(shift: { startedAt: string; unit: string; callsign: string }): string {
  const post = shiftPost(shift);
  return `On duty since ${formatClock(shift.startedAt)}${post === '' ? '' : ` (${post})`}.`;
}

/** The notification after clocking out: 'Off duty: 1 h 23 min from 14:05 to 15:28.' */
export function clockedOutMessage(shift: { startedAt: string; endedAt?: string | null; hours: number }): string {
  const minutes = Math.round(shift.hours * 60);
  return `Off duty: ${durationWords(minutes)} from ${formatClock(shift.startedAt)} to ${formatClock(shift.endedAt)}.`;
}

/** The clock's accessible name while on duty: 'On duty for 1 h 23 min'. */
export function onDutyLabel(since: string, now: number): string {
  return `On duty for ${durationWords(minutesSince(since, now))}`;
}

/* ------------------------------------------------------------- correction */

/** The server's sentences (server/src/features/duty/model.rs). */
export const REASON_REQUIRED = 'Say why the shift is corrected.';
export const ENDS_BEFORE = 'A shift ends after it begins.';
export const IN_THE_FUTURE = 'A shift cannot begin or end in the future.';
export const TOO_LONG = 'A shift lasts at most 48 hours.';
export const STILL_OPEN = 'Give the end of a shift that is over; only the open shift may stay open.';
export const START_REQUIRED = 'Give the start of the shift.';
export const MAX_SHIFT_HOURS = 48;

export interface CorrectionValues {
  /** Picker values ('YYYY-MM-DD HH:mm:ss'). */
  startedAt: string | null;
  endedAt: string | null;
  reason: string;
}

export function correctionValues(shift: { startedAt: string; endedAt?: string | null }): CorrectionValues {
  return { startedAt: pickerValueOf(shift.startedAt), endedAt: pickerValueOf(shift.endedAt), reason: '' };
}

export type CorrectionErrors = Partial<Record<keyof CorrectionValues, string>>;

/**
 * The server's checks of a correction of a shift that is `open` or over, as of `now`: a reason,
 * an end after the start (none only for the open shift), nothing in the future, 48 hours at most.
 */
export function correctionErrors(values: CorrectionValues, open: boolean, now: number): CorrectionErrors {
  const errors: CorrectionErrors = {};
  if (values.reason.trim() === '') errors.reason = REASON_REQUIRED;
  const start = isoOf(values.startedAt);
  const end = isoOf(values.endedAt);
  if (start === null) {
    errors.startedAt = START_REQUIRED;
    return errors;
  }
  const from = Date.parse(start);
  const to = end === null ? null : Date.parse(end);
  if (from > now) errors.startedAt = IN_THE_FUTURE;
  if (to === null) {
    if (!open) errors.endedAt = STILL_OPEN;
    else if (now - from > MAX_SHIFT_HOURS * 3_600_000) errors.endedAt = TOO_LONG;
  } else if (to > now) errors.endedAt = IN_THE_FUTURE;
  else if (to < from) errors.endedAt = ENDS_BEFORE;
  else if (to - from > MAX_SHIFT_HOURS * 3_600_000) errors.endedAt = TOO_LONG;
  return errors;
}

/** The PATCH body of a checked correction. */
export function correctionBody(values: CorrectionValues): { startedAt: string; endedAt: string | null; reason: string } {
  return { startedAt: isoOf(values.startedAt) ?? '', endedAt: isoOf(values.endedAt), reason: values.reason.trim() };
}

/* --------------------------------------------------------------- settings */

export const AUTO_CLOSE_HOURS: WholeRange = { min: 1, max: 48 };
export const INACTIVE_DAYS: WholeRange = { min: 1, max: 365 };
export const BAD_AUTO_CLOSE = 'Shifts close themselves after 1 to 48 hours.';
export const BAD_INACTIVE = 'Members are inactive after 1 to 365 days without duty, or never.';
export const SETTINGS_SAVED = 'Duty settings saved.';
export const ONLY_HIGH_COMMAND = 'Only High Command changes them.';

export interface SettingsValues {
  /** NumberInput hands over a number, or the text typed when it is not one yet ('' when empty). */
  autoCloseHours: number | string;
  /** Members count as inactive after `inactiveAfterDays` without duty. */
  inactiveEnabled: boolean;
  inactiveAfterDays: number | string;
}

export const DEFAULT_INACTIVE_DAYS = 30;

export function settingsValues(settings: { autoCloseHours: number; inactiveAfterDays?: number | null }): SettingsValues {
  return {
    autoCloseHours: settings.autoCloseHours,
    inactiveEnabled: settings.inactiveAfterDays != null,
    inactiveAfterDays: settings.inactiveAfterDays ?? DEFAULT_INACTIVE_DAYS,
  };
}

/** @mantine/form rules: the server's ranges and sentences. */
export const validateSettings = {
  autoCloseHours: (value: number | string) => (wholeIn(value, AUTO_CLOSE_HOURS) === null ? BAD_AUTO_CLOSE : null),
  inactiveAfterDays: (value: number | string, values: SettingsValues) =>
    !values.inactiveEnabled || wholeIn(value, INACTIVE_DAYS) !== null ? null : BAD_INACTIVE,
};

/** The PUT body of checked settings. */
export function settingsBody(values: SettingsValues): { autoCloseHours: number; inactiveAfterDays: number | null } {
  return {
    autoCloseHours: Number(values.autoCloseHours),
    inactiveAfterDays: values.inactiveEnabled ? Number(values.inactiveAfterDays) : null,
  };
}

/** 'Open shifts close themselves after 12 hours.' */
export function autoCloseLine(hours: number): string {
  return `Open shifts close themselves after ${String(hours)} ${hours === 1 ? 'hour' : 'hours'}, flagged as auto-closed.`;
}

/** 'Members without duty for 21 days count as inactive.' or that nobody does. */
export function inactiveLine(days: number | null | undefined): string {
  if (days == null) return 'Members never count as inactive, however long they are off duty.';
  return `Active members without duty for ${String(days)} ${days === 1 ? 'day' : 'days'} count as inactive (the roster's filter; no demotion).`;
}
