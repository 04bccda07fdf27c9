import { describe, expect, it } from 'vitest';
import {
  BAD_GUILD,
  BAD_TOKEN,
  departmentRoleNames,
  differencesLine,
  isDiscordId,
  lastRunLine,
  mappingPlace,
  memberSyncLine,
  namesOf,
  readMemberSync,
  readRunResults,
  runPercent,
  runProgressLine,
  serverLine,
  settingsChange,
  settingsFormValues,
  tokenLine,
  validateSettings,
} from './discord';

const SETTINGS = { guildId: null, deploymentGuildId: '111111111111111111', botTokenSet: false, deploymentBot: true, syncEnabled: true };
const ROLES = namesOf([
  { id: '821', name: 'BCSO Deputy' },
  { id: '822', name: 'BCSO Supervisor' },
]);
const DEPARTMENT_ROLES = departmentRoleNames([
  { kind: 'role', itemId: 'fto', name: 'FTO', departmentName: 'Patrol' },
  { kind: 'rank', itemId: 'sgt', name: 'Sergeant', departmentName: 'Patrol' },
]);

describe('settings', () => {
  it('checks the server id and the token as the server does', () => {
    expect(isDiscordId('12345678901234567')).toBe(true);
    expect(isDiscordId('123456789012345678901')).toBe(false);
    expect(validateSettings({ guildId: '', botToken: '', syncEnabled: false })).toEqual({});
    expect(validateSettings({ guildId: ' 222222222222222222 ', botToken: ' abc.def ', syncEnabled: false })).toEqual({});
    expect(validateSettings({ guildId: '1234', botToken: 'two words', syncEnabled: false })).toEqual({
      guildId: BAD_GUILD,
      botToken: BAD_TOKEN,
    });
    expect(validateSettings({ guildId: '', botToken: 't'.repeat(201), syncEnabled: false }).botToken).toBe(BAD_TOKEN);
  });

  it('sends only what changed; a blank token keeps the one there is, a blank server id falls back', () => {
    const initial = settingsFormValues({ ...SETTINGS, guildId: '222222222222222222' });
    expect(initial).toEqual({ guildId: '222222222222222222', botToken: '', syncEnabled: true });
    expect(settingsChange(initial, initial)).toBeNull();
    expect(settingsChange(initial, { ...initial, guildId: '' })).toEqual({ guildId: '' });
    expect(settingsChange(initial, { ...initial, botToken: ' secret ', syncEnabled: false })).toEqual({
      botToken: 'secret',
      syncEnabled: false,
    });
  });

  it('says which server and bot are used, never the token', () => {
    expect(serverLine(SETTINGS)).toBe("The deployment's server (111111111111111111)");
    expect(serverLine({ ...SETTINGS, guildId: '222222222222222222' })).toBe('Server 222222222222222222');
    expect(serverLine({ ...SETTINGS, deploymentGuildId: null })).toBe('No server yet');
    expect(tokenLine(SETTINGS)).toBe("Using the deployment's bot.");
    expect(tokenLine({ ...SETTINGS, botTokenSet: true })).toBe('A bot token is set.');
    expect(tokenLine({ ...SETTINGS, deploymentBot: false })).toBe('No bot: enter a bot token.');
  });
});

describe('role links', () => {
  it('names a part of the structure with its department, and unknown roles by their id', () => {
    expect(mappingPlace({ kind: 'department', itemId: 'hq', name: 'Headquarters', departmentName: 'Headquarters' })).toBe('Headquarters');
    expect(mappingPlace({ kind: 'rank', itemId: 'sgt', name: 'Sergeant', departmentName: 'Patrol' })).toBe('Sergeant · Patrol');
    expect(ROLES('821')).toBe('BCSO Deputy');
    expect(ROLES('999')).toBe('999');
    expect(DEPARTMENT_ROLES('fto')).toBe('FTO');
    expect(DEPARTMENT_ROLES('sgt')).toBe('sgt');
  });
});

describe('syncs', () => {
  it("reads a member's sync from the server's untyped answer", () => {
    expect(readMemberSync(null)).toBeNull();
    expect(readMemberSync({ name: 'Casey', added: ['821', 3], removed: [], rosterRoles: null, changed: true })).toEqual({
      name: 'Casey',
      added: ['821'],
      removed: [],
      rosterRoles: null,
      changed: true,
      notInGuild: false,
    });
  });

  it('says what a sync did, by role names', () => {
    const sync = (over: object) => readMemberSync({ name: 'Casey Nguyen', changed: true, ...over })!;
    expect(memberSyncLine(sync({ added: ['821'], removed: ['822'] }), 'x', ROLES, DEPARTMENT_ROLES)).toBe(
      'Casey Nguyen: given BCSO Deputy; taken BCSO Supervisor.',
    );
    expect(memberSyncLine(sync({ rosterRoles: { before: [], after: ['fto'] } }), 'x', ROLES, DEPARTMENT_ROLES)).toBe(
      'Casey Nguyen: roster roles now FTO.',
    );
    expect(memberSyncLine(sync({ changed: false }), 'x', ROLES, DEPARTMENT_ROLES)).toBe("Casey Nguyen's roles already match the roster.");
    expect(memberSyncLine(sync({ name: null, notInGuild: true, changed: false }), 'Sam', ROLES, DEPARTMENT_ROLES)).toBe(
      'Sam is not in the Discord server: nothing to change.',
    );
  });

  it("reads a run's results and says how far it got", () => {
    const results = readRunResults([
      { discordId: '2001', status: 'failed', result: null, error: 'Discord: Missing Permissions' },
      { discordId: '2002', status: 'done', result: { name: 'Jordan', added: ['821'], changed: true }, error: null },
      'junk',
    ]);
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({ discordId: '2001', status: 'failed', result: null, error: 'Discord: Missing Permissions' });
    expect(results[1]?.result?.added).toEqual(['821']);

    const run = { startedAt: '2026-01-03T14:05:00Z', startedBy: 'Alex Mercer', total: 4, done: 2, failed: 1, finishedAt: null };
    expect(runPercent(run)).toBe(75);
    expect(runPercent({ ...run, total: 0 })).toBe(100);
    expect(runProgressLine(run)).toBe('Syncing: 3 of 4 members…');
    expect(lastRunLine(run, () => 'today')).toBe('Last sync today by Alex Mercer: 2 done, 1 failed of 4 members.');
    expect(differencesLine(1, 5)).toBe('1 member differs from the roster (5 members in the Discord server).');
  });
});
