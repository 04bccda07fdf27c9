/** Department-scoped command (issue 23) as the screens read it. Pure. */

/** What a viewer's command reaches (`Scope` of the API). */
export type ScopeLike = { reach: 'agency' } | { reach: 'department'; id: string; name: string };

/** Whether command of reach `scope` changes department `departmentId` (unknown reach: yes, the server decides). */
export function reachesDepartment(scope: ScopeLike | null | undefined, departmentId: string | null | undefined): boolean {
  if (scope == null || scope.reach === 'agency') return true;
  return departmentId != null && departmentId === scope.id;
}

/** The line over what the viewer may only read: 'You manage Headquarters only; other departments are read-only.', or null. */
export function scopeLine(scope: ScopeLike | null | undefined): string | null {
  if (scope == null || scope.reach === 'agency') return null;
  return `You manage ${scope.name} only; other departments are read-only.`;
}
