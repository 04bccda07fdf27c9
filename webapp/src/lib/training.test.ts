import { describe, expect, it } from 'vitest';
import { checklistProgress, formatDateTime, progressPercent, progressText, sessionStatusOf } from './training';

describe('training', () => {
  it('lists an unknown status under scheduled', () => {
    expect(sessionStatusOf('completed')).toBe('completed');
    expect(sessionStatusOf(' In_Progress ')).toBe('in_progress');
    expect(sessionStatusOf('done')).toBe('scheduled');
    expect(sessionStatusOf(null)).toBe('scheduled');
  });

  it('counts checklist progress', () => {
    const progress = checklistProgress([
      { done: true, required: true },
      { done: false, required: true },
      { done: true, required: false },
      { done: false, required: true },
    ]);
    expect(progress).toEqual({ done: 2, total: 4, requiredDone: 1, requiredTotal: 3 });
    expect(progressText(progress)).toBe('2 of 4 done (1 of 3 required)');
    expect(progressPercent(progress)).toBe(50);
    expect(progressText(checklistProgress([{ done: true, required: true }]))).toBe('1 of 1 done');
    expect(progressText(checklistProgress([]))).toBe('No checklist items');
    expect(progressPercent(checklistProgress([]))).toBe(0);
  });

  it('formats date-times', () => {
    const utc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    expect(formatDateTime('2026-03-12T18:30:00Z', utc)).toBe('12 Mar 2026, 18:30');
    expect(formatDateTime('', utc)).toBeNull();
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('nope')).toBeNull();
  });
});
