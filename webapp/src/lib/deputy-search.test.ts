import { describe, expect, it } from 'vitest';
import { compactCallsign, filterDeputies, matchesDeputy, officerOf } from './deputy-search';

const PEOPLE = [
  { name: 'Alex Mercer', rank: 'Sheriff', callsign: 'S-01' },
  { name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'B12' },
  { name: 'Casey Nguyen', rank: 'Deputy', callsign: null },
];

describe('matchesDeputy', () => {
  it('matches name, rank and callsign case-insensitively', () => {
    expect(filterDeputies(PEOPLE, 'alex').map((p) => p.name)).toEqual(['Alex Mercer']);
    expect(filterDeputies(PEOPLE, 'SERGEANT').map((p) => p.name)).toEqual(['Jordan Reyes']);
    expect(filterDeputies(PEOPLE, 'deputy').map((p) => p.name)).toEqual(['Casey Nguyen']);
  });

  it('finds a callsign however it is written', () => {
    expect(matchesDeputy(PEOPLE[1]!, 'b-12')).toBe(true);
    expect(matchesDeputy(PEOPLE[1]!, 'B 12')).toBe(true);
    expect(matchesDeputy(PEOPLE[0]!, 's01')).toBe(true);
    expect(matchesDeputy(PEOPLE[0]!, '01')).toBe(true);
    expect(matchesDeputy(PEOPLE[2]!, 'b12')).toBe(false);
  });

  it('lets a blank query match everyone', () => {
    expect(filterDeputies(PEOPLE, '  ')).toHaveLength(3);
  });
});

describe('officerOf', () => {
  it('gives name, rank and the compact callsign', () => {
    expect(officerOf(PEOPLE[0]!)).toEqual({ name: 'Alex Mercer', rank: 'Sheriff', callsign: 'S01' });
    expect(officerOf(PEOPLE[2]!)).toEqual({ name: 'Casey Nguyen', rank: 'Deputy', callsign: '' });
  });

  it('strips spaces and dashes from callsigns', () => {
    expect(compactCallsign(' b - 12 ')).toBe('b12');
    expect(compactCallsign(undefined)).toBe('');
  });
});
