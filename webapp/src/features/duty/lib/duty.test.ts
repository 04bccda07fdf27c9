import { describe, expect, it } from 'vitest';
import { isoOf, pickerValueOf } from '@/lib/picker-time';
import { rangeText } from '@/lib/whole-range';
import {
  AUTO_CLOSE_HOURS,
  BAD_AUTO_CLOSE,
  BAD_INACTIVE,
  INACTIVE_DAYS,
  clockedInMessage,
  clockedOutMessage,
  clockInBody,
  clockInDefaults,
  correctionBody,
  correctionErrors,
  correctionValues,
  filterShifts,
  pageOf,
  ENDS_BEFORE,
  IN_THE_FUTURE,
  inactiveLine,
  REASON_REQUIRED,
  settingsBody,
  settingsValues,
  STILL_OPEN,
  TOO_LONG,
  validateSettings,
  type SettingsValues,
} from './duty';

const NOW = Date.parse('2026-12-07T20:00:00Z');
const picker = (iso: string) => pickerValueOf(iso);

describe('clocking in', () => {
  it("fills the member's own department and callsign", () => {
    expect(clockInDefaults({ departmentName: 'Patrol Division', callsign: 'B-12' })).toEqual({ unit: 'Patrol Division', callsign: 'B-12' });
    expect(clockInDefaults({ departmentName: null, callsign: null })).toEqual({ unit: '', callsign: '' });
    expect(clockInDefaults(undefined)).toEqual({ unit: '', callsign: '' });
  });

  it('sends what was typed, blanks as null (the server takes the member’s own)', () => {
    expect(clockInBody({ unit: ' Traffic ', callsign: ' B - 12 ' })).toEqual({ unit: 'Traffic', callsign: 'B-12' });
    expect(clockInBody({ unit: '  ', callsign: '' })).toEqual({ unit: null, callsign: null });
  });

  it('confirms each clock in a sentence', () => {
    const shift = { startedAt: '2026-12-07T14:05:00Z', endedAt: '2026-12-07T15:28:00Z', unit: 'Patrol Division', callsign: 'B-12', hours: 1.38 };
    expect(clockedInMessage(shift)).toMatch(/^On duty since \d\d:05 \(B-12, Patrol Division\)\.$/);
    expect(clockedInMessage({ ...shift, unit: '', callsign: '' })).toMatch(/^On duty since \d\d:05\.$/);
    expect(clockedOutMessage(shift)).toMatch(/^Off duty: 1 h 23 min from \d\d:05 to \d\d:28\.$/);
  });
});

describe('a correction', () => {
  const ended = { startedAt: '2026-12-07T10:00:00Z', endedAt: '2026-12-07T14:00:00Z' };

  it('starts from the shift’s times, in the picker’s format, and round-trips', () => {
    const values = correctionValues(ended);
    expect(values.reason).toBe('');
    expect(values.startedAt).toMatch(/^2026-12-07 \d\d:00:00$/);
    expect(isoOf(values.startedAt)).toBe('2026-12-07T10:00:00.000Z');
    expect(isoOf(values.endedAt)).toBe('2026-12-07T14:00:00.000Z');
    expect(correctionValues({ startedAt: ended.startedAt, endedAt: null }).endedAt).toBeNull();
    expect(isoOf('')).toBeNull();
  });

  it('needs a reason and times that could have happened (the server’s sentences)', () => {
    const values = { startedAt: picker(ended.startedAt), endedAt: picker(ended.endedAt), reason: ' Forgot to clock out ' };
    expect(correctionErrors(values, false, NOW)).toEqual({});
    expect(correctionErrors({ ...values, reason: '  ' }, false, NOW)).toEqual({ reason: REASON_REQUIRED });
    expect(correctionErrors({ ...values, endedAt: picker('2026-12-07T09:00:00Z') }, false, NOW)).toEqual({ endedAt: ENDS_BEFORE });
    expect(correctionErrors({ ...values, endedAt: picker('2026-12-07T21:00:00Z') }, false, NOW)).toEqual({ endedAt: IN_THE_FUTURE });
    expect(correctionErrors({ ...values, startedAt: picker('2026-12-04T10:00:00Z') }, false, NOW)).toEqual({ endedAt: TOO_LONG });
    expect(correctionErrors({ ...values, endedAt: null }, false, NOW)).toEqual({ endedAt: STILL_OPEN });
    // The open shift may stay open, within 48 hours of now.
    expect(correctionErrors({ ...values, endedAt: null }, true, NOW)).toEqual({});
    expect(correctionErrors({ ...values, startedAt: picker('2026-12-05T10:00:00Z'), endedAt: null }, true, NOW)).toEqual({ endedAt: TOO_LONG });
    // Exactly 48 hours is allowed.
    expect(correctionErrors({ ...values, startedAt: picker('2026-12-05T14:00:00Z') }, false, NOW)).toEqual({});
  });

  it('sends ISO times and the reason trimmed', () => {
    const values = { startedAt: picker(ended.startedAt), endedAt: null, reason: ' Closed late \n' };
    expect(correctionBody(values)).toEqual({ startedAt: '2026-12-07T10:00:00.000Z', endedAt: null, reason: 'Closed late' });
  });
});

