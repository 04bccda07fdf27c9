import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS } from './levels';
import {
  assignableLevelOptions,
  assignableRanks,
  canAssignLevel,
  canChangeRankLevel,
  canDeleteDepartment,
  canEditPerson,
  canEditRank,
  canWrite,
  hasAssignableLevels,
  isOnLeave,
  isOwnEntry,
  isTopLevel,
  topLevelOf,
  type RankViewer,
} from './rank-access';

const LEVELS = DEFAULT_LEVELS;

function viewer(overrides: Partial<RankViewer> = {}): RankViewer {
  return {
    isAuthenticated: true,
    isHighCommand: false,
    canManage: true,
    assignableLevels: ['deputy', 'supervisor'],
    userId: '100000000000000002',
    roster: { id: 2 },
    ...overrides,
  };
}

const COMMAND = viewer();
const HIGH_COMMAND = viewer({
  isHighCommand: true,
  assignableLevels: ['deputy', 'supervisor', 'command', 'high_command'],
  userId: '100000000000000001',
  roster: { id: 1 },
});
const ON_LEAVE = viewer({ canManage: false, assignableLevels: [] });
const SIGNED_OUT = viewer({ isAuthenticated: false, canManage: false, assignableLevels: [], userId: null, roster: null });

const person = (id: number, level: string | null, discordId: string | null = `10000000000000010${id}`) => ({
  id,
  level,
  discordId,
});

describe('canWrite / isOnLeave', () => {
  it('lets signed-in members who are not on leave write', () => {
    expect(canWrite(COMMAND)).toBe(true);
    expect(canWrite(ON_LEAVE)).toBe(false);
    expect(canWrite(SIGNED_OUT)).toBe(false);
    expect(canWrite(null)).toBe(false);
  });

  it('names only signed-in members on leave', () => {
    expect(isOnLeave(ON_LEAVE)).toBe(true);
    expect(isOnLeave(COMMAND)).toBe(false);
    expect(isOnLeave(SIGNED_OUT)).toBe(false);
    expect(isOnLeave(undefined)).toBe(false);
  });

  it('knows whether any level can be given', () => {
    expect(hasAssignableLevels(COMMAND)).toBe(true);
    expect(hasAssignableLevels(viewer({ assignableLevels: [] }))).toBe(false);
    expect(hasAssignableLevels(viewer({ canManage: false }))).toBe(false);
  });
});

describe('levels', () => {
  it('takes the last level as the top', () => {
    expect(topLevelOf(LEVELS)).toBe('high_command');
    expect(topLevelOf([])).toBeNull();
  });

  it('counts the top level, a missing level and an unknown one as the top', () => {
    expect(isTopLevel('high_command', LEVELS)).toBe(true);
    expect(isTopLevel(' High_Command ', LEVELS)).toBe(true);
    expect(isTopLevel('command', LEVELS)).toBe(false);
    expect(isTopLevel(null, LEVELS)).toBe(true);
    expect(isTopLevel('chief', LEVELS)).toBe(true);
  });

  it('assigns only the levels the server lists', () => {
    expect(canAssignLevel(COMMAND, 'supervisor')).toBe(true);
    expect(canAssignLevel(COMMAND, 'Supervisor')).toBe(true);
    expect(canAssignLevel(COMMAND, 'command')).toBe(false);
    expect(canAssignLevel(COMMAND, null)).toBe(false);
    expect(canAssignLevel(viewer({ canManage: false }), 'deputy')).toBe(false);
  });

  it('offers the assignable levels in order, keeping the current one', () => {
    expect(assignableLevelOptions(LEVELS, COMMAND).map((level) => level.id)).toEqual(['deputy', 'supervisor']);
    expect(assignableLevelOptions(LEVELS, COMMAND, 'command').map((level) => level.id)).toEqual([
      'deputy',
      'supervisor',
      'command',
    ]);
    expect(assignableLevelOptions(LEVELS, HIGH_COMMAND)).toHaveLength(4);
    expect(assignableLevelOptions(LEVELS, ON_LEAVE)).toEqual([]);
  });
});

