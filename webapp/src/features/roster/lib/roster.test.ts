import { describe, expect, it } from 'vitest';
import {
  addedMessage,
  canManageRoster,
  dutyFilterOptions,
  EMPTY_PERSON,
  EMPTY_ROSTER_FILTERS,
  filterRoster,
  formatRosterDate,
  MISSING_WITH_CALLSIGN,
  MISSING_WITHOUT_CALLSIGN,
  missingFieldsMessage,
  nextSort,
  normalizeCallsignInput,
  pageSizeLabel,
  paginate,
  personFormValues,
  personPayload,
  rangeText,
  rankFilterOptions,
  rankOrder,
  saveFailureText,
  sortRoster,
  updatedMessage,
  withDepartment,
  withDuty,
  type RosterRow,
  callsignOutsideRank,
  outsidePoolsNote,
  outsidePoolsWarning,
} from './roster';

const STRUCTURE = {
  departments: [
    {
      id: 'hq',
      name: 'Headquarters',
      ranks: [
        { id: 'hq-hc', name: 'High Command' },
        { id: 'hq-dep', name: 'Deputy' },
      ],
    },
    {
      id: 'patrol',
      name: 'Patrol Division',
      ranks: [
        { id: 'p-lt', name: 'Lieutenant' },
        { id: 'p-sgt', name: 'Sergeant' },
        { id: 'p-dep', name: 'Deputy' },
      ],
    },
  ],
};

function row(overrides: Partial<RosterRow> & { id: number; name: string }): RosterRow {
  return { status: 'Active', callsign: null, region: null, departmentId: 'patrol', rankId: 'p-dep', rank: 'Deputy', ...overrides };
}

const ROWS: RosterRow[] = [
  row({ id: 1, name: 'Alex Mercer', callsign: 'HC-01', region: 'Los Santos', departmentId: 'hq', departmentName: 'Headquarters', rankId: 'hq-hc', rank: 'High Command' }),
  row({ id: 2, name: 'casey Nguyen', callsign: 'A-10', region: 'Blaine', rankId: 'p-dep', rank: 'Deputy' }),
  row({ id: 3, name: 'Bo Diaz', callsign: 'A-9', region: 'Paleto', status: 'LOA', rankId: 'p-sgt', rank: 'Sergeant' }),
  row({ id: 4, name: 'Dana Fox', callsign: null, region: 'Sandy', status: 'Inactive', departmentId: 'hq', rankId: 'hq-dep', rank: 'Deputy' }),
  row({ id: 5, name: 'Eli Stone', callsign: 'Z-100', rankId: 'gone', rank: 'Cadet' }),
];

const names = (rows: readonly RosterRow[]) => rows.map((r) => r.name);

describe('filterRoster', () => {
  it('keeps everyone without filters', () => {
    expect(filterRoster(ROWS, EMPTY_ROSTER_FILTERS)).toHaveLength(5);
  });

  it('filters by rank name across departments, department and status', () => {
    expect(names(filterRoster(ROWS, { ...EMPTY_ROSTER_FILTERS, rank: 'deputy' }))).toEqual(['casey Nguyen', 'Dana Fox']);
    expect(names(filterRoster(ROWS, { ...EMPTY_ROSTER_FILTERS, rank: 'Deputy', department: 'hq' }))).toEqual(['Dana Fox']);
    expect(names(filterRoster(ROWS, { ...EMPTY_ROSTER_FILTERS, status: 'LOA' }))).toEqual(['Bo Diaz']);
  });

  it('searches name, callsign, region and department id, ignoring case', () => {
    const search = (text: string) => names(filterRoster(ROWS, { ...EMPTY_ROSTER_FILTERS, search: text }));
    expect(search('CASEY')).toEqual(['casey Nguyen']);
    expect(search('paleto')).toEqual(['Bo Diaz']);
    expect(search('hq')).toEqual(['Alex Mercer', 'Dana Fox']);
    expect(search('a-9')).toEqual(['Bo Diaz']);
    // Without the dash, or with a space, a callsign still matches.
    expect(search('a10')).toEqual(['casey Nguyen']);
    expect(search('  ')).toHaveLength(5);
    expect(search('nobody')).toEqual([]);
  });
});

