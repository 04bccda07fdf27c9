/** 'Duty' on the profile (issue 24): the chart's weeks and the section's texts. Pure. */

import { weekLabel } from '@/lib/duty';

export const NO_SHIFTS = 'No shift yet: clock in from the top bar.';
/** How many of the latest shifts the profile lists. */
export const RECENT_SHOWN = 5;

/** The weeks as the bar chart takes them, oldest first: '7 Dec' and the hours (one decimal). */
export function chartWeeks(weeks: readonly { week: string; hours: number }[]): { week: string; hours: number }[] {
  return weeks.map((week) => ({ week: weekLabel(week.week), hours: Math.round(Math.max(0, week.hours) * 10) / 10 }));
}
