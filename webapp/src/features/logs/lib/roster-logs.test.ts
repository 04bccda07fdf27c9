import { describe, expect, it } from 'vitest';
import { structure } from '@/test-utils/organisation';
import {
  DEFAULT_LOG_PAGE_SIZE,
  fieldLabel,
  groupRankLogs,
  hireDetails,
  isLastLogPage,
  LOG_PAGE_SIZES,
  LOG_TYPES,
  logOffset,
  logsErrorText,
  loggedId,
  logValue,
  NO_LOG_ENTRIES,
  NO_NAMES,
  performedBy,
  structureNames,
  type RankLogRow,
} from './roster-logs';

/** The demo's Headquarters and Patrol Division (Sergeant, K9 Unit, Field Training Officer, Dispatch, …). */
const names = structureNames(structure());

function log(changeId: string, field: string, beforeValue: string | null, afterValue: string | null, id: number): RankLogRow {
  return {
    logId: id,
    id,
    changeId,
    ts: '2026-03-01T10:00:00Z',
    rosterId: 7,
    rosterName: 'Jo Park',
    rosterCallsign: 'A-105',
    rosterRank: 'Sergeant',
    actor: { display: 'Alex Mercer', userId: '1' },
    field,
    beforeValue,
    afterValue,
  };
}

describe('constants', () => {
  it('matches the spec', () => {
    expect(LOG_TYPES.map((type) => type.label)).toEqual(['Rank changes', 'Hires']);
    expect(LOG_PAGE_SIZES).toEqual([25, 50, 100, 200]);
    expect(DEFAULT_LOG_PAGE_SIZE).toBe(50);
    expect(NO_LOG_ENTRIES).toBe('No log entries found for this agency.');
  });
});

describe('paging', () => {
  it('asks for page index × page size', () => {
    expect(logOffset(0, 50)).toBe(0);
    expect(logOffset(3, 25)).toBe(75);
    expect(logOffset(-1, 25)).toBe(0);
  });

  it('treats a short page as the last one', () => {
    expect(isLastLogPage(49, 50)).toBe(true);
    expect(isLastLogPage(0, 50)).toBe(true);
    expect(isLastLogPage(50, 50)).toBe(false);
  });

  it('words load errors', () => {
    expect(logsErrorText(500)).toBe('Server returned 500');
    expect(logsErrorText(null)).toBe('Failed to load logs');
  });
});

describe('field labels and values', () => {
  it('labels the loggable fields', () => {
    expect(['rank', 'rankId', 'departmentId', 'subDeptId', 'status', 'callsign', 'roles', 'other'].map(fieldLabel)).toEqual([
      'Rank',
      'Rank id',
      'Department',
      'Sub-department',
      'Status',
      'Callsign',
      'Roles',
      'other',
    ]);
  });

  it('shows ids by name when the structure knows them', () => {
    expect(logValue('departmentId', 'patrol', names)).toBe('Patrol Division');
    expect(logValue('subDeptId', 'patrol-sub-2', names)).toBe('K9 Unit');
    expect(logValue('roles', 'patrol-role-1, patrol-role-2, x', names)).toBe('Field Training Officer, Dispatch, x');
    expect(logValue('rankId', 'patrol-sgt', names)).toBe('Sergeant');
    expect(logValue('rankId', 'rank-gone', names)).toBe('rank-gone');
    expect(loggedId('rankId', 'patrol-sgt', names)).toBe('patrol-sgt');
    expect(loggedId('rankId', 'rank-gone', names)).toBeNull();
    expect(loggedId('status', 'Active', names)).toBeNull();
    expect(loggedId('departmentId', ' patrol ', names)).toBe('patrol');
    expect(logValue('departmentId', 'gone', names)).toBe('gone');
    expect(logValue('rank', null, names)).toBe('-');
    expect(logValue('rank', '  ', NO_NAMES)).toBe('-');
  });
});

describe('groupRankLogs', () => {
  it('groups the rows of one edit, in the order first seen, fields in table order', () => {
    const groups = groupRankLogs([
      log('c2', 'status', 'Active', 'LOA', 5),
      log('c1', 'rankId', 'patrol-dep', 'patrol-sgt', 4),
      log('c1', 'rank', 'Deputy', 'Sergeant', 3),
      log('c2', 'callsign', 'A-1', 'A-2', 2),
    ]);
    expect(groups.map((group) => group.changeId)).toEqual(['c2', 'c1']);
    expect(groups[1]?.rows).toEqual([
      { field: 'rank', label: 'Rank', before: 'Deputy', after: 'Sergeant' },
      { field: 'rankId', label: 'Rank id', before: 'patrol-dep', after: 'patrol-sgt' },
    ]);
    expect(groups[0]?.rows.map((row) => row.field)).toEqual(['status', 'callsign']);
    expect(groups[1]).toMatchObject({ rosterName: 'Jo Park', rosterCallsign: 'A-105', actor: 'Alex Mercer' });
  });

  it('keeps rows without a change id apart', () => {
    expect(groupRankLogs([log('', 'rank', 'A', 'B', 1), log('', 'status', 'A', 'B', 2)])).toHaveLength(2);
    expect(groupRankLogs([])).toEqual([]);
  });

  it("says who performed it", () => {
    expect(performedBy('Alex Mercer')).toBe('Performed by Alex Mercer');
    expect(performedBy(' ')).toBe('Performed by unknown');
  });
});

describe('hireDetails', () => {
  it('lists name, callsign, rank, status, department, by whom and when', () => {
    expect(
      hireDetails(
        {
          ts: '2026-03-01T10:00:00Z',
          rosterName: 'Jo Park',
          callsign: 'A-105',
          rosterRank: 'Deputy',
          status: 'Active',
          departmentId: 'patrol',
          subDeptId: 'patrol-sub-2',
          actor: { display: 'Alex Mercer' },
          entry: { roles: ['patrol-role-2'] },
        },
        names,
        (iso) => `at ${iso}`,
      ),
    ).toBe(
      'Jo Park · Callsign A-105 · Rank Deputy · Status Active · Department Patrol Division · Sub-department K9 Unit · Roles Dispatch · by Alex Mercer · at 2026-03-01T10:00:00Z',
    );
  });

  it('fills gaps with -', () => {
    expect(
      hireDetails(
        { ts: 't', rosterName: 'Jo', callsign: null, rosterRank: null, status: 'Active', departmentId: null, actor: { display: 'X' }, entry: { roles: [] } },
        NO_NAMES,
        () => 'now',
      ),
    ).toBe('Jo · Callsign - · Rank - · Status Active · Department - · by X · now');
  });
});