describe('rankFilterOptions', () => {
  it('lists rank names once, in structure order, then those only the roster knows', () => {
    expect(rankFilterOptions(STRUCTURE, null, ROWS)).toEqual(['High Command', 'Deputy', 'Lieutenant', 'Sergeant', 'Cadet']);
    expect(rankFilterOptions(STRUCTURE, 'patrol', ROWS)).toEqual(['Lieutenant', 'Sergeant', 'Deputy', 'Cadet']);
    expect(rankFilterOptions({ departments: [] }, null, [])).toEqual([]);
  });
});

describe('sorting', () => {
  const order = rankOrder(STRUCTURE);

  it('orders rank ids as the structure lists them', () => {
    expect([...order.entries()]).toEqual([
      ['hq-hc', 0],
      ['hq-dep', 1],
      ['p-lt', 2],
      ['p-sgt', 3],
      ['p-dep', 4],
    ]);
  });

  it('toggles the direction of the same column and starts others ascending', () => {
    expect(nextSort({ key: 'rank', direction: 'asc' }, 'rank')).toEqual({ key: 'rank', direction: 'desc' });
    expect(nextSort({ key: 'rank', direction: 'desc' }, 'rank')).toEqual({ key: 'rank', direction: 'asc' });
    expect(nextSort({ key: 'rank', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('sorts by rank in structure order, unknown ranks last', () => {
    expect(names(sortRoster(ROWS, { key: 'rank', direction: 'asc' }, order))).toEqual([
      'Alex Mercer',
      'Dana Fox',
      'Bo Diaz',
      'casey Nguyen',
      'Eli Stone',
    ]);
    expect(names(sortRoster(ROWS, { key: 'rank', direction: 'desc' }, order))).toEqual([
      'Eli Stone',
      'casey Nguyen',
      'Bo Diaz',
      'Dana Fox',
      'Alex Mercer',
    ]);
  });

  it('sorts names ignoring case', () => {
    expect(names(sortRoster(ROWS, { key: 'name', direction: 'asc' }, order))).toEqual([
      'Alex Mercer',
      'Bo Diaz',
      'casey Nguyen',
      'Dana Fox',
      'Eli Stone',
    ]);
    expect(names(sortRoster(ROWS, { key: 'name', direction: 'desc' }, order))[0]).toBe('Eli Stone');
  });

  it('sorts callsigns naturally and keeps blanks last both ways', () => {
    expect(names(sortRoster(ROWS, { key: 'callsign', direction: 'asc' }, order))).toEqual([
      'Bo Diaz',
      'casey Nguyen',
      'Alex Mercer',
      'Eli Stone',
      'Dana Fox',
    ]);
    expect(names(sortRoster(ROWS, { key: 'callsign', direction: 'desc' }, order))).toEqual([
      'Eli Stone',
      'Alex Mercer',
      'casey Nguyen',
      'Bo Diaz',
      'Dana Fox',
    ]);
  });

  it('does not change its input', () => {
    const copy = [...ROWS];
    sortRoster(ROWS, { key: 'name', direction: 'desc' }, order);
    expect(ROWS).toEqual(copy);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 45 }, (_, index) => index + 1);

  it('cuts pages of the chosen size', () => {
    const second = paginate(items, 20, 2);
    expect(second.items[0]).toBe(21);
    expect(second.items).toHaveLength(20);
    expect(second).toMatchObject({ page: 2, pageCount: 3, total: 45, from: 21, to: 40 });
    expect(paginate(items, 20, 3)).toMatchObject({ from: 41, to: 45, pageCount: 3 });
  });

  it("shows everything with 'all' and clamps the page", () => {
    expect(paginate(items, 'all', 1).items).toHaveLength(45);
    expect(paginate(items, 'all', 1).pageCount).toBe(1);
    expect(paginate(items, 10, 99).page).toBe(5);
    expect(paginate(items, 10, 0).page).toBe(1);
  });

  it('handles an empty list', () => {
    expect(paginate([], 10, 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0, from: 0, to: 0 });
    expect(rangeText(paginate([], 10, 1))).toBe('Showing 0 of 0');
    expect(rangeText(paginate(items, 10, 2))).toBe('Showing 11–20 of 45');
  });

  it('labels the page sizes', () => {
    expect([10, 20, 50, 'all'].map((size) => pageSizeLabel(size as 10))).toEqual(['10', '20', '50', 'All']);
  });
});

describe('display helpers', () => {
  it('strips spaces from callsign input', () => {
    expect(normalizeCallsignInput(' A- 1 05 ')).toBe('A-105');
    expect(normalizeCallsignInput('\tB 12\n')).toBe('B12');
  });

  it("shows '-' for unknown dates", () => {
    expect(formatRosterDate('2025-01-02')).toBe('2025-01-02');
    expect(formatRosterDate(null)).toBe('-');
    expect(formatRosterDate(' ')).toBe('-');
  });
});

describe('canManageRoster', () => {
  const viewer = (level: string | null, roster: unknown = { id: 1 }) => ({ level, roster });

  it("needs the viewer's level in the agency's list, lowercased", () => {
    expect(canManageRoster(viewer('command'), ['command', 'high_command'])).toBe(true);
    expect(canManageRoster(viewer('High_Command'), ['COMMAND', 'High_Command'])).toBe(true);
    expect(canManageRoster(viewer('deputy'), ['command', 'high_command'])).toBe(false);
    expect(canManageRoster(viewer('supervisor'), ['supervisor'])).toBe(true);
  });

  it('uses command and high_command when the agency names none', () => {
    expect(canManageRoster(viewer('command'), undefined)).toBe(true);
    expect(canManageRoster(viewer('supervisor'), null)).toBe(false);
  });

  it('refuses viewers without a roster match or level', () => {
    expect(canManageRoster(viewer('command', null), ['command'])).toBe(false);
    expect(canManageRoster(viewer(null), ['command'])).toBe(false);
    expect(canManageRoster(null, ['command'])).toBe(false);
  });
});

describe('person dialog', () => {
  const values = { ...EMPTY_PERSON, name: ' Jo Park ', callsign: ' A 105 ', departmentId: 'patrol', rankId: 'p-dep' };

  it('starts an existing person from the entry, with empty Action and Reason', () => {
    expect(
      personFormValues({
        name: 'Casey',
        callsign: null,
        region: 'Blaine',
        status: 'LOA',
        discordId: null,
        departmentId: 'patrol',
        rankId: 'p-dep',
        subDeptId: 'k9',
        roles: ['fto'],
      }),
    ).toEqual({
      name: 'Casey',
      callsign: '',
      region: 'Blaine',
      status: 'LOA',
      discordId: '',
      departmentId: 'patrol',
      rankId: 'p-dep',
      subDeptId: 'k9',
      roles: ['fto'],
      action: '',
      reason: '',
    });
    expect(EMPTY_PERSON.status).toBe('Active');
  });

  it('clears rank, sub-department and roles when the department changes', () => {
    const filled = { ...values, subDeptId: 'k9', roles: ['fto'] };
    expect(withDepartment(filled, 'hq')).toMatchObject({ departmentId: 'hq', rankId: null, subDeptId: null, roles: [] });
    expect(withDepartment(filled, 'patrol')).toBe(filled);
  });

  it('requires name, callsign and rank; no callsign when callsigns are disabled', () => {
    expect(missingFieldsMessage(values, false)).toBeNull();
    expect(missingFieldsMessage({ ...values, callsign: '  ' }, false)).toBe(MISSING_WITH_CALLSIGN);
    expect(missingFieldsMessage({ ...values, name: ' ' }, false)).toBe(MISSING_WITH_CALLSIGN);
    expect(missingFieldsMessage({ ...values, rankId: null }, false)).toBe(MISSING_WITH_CALLSIGN);
    expect(missingFieldsMessage({ ...values, callsign: '' }, true)).toBeNull();
    expect(missingFieldsMessage({ ...values, rankId: null }, true)).toBe(MISSING_WITHOUT_CALLSIGN);
    expect(MISSING_WITH_CALLSIGN).toBe('Name, Callsign and Rank are required.');
    expect(MISSING_WITHOUT_CALLSIGN).toBe('Name and Rank are required.');
  });

  it('builds the add body: trimmed, blanks as null, callsign without spaces', () => {
    expect(
      personPayload(
        { ...values, region: ' ', discordId: ' 123456 ', subDeptId: 'k9', roles: ['fto'], action: 'Note' },
        { callsignsDisabled: false, subDepartmentsDisabled: false, rankName: 'Deputy' },
      ),
    ).toEqual({
      name: 'Jo Park',
      callsign: 'A105',
      region: null,
      status: 'Active',
      discordId: '123456',
      departmentId: 'patrol',
      rankId: 'p-dep',
      rank: 'Deputy',
      subDeptId: 'k9',
      roles: ['fto'],
    });
  });

  it('trims the callsign when callsigns are disabled and drops disabled sub-departments', () => {
    const body = personPayload(
      { ...values, callsign: ' b 7 ', subDeptId: 'k9' },
      { callsignsDisabled: true, subDepartmentsDisabled: true, rankName: 'Deputy' },
    );
    expect(body.callsign).toBe('b 7');
    expect(body.subDeptId).toBeNull();
  });

  it('adds the version to an edit, and Action and Reason only when given', () => {
    const options = { callsignsDisabled: false, subDepartmentsDisabled: false, rankName: 'Sergeant', version: 3 };
    const plain = personPayload(values, options);
    expect(plain.version).toBe(3);
    expect('action' in plain).toBe(false);
    expect('reason' in plain).toBe(false);
    const promoted = personPayload({ ...values, action: ' Promotion ', reason: '' }, options);
    expect(promoted).toMatchObject({ version: 3, action: 'Promotion', reason: null });
  });
});

describe('messages', () => {
  it('words the notifications as the spec does', () => {
    expect(addedMessage({ name: 'Jo Park', callsign: 'A-105' })).toBe('Jo Park (A-105) added.');
    expect(addedMessage({ name: 'Jo Park', callsign: null })).toBe('Jo Park added.');
    expect(updatedMessage({ name: 'Jo Park' })).toBe('Jo Park saved.');
  });

  it("uses the server's text, else the defaults", () => {
    expect(saveFailureText('add', { serverMessage: 'Callsign A-105 is already assigned to Bo', unparseable: false })).toBe(
      'Callsign A-105 is already assigned to Bo',
    );
    expect(saveFailureText('add', { serverMessage: null, unparseable: true })).toBe('Unknown error');
    expect(saveFailureText('add', { serverMessage: null, unparseable: false })).toBe('Failed to add');
    expect(saveFailureText('add', null)).toBe('Failed to add');
    expect(saveFailureText('update', { serverMessage: null, unparseable: true })).toBe('Update failed');
    expect(saveFailureText('update', { serverMessage: 'Nope', unparseable: false })).toBe('Nope');
  });
});

describe('callsigns outside the rank', () => {
  it('flags a callsign that is not among the free ones of the chosen rank, not one\'s own', () => {
    const own = { callsign: 'B-208', rankId: 'corporal' };
    const free = ['S-10', 'S-11'];
    expect(callsignOutsideRank({ callsign: 'B-208', rankId: 'sergeant', free, own })).toBe('B-208');
    expect(callsignOutsideRank({ callsign: 'B-208', rankId: 'corporal', free: [], own })).toBeNull();
    expect(callsignOutsideRank({ callsign: 'S-11', rankId: 'sergeant', free, own })).toBeNull();
    expect(callsignOutsideRank({ callsign: ' ', rankId: 'sergeant', free, own })).toBeNull();
    expect(callsignOutsideRank({ callsign: 'B-208', rankId: null, free, own })).toBeNull();
    expect(callsignOutsideRank({ callsign: 'B-208', rankId: 'sergeant', free: undefined, own })).toBeNull();
    expect(callsignOutsideRank({ callsign: 'X-01', rankId: 'sergeant', free, own: null })).toBe('X-01');
  });

  it('words the warning and the note', () => {
    expect(outsidePoolsWarning('B-208', 'Sergeant', 24)).toBe(
      'B-208 is not one of the Sergeant callsigns: pick one of the 24 free callsigns, or keep it to assign it by hand.',
    );
    expect(outsidePoolsWarning('B-208', 'Sergeant', 0)).toBe(
      'B-208 is not one of the Sergeant callsigns: this rank has no free callsign, or keep it to assign it by hand.',
    );
    expect(outsidePoolsNote({ callsign: 'B-208', rank: 'Sergeant', callsignOutsidePools: true })).toBe(
      'B-208 lies outside the Sergeant callsign pools (assigned by hand).',
    );
    expect(outsidePoolsNote({ callsign: 'S-10', rank: 'Sergeant', callsignOutsidePools: false })).toBeNull();
  });
});

describe('duty hours (issue 24)', () => {
  const people = [
    { id: 1, name: 'Ann', status: 'Active' },
    { id: 2, name: 'Ben', status: 'Active' },
    { id: 3, name: 'Cal', status: 'Active' },
    { id: 4, name: 'Dee', status: 'LOA' },
  ];
  const HOURS = [
    { rosterId: 1, hoursWeek: 3.5, hours30Days: 20, onDutySince: null, inactive: false },
    { rosterId: 2, hoursWeek: 12, hours30Days: 12, onDutySince: '2026-12-07T14:05:00Z', inactive: false },
    { rosterId: 3, hoursWeek: 0, hours30Days: 0, onDutySince: null, inactive: true },
  ];
  const joined = withDuty(people, HOURS);

  it('joins every row to its hours by roster id; a member left out has none and is not inactive', () => {
    expect(joined.map((row) => row.duty?.hoursWeek)).toEqual([3.5, 12, 0, 0]);
    expect(joined[1]?.duty?.onDutySince).toBe('2026-12-07T14:05:00Z');
    expect(joined[3]?.duty).toEqual({ hoursWeek: 0, hours30Days: 0, onDutySince: null, inactive: false });
    // The rows keep their own fields.
    expect(joined[0]).toMatchObject({ id: 1, name: 'Ann', status: 'Active' });
  });

  it('carries no hours while they are unknown', () => {
    expect(withDuty(people, undefined).map((row) => row.duty)).toEqual([null, null, null, null]);
  });

  it('sorts by hours, the most first on the first click, unknown hours last', () => {
    expect(nextSort({ key: 'rank', direction: 'asc' }, 'hoursWeek')).toEqual({ key: 'hoursWeek', direction: 'desc' });
    expect(nextSort({ key: 'hoursWeek', direction: 'desc' }, 'hoursWeek')).toEqual({ key: 'hoursWeek', direction: 'asc' });
    expect(nextSort({ key: 'hoursWeek', direction: 'desc' }, 'hours30Days')).toEqual({ key: 'hours30Days', direction: 'desc' });
    const order = new Map<string, number>();
    const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);
    expect(names(sortRoster(joined, { key: 'hoursWeek', direction: 'desc' }, order))).toEqual(['Ben', 'Ann', 'Cal', 'Dee']);
    expect(names(sortRoster(joined, { key: 'hoursWeek', direction: 'asc' }, order))).toEqual(['Cal', 'Dee', 'Ann', 'Ben']);
    expect(names(sortRoster(joined, { key: 'hours30Days', direction: 'desc' }, order))).toEqual(['Ann', 'Ben', 'Cal', 'Dee']);
    const partly = [...withDuty(people.slice(0, 2), undefined), ...joined.slice(2)];
    expect(names(sortRoster(partly, { key: 'hoursWeek', direction: 'desc' }, order))).toEqual(['Cal', 'Dee', 'Ann', 'Ben']);
  });

  it('filters those on duty now, or the inactive ones', () => {
    const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);
    expect(names(filterRoster(joined, { ...EMPTY_ROSTER_FILTERS, duty: 'on_duty' }))).toEqual(['Ben']);
    expect(names(filterRoster(joined, { ...EMPTY_ROSTER_FILTERS, duty: 'inactive' }))).toEqual(['Cal']);
    expect(names(filterRoster(joined, { ...EMPTY_ROSTER_FILTERS, duty: null }))).toHaveLength(4);
    // Without hours nobody matches a duty filter.
    expect(filterRoster(withDuty(people, undefined), { ...EMPTY_ROSTER_FILTERS, duty: 'inactive' })).toEqual([]);
  });

  it('offers Inactive only when the agency counts members as inactive', () => {
    expect(dutyFilterOptions(21).map((option) => option.label)).toEqual(['On duty now', 'Inactive (21+ days)']);
    expect(dutyFilterOptions(null).map((option) => option.value)).toEqual(['on_duty']);
  });
});
