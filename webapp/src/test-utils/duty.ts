import type { Shift } from '@/api/duty';

/**
 * A shift as the server sends it: Casey Nguyen's (roster 4, R-13, Patrol Division), clocked in
 * on the portal and ended, 14:00 to 18:00 UTC on 5 Dec 2026; each test overrides what it needs.
 */
export function shiftOf(overrides: Partial<Shift> = {}): Shift {
  return {
    id: 41,
    rosterId: 4,
    member: 'Casey Nguyen',
    departmentId: 'patrol',
    departmentName: 'Patrol Division',
    unit: 'Patrol Division',
    callsign: 'R-13',
    startedAt: '2026-12-05T14:00:00Z',
    endedAt: '2026-12-05T18:00:00Z',
    source: 'portal',
    startedBy: 'Casey Nguyen',
    endedBy: 'Casey Nguyen',
    autoClosed: false,
    corrected: false,
    hours: 4,
    ...overrides,
  };
}
