import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS } from '@/lib/levels';
import {
  CALLSIGNS_DISABLED_TEXT,
  discordRoleName,
  FILE_TOO_LARGE,
  insigniaFileError,
  INSIGNIA_MAX_BYTES,
  levelLabel,
  listContainerId,
  moveItem,
  NAME_REQUIRED,
  namedRankRows,
  NO_CALLSIGN_RANGE,
  NO_FILE_PROVIDED,
  newPool,
  newPoolDraft,
  ONLY_PNG,
  poolDraft,
  poolNumber,
  poolRangeText,
  poolsFromDrafts,
  poolsOfRank,
  rankCallsignText,
  rankErrors,
  rankRowsErrors,
  reorderAfterDrop,
  saveFailed,
  withOrder,
} from './structure';

const png = (size = 2048, name = 'badge.png', type = 'image/png') => ({ name, size, type });

describe('insignia files', () => {
  it('accepts PNG files up to 1 MB', () => {
    expect(INSIGNIA_MAX_BYTES).toBe(1048576);
    expect(insigniaFileError(png())).toBeNull();
    expect(insigniaFileError(png(1048576))).toBeNull();
  });

  it('names the problem', () => {
    expect(insigniaFileError(null)).toBe(NO_FILE_PROVIDED);
    expect(insigniaFileError(png(10, 'a.jpg', 'image/jpeg'))).toBe(ONLY_PNG);
    expect(insigniaFileError(png(1048577))).toBe(FILE_TOO_LARGE);
    // No type from the browser: the extension decides.
    expect(insigniaFileError(png(10, 'A.PNG', ''))).toBeNull();
    expect(insigniaFileError(png(10, 'a.gif', ''))).toBe(ONLY_PNG);
    expect([NO_FILE_PROVIDED, ONLY_PNG, FILE_TOO_LARGE]).toEqual([
      'No file provided',
      'Only PNG files allowed',
      'File too large (max 1MB)',
    ]);
  });
});

describe('callsign pools', () => {
  const pools = {
    Deputy: [
      { type: 'numeric', prefix: 'A', start: 100, end: 199 },
      { type: 'numeric', prefix: 'B', start: 1, end: 9 },
    ],
    Sergeant: [{ type: 'numeric', prefix: '', start: 10, end: 39 }],
  };

  it('shows the first pool as prefix - start • end', () => {
    expect(poolRangeText(pools.Deputy)).toBe('A - 100 • 199');
    expect(poolRangeText(pools.Sergeant)).toBe('10 • 39');
    expect(poolRangeText([])).toBeNull();
  });

  it('finds the pools of a rank by name in any case', () => {
    expect(poolsOfRank(pools, 'Deputy')).toHaveLength(2);
    expect(poolsOfRank(pools, 'sergeant')).toHaveLength(1);
    expect(poolsOfRank(pools, 'Recruit')).toEqual([]);
    expect(poolsOfRank(null, 'Deputy')).toEqual([]);
  });

  it('says what a rank row shows', () => {
    expect(rankCallsignText(pools, 'Deputy', false)).toBe('A - 100 • 199');
    expect(rankCallsignText(pools, 'Recruit', false)).toBe(NO_CALLSIGN_RANGE);
    expect(rankCallsignText(pools, 'Deputy', true)).toBe(CALLSIGNS_DISABLED_TEXT);
    expect([NO_CALLSIGN_RANGE, CALLSIGNS_DISABLED_TEXT]).toEqual(['no callsign range', 'callsigns disabled']);
  });

  it('reads start and end as numbers, 0 when not numeric', () => {
    expect(poolNumber('150')).toBe(150);
    expect(poolNumber(' 7 ')).toBe(7);
    expect(poolNumber('12.9')).toBe(12);
    expect(poolNumber('abc')).toBe(0);
    expect(poolNumber('')).toBe(0);
    expect(poolNumber('1e3')).toBe(0);
    expect(poolNumber(42)).toBe(42);
    expect(poolNumber(Number.NaN)).toBe(0);
    expect(poolNumber(undefined)).toBe(0);
  });

  it('starts a new pool numeric, blank prefix, 100 to 199', () => {
    expect(newPool()).toEqual({ type: 'numeric', prefix: '', start: 100, end: 199 });
    expect(newPoolDraft()).toEqual({ prefix: '', start: '100', end: '199' });
  });

  it('turns drafts into numeric pools', () => {
    expect(poolDraft({ prefix: 'S', start: 10, end: 39 })).toEqual({ prefix: 'S', start: '10', end: '39' });
    expect(
      poolsFromDrafts([
        { prefix: ' s ', start: '10', end: '39' },
        { prefix: '', start: 'x', end: '5' },
      ]),
    ).toEqual([
      { type: 'numeric', prefix: 's', start: 10, end: 39 },
      { type: 'numeric', prefix: '', start: 0, end: 5 },
    ]);
  });
});