describe('duty settings', () => {
  const check = (values: SettingsValues) => ({
    autoCloseHours: validateSettings.autoCloseHours(values.autoCloseHours),
    inactiveAfterDays: validateSettings.inactiveAfterDays(values.inactiveAfterDays, values),
  });

  it('starts from the saved settings; "never" keeps a sensible number ready', () => {
    expect(settingsValues({ autoCloseHours: 12, inactiveAfterDays: 21 })).toEqual({ autoCloseHours: 12, inactiveEnabled: true, inactiveAfterDays: 21 });
    expect(settingsValues({ autoCloseHours: 8, inactiveAfterDays: null })).toEqual({ autoCloseHours: 8, inactiveEnabled: false, inactiveAfterDays: 30 });
  });

  it('keeps to the server’s ranges', () => {
    const ok = { autoCloseHours: 12, inactiveEnabled: true, inactiveAfterDays: 21 };
    expect(check(ok)).toEqual({ autoCloseHours: null, inactiveAfterDays: null });
    expect(check({ ...ok, autoCloseHours: 0 }).autoCloseHours).toBe(BAD_AUTO_CLOSE);
    expect(check({ ...ok, autoCloseHours: 49 }).autoCloseHours).toBe(BAD_AUTO_CLOSE);
    expect(check({ ...ok, autoCloseHours: '' }).autoCloseHours).toBe(BAD_AUTO_CLOSE);
    expect(check({ ...ok, autoCloseHours: 1.5 }).autoCloseHours).toBe(BAD_AUTO_CLOSE);
    expect(check({ ...ok, autoCloseHours: 48 }).autoCloseHours).toBeNull();
    expect(check({ ...ok, inactiveAfterDays: 0 }).inactiveAfterDays).toBe(BAD_INACTIVE);
    expect(check({ ...ok, inactiveAfterDays: 366 }).inactiveAfterDays).toBe(BAD_INACTIVE);
    expect(check({ ...ok, inactiveAfterDays: 365 }).inactiveAfterDays).toBeNull();
    // Off: the number is not checked and not sent.
    expect(check({ ...ok, inactiveEnabled: false, inactiveAfterDays: '' }).inactiveAfterDays).toBeNull();
  });

  it('sends numbers, and null for never', () => {
    expect(settingsBody({ autoCloseHours: '10', inactiveEnabled: true, inactiveAfterDays: 14 })).toEqual({ autoCloseHours: 10, inactiveAfterDays: 14 });
    expect(settingsBody({ autoCloseHours: 10, inactiveEnabled: false, inactiveAfterDays: 14 })).toEqual({ autoCloseHours: 10, inactiveAfterDays: null });
    expect(inactiveLine(null)).toMatch(/^Members never count as inactive/);
    expect(inactiveLine(1)).toMatch(/for 1 day count/);
  });
});

describe('the list of the last week', () => {
  const shifts = [
    { id: 1, member: 'Sam Whitaker', callsign: 'R-12', unit: 'Patrol Division' },
    { id: 2, member: 'Casey Nguyen', callsign: 'R-13', unit: 'Traffic' },
  ];

  it('finds shifts by member, callsign or unit', () => {
    expect(filterShifts(shifts, ' casey ').map((s) => s.id)).toEqual([2]);
    expect(filterShifts(shifts, 'r-12').map((s) => s.id)).toEqual([1]);
    expect(filterShifts(shifts, 'TRAFFIC').map((s) => s.id)).toEqual([2]);
    expect(filterShifts(shifts, '')).toHaveLength(2);
  });

  it('pages it, keeping the page within the pages there are', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 1, 20)).toMatchObject({ page: 1, pageCount: 3 });
    expect(pageOf(items, 3, 20).items).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, 9, 20).page).toBe(3);
    expect(pageOf([], 1, 20)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});

describe('the settings ranges', () => {
  it('are the ranges the refusals name', () => {
    expect(BAD_AUTO_CLOSE).toContain(`${rangeText(AUTO_CLOSE_HOURS)} hours`);
    expect(BAD_INACTIVE).toContain(`${rangeText(INACTIVE_DAYS)} days`);
  });
});
