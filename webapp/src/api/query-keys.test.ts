import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys, survivesAgencySwitch } from './query-keys';

const LOGS = { type: 'rank', limit: 50, offset: 0 };

/** Every agency-scoped key of agency `slug`. */
function agencyKeys(slug: string): QueryKey[] {
  return [
    queryKeys.agencyConfig(slug),
    queryKeys.me(slug),
    queryKeys.navPermissions(slug, null),
    queryKeys.navPermissions(slug, 'bcso'),
    queryKeys.roster(slug),
    queryKeys.availableCallsigns(slug, 'deputy'),
    queryKeys.structure(slug),
    queryKeys.discordRoles(slug),
    queryKeys.callsignPools(slug),
    queryKeys.rosterLogs(slug, LOGS),
    queryKeys.agenciesAdmin(slug),
    queryKeys.manageableAgencies(slug),
    queryKeys.agencyBackups(slug, 'bcso'),
    queryKeys.equipment(slug, 'member'),
    queryKeys.equipment(slug, 'manage'),
    queryKeys.uniforms(slug, 'member'),
    queryKeys.uniforms(slug, 'manage'),
  ];
}

/** What `invalidateQueries({ queryKey: prefix })` matches. */
const invalidates = (prefix: QueryKey, key: QueryKey) => partialMatchKey(key, prefix);

describe('queryKeys', () => {
  it('keeps the key shapes the cache has always used', () => {
    expect(queryKeys.agencies()).toEqual(['agencies']);
    expect(queryKeys.agencyConfig('lspd')).toEqual(['agency', 'lspd', 'config']);
    expect(queryKeys.me('lspd')).toEqual(['agency', 'lspd', 'me']);
    expect(queryKeys.navPermissions('lspd', null)).toEqual(['agency', 'lspd', 'nav-permissions', null]);
    expect(queryKeys.roster('lspd')).toEqual(['agency', 'lspd', 'roster']);
    expect(queryKeys.availableCallsigns('lspd', 'r1')).toEqual(['agency', 'lspd', 'roster', 'callsigns', 'r1']);
    expect(queryKeys.structure('lspd')).toEqual(['agency', 'lspd', 'structure']);
    expect(queryKeys.discordRoles('lspd')).toEqual(['agency', 'lspd', 'discord-roles']);
    expect(queryKeys.callsignPools('lspd')).toEqual(['agency', 'lspd', 'callsign-pools']);
    expect(queryKeys.rosterLogs('lspd', { type: 'hire', limit: 25, offset: 50 })).toEqual([
      'agency',
      'lspd',
      'roster-logs',
      'hire',
      25,
      50,
    ]);
    expect(queryKeys.agenciesAdmin('lspd')).toEqual(['agency', 'lspd', 'agencies-admin']);
    expect(queryKeys.manageableAgencies('lspd')).toEqual(['agency', 'lspd', 'agencies-manageable']);
  });

  it('gives different agencies different keys', () => {
    const lspd = agencyKeys('lspd');
    const bcso = agencyKeys('bcso');
    lspd.forEach((key, index) => {
      expect(key).not.toEqual(bcso[index]);
      expect(invalidates(queryKeys.agency('bcso'), key)).toBe(false);
    });
  });

  it('puts every key of an agency under its prefix, and only the agency list outside', () => {
    for (const key of agencyKeys('lspd')) {
      expect(invalidates(queryKeys.agency('lspd'), key)).toBe(true);
      expect(survivesAgencySwitch(key)).toBe(false);
    }
    expect(survivesAgencySwitch(queryKeys.agencies())).toBe(true);
    expect(invalidates(queryKeys.agency('lspd'), queryKeys.agencies())).toBe(false);
  });

  it('invalidates every target of navigation permissions at once', () => {
    const all = queryKeys.navPermissionsAll('lspd');
    expect(invalidates(all, queryKeys.navPermissions('lspd', null))).toBe(true);
    expect(invalidates(all, queryKeys.navPermissions('lspd', 'bcso'))).toBe(true);
    expect(invalidates(all, queryKeys.navPermissions('bcso', null))).toBe(false);
  });

  it('keeps the member and management lists of equipment and uniforms apart, under one prefix each', () => {
    expect(queryKeys.equipment('lspd', 'manage')).toEqual(['agency', 'lspd', 'equipment', 'manage']);
    expect(queryKeys.uniforms('lspd', 'member')).toEqual(['agency', 'lspd', 'uniforms', 'member']);
    expect(invalidates(queryKeys.equipmentAll('lspd'), queryKeys.equipment('lspd', 'member'))).toBe(true);
    expect(invalidates(queryKeys.equipment('lspd', 'member'), queryKeys.equipment('lspd', 'manage'))).toBe(false);
    expect(invalidates(queryKeys.uniformsAll('lspd'), queryKeys.uniforms('lspd', 'manage'))).toBe(true);
    expect(invalidates(queryKeys.uniformsAll('lspd'), queryKeys.equipment('lspd', 'manage'))).toBe(false);
  });

  it('reloads free callsigns with the roster, but not the roster with the callsigns', () => {
    const callsigns = queryKeys.availableCallsigns('lspd', 'r1');
    expect(invalidates(queryKeys.availableCallsignsAll('lspd'), callsigns)).toBe(true);
    expect(invalidates(queryKeys.roster('lspd'), callsigns)).toBe(true);
    expect(invalidates(queryKeys.availableCallsignsAll('lspd'), queryKeys.roster('lspd'))).toBe(false);
  });

  it('keeps the agencies admin lists apart from the agency list', () => {
    expect(invalidates(queryKeys.agencies(), queryKeys.agenciesAdmin('rawlife'))).toBe(false);
    expect(invalidates(queryKeys.agenciesAdmin('rawlife'), queryKeys.manageableAgencies('rawlife'))).toBe(false);
  });
});
