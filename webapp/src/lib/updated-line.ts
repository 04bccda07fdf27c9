/** The line under a settings screen's title that says when it was last saved, and by whom. Pure. */

/** 'Last saved 3 Jan 2026, 14:05 by Alex Mercer', without the parts that are missing; null when never saved. */
export function updatedLine(
  updatedAt: string | null | undefined,
  updatedBy: string | null | undefined,
  formatDate: (date: Date) => string,
): string | null {
  const date = updatedAt == null ? null : new Date(updatedAt);
  const when = date === null || Number.isNaN(date.getTime()) ? null : formatDate(date);
  const who = updatedBy == null || updatedBy.trim() === '' ? null : updatedBy.trim();
  if (when === null && who === null) return null;
  return ['Last saved', when, who === null ? null : `by ${who}`].filter((part) => part !== null).join(' ');
}