describe('people', () => {
  it("recognises the viewer's own entries by roster id or Discord id", () => {
    expect(isOwnEntry(COMMAND, person(2, 'command', null))).toBe(true);
    expect(isOwnEntry(COMMAND, person(9, 'command', '100000000000000002'))).toBe(true);
    expect(isOwnEntry(COMMAND, person(3, 'deputy'))).toBe(false);
    expect(isOwnEntry(viewer({ userId: '', roster: null }), person(3, 'deputy', ''))).toBe(false);
    expect(isOwnEntry(null, person(2, 'command'))).toBe(false);
  });

  it('lets a manager edit people below their own level only', () => {
    expect(canEditPerson(COMMAND, person(3, 'deputy'), LEVELS)).toBe(true);
    expect(canEditPerson(COMMAND, person(4, 'supervisor'), LEVELS)).toBe(true);
    expect(canEditPerson(COMMAND, person(5, 'command'), LEVELS)).toBe(false);
    expect(canEditPerson(COMMAND, person(6, 'high_command'), LEVELS)).toBe(false);
  });

  it('counts a person without a rank as the top level', () => {
    expect(canEditPerson(COMMAND, person(7, null), LEVELS)).toBe(false);
    expect(canEditPerson(COMMAND, person(7, ''), LEVELS)).toBe(false);
    expect(canEditPerson(HIGH_COMMAND, person(7, null), LEVELS)).toBe(true);
  });

  it('lets High Command edit anyone, themself included', () => {
    expect(canEditPerson(HIGH_COMMAND, person(6, 'high_command'), LEVELS)).toBe(true);
    expect(canEditPerson(HIGH_COMMAND, person(1, 'high_command'), LEVELS)).toBe(true);
  });

  it('never lets others edit their own entry', () => {
    const supervisorManager = viewer({ assignableLevels: ['deputy', 'supervisor'], roster: { id: 4 } });
    expect(canEditPerson(supervisorManager, person(4, 'supervisor'), LEVELS)).toBe(false);
  });

  it('lets nobody edit on leave or signed out', () => {
    expect(canEditPerson(ON_LEAVE, person(3, 'deputy'), LEVELS)).toBe(false);
    expect(canEditPerson(viewer({ isHighCommand: true, canManage: false }), person(3, 'deputy'), LEVELS)).toBe(false);
    expect(canEditPerson(SIGNED_OUT, person(3, 'deputy'), LEVELS)).toBe(false);
    expect(canEditPerson(null, person(3, 'deputy'), LEVELS)).toBe(false);
  });
});

describe('assignableRanks', () => {
  const departments = [
    {
      id: 'hq',
      name: 'Headquarters',
      ranks: [
        { id: 'hq-hc', name: 'High Command', level: 'high_command' },
        { id: 'hq-cmd', name: 'Command', level: 'command' },
        { id: 'hq-dep', name: 'Deputy', level: 'deputy' },
      ],
    },
    { id: 'marine', name: 'Marine Unit', ranks: [{ id: 'm-sgt', name: 'Marine Sergeant', level: 'supervisor' }] },
    { id: 'command-staff', name: 'Command Staff', ranks: [{ id: 'cs-cmd', name: 'Captain', level: 'command' }] },
  ];
  const ids = (list: { ranks: { id: string }[] }[]) => list.map((dept) => dept.ranks.map((rank) => rank.id));

  it('keeps only the ranks at assignable levels, and every department', () => {
    const result = assignableRanks(departments, COMMAND);
    expect(ids(result)).toEqual([['hq-dep'], ['m-sgt'], []]);
    expect(result.map((dept) => dept.name)).toEqual(['Headquarters', 'Marine Unit', 'Command Staff']);
  });

  it('gives High Command every rank and a manager on leave none', () => {
    expect(ids(assignableRanks(departments, HIGH_COMMAND))).toEqual([['hq-hc', 'hq-cmd', 'hq-dep'], ['m-sgt'], ['cs-cmd']]);
    expect(ids(assignableRanks(departments, ON_LEAVE))).toEqual([[], [], []]);
  });

  it('keeps the rank a person already holds', () => {
    expect(ids(assignableRanks(departments, COMMAND, 'cs-cmd'))).toEqual([['hq-dep'], ['m-sgt'], ['cs-cmd']]);
  });
});

describe('ranks and departments', () => {
  it('leaves High Command ranks to High Command', () => {
    expect(canEditRank(COMMAND, 'high_command', LEVELS)).toBe(false);
    expect(canEditRank(COMMAND, 'chief', LEVELS)).toBe(false);
    expect(canEditRank(HIGH_COMMAND, 'high_command', LEVELS)).toBe(true);
  });

  it('lets a manager rename a rank at their own level, but not change its level', () => {
    expect(canEditRank(COMMAND, 'command', LEVELS)).toBe(true);
    expect(canChangeRankLevel(COMMAND, 'command')).toBe(false);
    expect(canChangeRankLevel(COMMAND, 'supervisor')).toBe(true);
    expect(canChangeRankLevel(HIGH_COMMAND, 'high_command')).toBe(true);
  });

  it('changes nothing on leave', () => {
    expect(canEditRank(ON_LEAVE, 'deputy', LEVELS)).toBe(false);
    expect(canChangeRankLevel(ON_LEAVE, 'deputy')).toBe(false);
  });

  it('leaves deleting a department with a High Command rank to High Command', () => {
    const hq = { ranks: [{ level: 'high_command' }, { level: 'deputy' }] };
    const patrol = { ranks: [{ level: 'command' }, { level: 'deputy' }] };
    expect(canDeleteDepartment(COMMAND, hq, LEVELS)).toBe(false);
    expect(canDeleteDepartment(COMMAND, patrol, LEVELS)).toBe(true);
    expect(canDeleteDepartment(COMMAND, { ranks: [] }, LEVELS)).toBe(true);
    expect(canDeleteDepartment(HIGH_COMMAND, hq, LEVELS)).toBe(true);
    expect(canDeleteDepartment(ON_LEAVE, patrol, LEVELS)).toBe(false);
  });
});
