/** Training answers for the screens' tests. */

import type { RosterEntry, Structure } from '@/api/types';
import { rosterEntry } from '@/test-utils/fixtures';
import type { Session, Template } from '../api/training';

export const PATROL: Template = {
  id: 7,
  title: 'Patrol phase one',
  description: 'The first two weeks on patrol.',
  steps: [
    { id: 's1', text: 'Radio procedure', required: true },
    { id: 's2', text: 'Traffic stop', required: true },
    { id: 's3', text: 'Pursuit briefing', required: false },
  ],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

export const TRAFFIC: Template = {
  id: 8,
  title: 'Traffic enforcement',
  description: 'Radar and citations.',
  steps: [{ id: 't1', text: 'Issue a citation', required: true }],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

export const CASEY = rosterEntry({ id: 4, name: 'Casey Nguyen', rank: 'Deputy', level: 'deputy', callsign: 'R-13' });
export const JORDAN = rosterEntry({
  id: 2,
  name: 'Jordan Reyes',
  rank: 'Command',
  level: 'command',
  callsign: 'C-2',
  discordId: '100000000000000002',
});
export const SAM = rosterEntry({
  id: 3,
  name: 'Sam Whitaker',
  rank: 'Sergeant',
  level: 'supervisor',
  callsign: 'S-3',
  discordId: '100000000000000003',
});
/** FTO-like by role (named in the structure). */
export const AVERY = rosterEntry({ id: 10, name: 'Avery Alvarez', rank: 'Lieutenant', roles: ['role-fto'], callsign: 'L-10' });
/** FTO-like by rank. */
export const FINLEY = rosterEntry({ id: 11, name: 'Finley Patel', rank: 'Senior Trainer', roles: [], callsign: 'T-11' });

export const ROSTER: RosterEntry[] = [CASEY, JORDAN, SAM, AVERY, FINLEY];

export const STRUCTURE: Structure = {
  departments: [
    {
      id: 'patrol',
      name: 'Patrol Division',
      ranks: [],
      roles: [
        { id: 'role-fto', name: 'Field Training Officer', grantsAgencyCommand: false },
        { id: 'role-dispatch', name: 'Dispatch', grantsAgencyCommand: false },
      ],
      subDepartments: [],
    },
  ],
};

export function session(overrides: Partial<Session> = {}): Session {
  return {
    id: 1,
    templateId: 7,
    templateTitle: 'Patrol phase one',
    sessionName: 'Week one ride-along',
    scheduledAt: '2026-03-12T18:30:00Z',
    notes: 'Meet at the station.',
    status: 'scheduled',
    ftos: [{ id: '2', name: 'Jordan Reyes' }],
    trainees: [{ id: '4', name: 'Casey Nguyen' }],
    checklist: [
      { id: 's1', text: 'Radio procedure', required: true, done: false, doneAt: null, doneBy: null, doneById: null },
      { id: 's2', text: 'Traffic stop', required: true, done: false, doneAt: null, doneBy: null, doneById: null },
      { id: 's3', text: 'Pursuit briefing', required: false, done: false, doneAt: null, doneBy: null, doneById: null },
    ],
    createdBy: 'Sam Whitaker',
    updatedAt: '2026-03-01T00:00:00Z',
    ...overrides,
  };
}
