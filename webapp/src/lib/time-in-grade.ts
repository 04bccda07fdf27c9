/** Time in grade display (member-portal §2.6, §9). Pure. */

/** Days after which the display switches to months. */
export const MONTHS_FROM_DAYS = 60;
/** Months are counted as 30 days. */
export const DAYS_PER_MONTH = 30;

/**
 * '-' when unknown, '<1' under one day, the number of days below 60, otherwise
 * 'N mo M d' with 30-day months.
 */
export function formatTimeInGrade(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days) || days < 0) return '-';
  if (days < 1) return '<1';
  const whole = Math.floor(days);
  if (whole < MONTHS_FROM_DAYS) return String(whole);
  const months = Math.floor(whole / DAYS_PER_MONTH);
  const rest = whole % DAYS_PER_MONTH;
  return `${months} mo ${rest} d`;
}