describe('labels', () => {
  it("shows a level by the agency's label", () => {
    expect(levelLabel(DEFAULT_LEVELS, 'high_command')).toBe('High Command');
    expect(levelLabel(DEFAULT_LEVELS, 'Deputy')).toBe('Deputy');
    expect(levelLabel(DEFAULT_LEVELS, 'cadet')).toBe('cadet');
    expect(levelLabel(DEFAULT_LEVELS, null)).toBe('-');
  });

  it('names Discord roles by id', () => {
    const roles = [{ id: '1', name: 'Patrol' }];
    expect(discordRoleName(roles, '1')).toBe('Patrol');
    expect(discordRoleName(roles, '2')).toBeNull();
    expect(discordRoleName(undefined, '1')).toBeNull();
    expect(discordRoleName(roles, null)).toBeNull();
  });

  it("prefixes rank save failures with 'Save failed: '", () => {
    expect(saveFailed("Department 'P' already has a rank named 'D'.")).toBe(
      "Save failed: Department 'P' already has a rank named 'D'.",
    );
  });
});

describe('reordering', () => {
  const ids = ['lt', 'sgt', 'dep', 'rec'];
  const ranks = listContainerId('patrol', 'ranks');

  it('names each list by department and kind', () => {
    expect(ranks).toBe('patrol:ranks');
    expect(listContainerId('patrol', 'subs')).toBe('patrol:subs');
  });

  it('moves items', () => {
    expect(moveItem(ids, 0, 2)).toEqual(['sgt', 'dep', 'lt', 'rec']);
    expect(moveItem(ids, 3, 0)).toEqual(['rec', 'lt', 'sgt', 'dep']);
    expect(moveItem(ids, 9, 0)).toEqual(ids);
  });

  it('reorders a drop inside the same list', () => {
    expect(reorderAfterDrop(ids, { activeId: 'rec', activeContainer: ranks, overId: 'sgt', overContainer: ranks })).toEqual([
      'lt',
      'rec',
      'sgt',
      'dep',
    ]);
  });

  it('ignores drops nowhere, elsewhere or in place', () => {
    expect(reorderAfterDrop(ids, { activeId: 'rec', activeContainer: ranks, overId: null, overContainer: null })).toBeNull();
    expect(
      reorderAfterDrop(ids, { activeId: 'rec', activeContainer: ranks, overId: 'k9', overContainer: 'patrol:subs' }),
    ).toBeNull();
    expect(
      reorderAfterDrop(ids, { activeId: 'rec', activeContainer: ranks, overId: 'hq-dep', overContainer: 'hq:ranks' }),
    ).toBeNull();
    expect(reorderAfterDrop(ids, { activeId: 'rec', activeContainer: ranks, overId: 'rec', overContainer: ranks })).toBeNull();
    expect(reorderAfterDrop(ids, { activeId: 'x', activeContainer: ranks, overId: 'rec', overContainer: ranks })).toBeNull();
  });

  it('applies an order to one department only', () => {
    const structure = {
      departments: [
        { id: 'patrol', name: 'P', ranks: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], subDepartments: [{ id: 's1' }, { id: 's2' }] },
        { id: 'hq', name: 'H', ranks: [{ id: 'x' }, { id: 'y' }], subDepartments: [] },
      ],
    };
    const ranksMoved = withOrder(structure, 'patrol', 'ranks', ['c', 'a', 'b']);
    expect(ranksMoved.departments[0]?.ranks.map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(ranksMoved.departments[0]?.subDepartments.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(ranksMoved.departments[1]).toBe(structure.departments[1]);
    const subsMoved = withOrder(structure, 'patrol', 'subs', ['s2', 's1']);
    expect(subsMoved.departments[0]?.subDepartments.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(structure.departments[0]?.ranks.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('Add Rank(s) rows', () => {
  const row = (name: string, file: ReturnType<typeof png> | null = null, roleId: string | null = null) => ({ name, file, roleId });

  it('requires a name on the first row and on every row with content, under that row', () => {
    expect(rankRowsErrors([row('')])).toEqual({ 'ranks.0.name': NAME_REQUIRED });
    expect(rankRowsErrors([row('Sergeant'), row('')])).toEqual({});
    expect(rankRowsErrors([row('Sergeant'), row('', png())])).toEqual({ 'ranks.1.name': NAME_REQUIRED });
    expect(rankRowsErrors([row('Sergeant'), row(' ', null, '42')])).toEqual({ 'ranks.1.name': NAME_REQUIRED });
    expect(NAME_REQUIRED).toBe('Name required');
  });

  it('checks the files, under their row', () => {
    expect(rankRowsErrors([row('Sergeant', png(10, 'a.jpg', 'image/jpeg'))])).toEqual({ 'ranks.0.file': ONLY_PNG });
    expect(rankRowsErrors([row('Sergeant'), row('', png(2 * 1048576))])).toEqual({
      'ranks.1.name': NAME_REQUIRED,
      'ranks.1.file': FILE_TOO_LARGE,
    });
    expect(rankRowsErrors([row('Sergeant', png())])).toEqual({});
  });

  it('checks an edited rank: a name, and a replacing file', () => {
    expect(rankErrors({ name: ' ', file: null })).toEqual({ name: NAME_REQUIRED });
    expect(rankErrors({ name: 'Sergeant', file: png(10, 'a.jpg', 'image/jpeg') })).toEqual({ file: ONLY_PNG });
    expect(rankErrors({ name: 'Sergeant', file: null })).toEqual({});
  });

  it('saves named rows only', () => {
    expect(namedRankRows([row('A'), row(' '), row('B')]).map((r) => r.name)).toEqual(['A', 'B']);
  });
});
