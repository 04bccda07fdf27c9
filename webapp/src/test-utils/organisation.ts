import type { Agency, PoolMap, RosterEntry, Structure } from '@/api/types';
import { agency, rosterEntry } from './fixtures';

/** Headquarters and Patrol Division, like the demo data (a smaller roster). */
export function structure(): Structure {
  return {
    departments: [
      {
        id: 'hq',
        name: 'Headquarters',
        roleId: null,
        ranks: [
          { id: 'hq-hc', name: 'High Command', level: 'high_command', roleId: null, insignia: null },
          { id: 'hq-dep', name: 'Deputy', level: 'deputy', roleId: null, insignia: null },
        ],
        roles: [],
        subDepartments: [],
      },
      {
        id: 'patrol',
        name: 'Patrol Division',
        roleId: '500',
        ranks: [
          { id: 'patrol-lt', name: 'Lieutenant', level: 'command', roleId: '501', insignia: 'lieutenant.png' },
          { id: 'patrol-sgt', name: 'Sergeant', level: 'supervisor', roleId: null, insignia: 'sergeant.png' },
          { id: 'patrol-dep', name: 'Deputy', level: 'deputy', roleId: null, insignia: 'deputy.png' },
          { id: 'patrol-rec', name: 'Recruit', level: 'deputy', roleId: null, insignia: null },
        ],
        roles: [
          { id: 'patrol-role-1', name: 'Field Training Officer', discordRoleId: '502', grantsAgencyCommand: false },
          { id: 'patrol-role-2', name: 'Dispatch', discordRoleId: null, grantsAgencyCommand: false },
        ],
        subDepartments: [
          { id: 'patrol-sub-1', name: 'Highway Patrol', roleId: null },
          { id: 'patrol-sub-2', name: 'K9 Unit', roleId: null },
        ],
      },
    ],
  };
}

export const POOLS: PoolMap = {
  Deputy: [{ type: 'numeric', prefix: 'A', start: 100, end: 199 }],
  Sergeant: [{ type: 'numeric', prefix: 'S', start: 10, end: 39 }],
};

export const DISCORD_ROLES = {
  roles: [
    { id: '500', name: 'Patrol' },
    { id: '501', name: 'Lieutenants' },
    { id: '502', name: 'FTO' },
  ],
};

export const ALEX_ENTRY = rosterEntry({
  id: 1,
  name: 'Alex Mercer',
  callsign: 'R-10',
  departmentId: 'hq',
  departmentName: 'Headquarters',
  rankId: 'hq-hc',
  rank: 'High Command',
  level: 'high_command',
  discordId: '100000000000000001',
  version: 3,
});

/** A small roster: Alex (High Command), Casey (HQ deputy) and Patrol Division people (Eli: Command, Dana: Supervisor). */
export function roster(): RosterEntry[] {
  const patrol = (id: number, name: string, rankId: string, rank: string, callsign: string, extra: Partial<RosterEntry> = {}) =>
    rosterEntry({
      id,
      name,
      rankId,
      rank,
      callsign,
      discordId: `1000000000000000${String(id).padStart(2, '0')}`,
      departmentId: 'patrol',
      departmentName: 'Patrol Division',
      version: 1,
      ...extra,
    });
  return [
    patrol(5, 'Bo Diaz', 'patrol-dep', 'Deputy', 'A-101', { region: 'Paleto Bay', insignia: 'deputy.png' }),
    ALEX_ENTRY,
    rosterEntry({ id: 4, departmentId: 'hq', departmentName: 'Headquarters', rankId: 'hq-dep', rank: 'Deputy', callsign: 'R-13' }),
    patrol(6, 'Dana Fox', 'patrol-sgt', 'Sergeant', 'S-10', { status: 'LOA', region: 'Sandy Shores', level: 'supervisor' }),
    patrol(7, 'Eli Stone', 'patrol-lt', 'Lieutenant', 'L-10', { timeInGradeDays: 3, level: 'command' }),
  ];
}

/** The root agency with its flags changed. */
export function rawlife(flags: Partial<Agency['flags']> = {}): Agency {
  const base = agency('rawlife', { name: 'RawLife Community', shortName: 'RawLife' });
  return { ...base, flags: { ...base.flags, ...flags } };
}
