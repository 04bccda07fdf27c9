import { describe, expect, it } from 'vitest';
import { formatTimeInGrade } from './time-in-grade';

describe('formatTimeInGrade', () => {
  it("shows '-' when unknown", () => {
    expect(formatTimeInGrade(null)).toBe('-');
    expect(formatTimeInGrade(undefined)).toBe('-');
    expect(formatTimeInGrade(Number.NaN)).toBe('-');
    expect(formatTimeInGrade(-3)).toBe('-');
  });

  it("shows '<1' under one day", () => {
    expect(formatTimeInGrade(0)).toBe('<1');
    expect(formatTimeInGrade(0.5)).toBe('<1');
  });

  it('shows days below 60', () => {
    expect(formatTimeInGrade(1)).toBe('1');
    expect(formatTimeInGrade(59)).toBe('59');
    expect(formatTimeInGrade(59.9)).toBe('59');
  });

  it("switches to 'N mo M d' with 30-day months at 60 days", () => {
    expect(formatTimeInGrade(60)).toBe('2 mo 0 d');
    expect(formatTimeInGrade(75)).toBe('2 mo 15 d');
    expect(formatTimeInGrade(400)).toBe('13 mo 10 d');
  });
});
