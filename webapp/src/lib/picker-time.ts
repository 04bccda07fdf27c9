/**
 * Date-time pickers and the API: a picker holds 'YYYY-MM-DD HH:mm:ss' in the browser's time,
 * the API an ISO date-time in UTC (shift corrections, training sessions).
 */
import dayjs from 'dayjs';

/** The picker's value ('YYYY-MM-DD HH:mm:ss', the browser's time) of an API date-time; null when absent. */
export function pickerValueOf(iso: string | null | undefined): string | null {
  if (iso == null || iso.trim() === '') return null;
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm:ss') : null;
}

/** The API date-time (ISO, UTC) of a picker value; null when empty or not a time. */
export function isoOf(value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : null;
}
