import { describe, expect, it } from 'vitest';
import {
  canGoOnDuty,
  durationWords,
  formatHours,
  formatMinutes,
  minutesSince,
  runningTime,
  shiftFlags,
  shiftSpan,
  weekLabel,
} from './duty';

const START = '2026-12-07T14:05:00Z';
const at = (minutes: number) => Date.parse(START) + minutes * 60_000;

describe('running time', () => {
  it('counts whole minutes since the start, never below zero', () => {
    expect(minutesSince(START, at(0))).toBe(0);
    expect(minutesSince(START, at(83) + 59_000)).toBe(83);
    expect(minutesSince(START, at(-5))).toBe(0);
    expect(minutesSince('not a time', at(10))).toBe(0);
    expect(minutesSince(null, at(10))).toBe(0);
  });

  it('shows hh:mm, hours past a day included', () => {
    expect(formatMinutes(0)).toBe('00:00');
    expect(formatMinutes(5)).toBe('00:05');
    expect(formatMinutes(83)).toBe('01:23');
    expect(formatMinutes(27 * 60)).toBe('27:00');
    expect(runningTime(START, at(83))).toBe('01:23');
    expect(runningTime(START, at(12 * 60 + 1))).toBe('12:01');
  });

  it('says it in words', () => {
    expect(durationWords(45)).toBe('45 min');
    expect(durationWords(83)).toBe('1 h 23 min');
    expect(durationWords(120)).toBe('2 h');
    expect(durationWords(-3)).toBe('0 min');
  });
});

describe('formatHours', () => {
  it('shows one decimal at most', () => {
    expect(formatHours(0)).toBe('0 h');
    expect(formatHours(3.5)).toBe('3.5 h');
    expect(formatHours(12)).toBe('12 h');
    expect(formatHours(7.26)).toBe('7.3 h');
    expect(formatHours(null)).toBe('-');
    expect(formatHours(Number.NaN)).toBe('-');
  });
});

describe('shifts', () => {
  it('writes the span of an open and of an ended shift', () => {
    expect(shiftSpan({ startedAt: START, endedAt: null })).toMatch(/^Since 7 Dec, \d\d:05$/);
    expect(shiftSpan({ startedAt: START, endedAt: '2026-12-07T16:35:00Z' })).toMatch(/^7 Dec, \d\d:05 to \d\d:35$/);
    expect(shiftSpan({ startedAt: START, endedAt: '2026-12-09T16:35:00Z' })).toMatch(/^7 Dec, \d\d:05 to 9 Dec, \d\d:35$/);
  });

  it('flags auto-closed, corrected and game server shifts', () => {
    expect(shiftFlags({ autoClosed: false, corrected: false, source: 'portal' })).toEqual([]);
    expect(shiftFlags({ autoClosed: true, corrected: true, source: 'game' }).map((flag) => flag.label)).toEqual([
      'Auto-closed',
      'Corrected',
      'Game server',
    ]);
  });

  it('labels a week by its Monday', () => {
    expect(weekLabel('2026-12-07')).toBe('7 Dec');
    expect(weekLabel('bad')).toBe('bad');
  });

  it('lets members on the roster go on duty unless on leave, suspended or inactive', () => {
    expect(canGoOnDuty({ status: 'Active' })).toBe(true);
    expect(canGoOnDuty({ status: 'LOA' })).toBe(false);
    expect(canGoOnDuty({ status: 'Suspended' })).toBe(false);
    expect(canGoOnDuty({ status: 'Inactive' })).toBe(false);
    expect(canGoOnDuty(null)).toBe(false);
  });
});
