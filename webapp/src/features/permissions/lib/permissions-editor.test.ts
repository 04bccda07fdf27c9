import { describe, expect, it } from 'vitest';
import { toPermissionItems } from '@/lib/nav-permissions';
import {
  applyLevelSelection,
  changedIds,
  filterPermissionCards,
  hasPermissionChanges,
  itemCount,
  permissionCards,
  permissionGroups,
  roleLabel,
  setLocked,
  sortLevels,
  updatedLine,
} from './permissions-editor';

const ORDER = ['deputy', 'supervisor', 'command', 'high_command', 'no_level'];

describe('applyLevelSelection', () => {
  it("clears every other level when 'No level' is chosen", () => {
    expect(applyLevelSelection(['deputy', 'command'], ['deputy', 'command', 'no_level'], ORDER)).toEqual(['no_level']);
  });

  it("removes 'No level' when another level is chosen", () => {
    expect(applyLevelSelection(['no_level'], ['no_level', 'command'], ORDER)).toEqual(['command']);
  });

  it('keeps levels de-duplicated and in level order', () => {
    expect(applyLevelSelection(['command'], ['command', 'deputy', 'deputy'], ORDER)).toEqual(['deputy', 'command']);
    expect(applyLevelSelection(['deputy', 'command'], ['command'], ORDER)).toEqual(['command']);
    expect(applyLevelSelection(['no_level'], [], ORDER)).toEqual([]);
  });
});

describe('sortLevels', () => {
  it('normalises, de-duplicates and puts unknown levels last', () => {
    expect(sortLevels(['Command', 'chief', 'deputy', 'command', ' '], ORDER)).toEqual(['deputy', 'command', 'chief']);
  });
});

describe('entries and changes', () => {
  const saved = {
    items: { roster: { public: false, levels: ['deputy'], roles: [] } },
    locked: ['sops'],
  };

  it('sees no change for an equivalent draft', () => {
    const draft = {
      items: { ...toPermissionItems(saved.items), home: { public: true, levels: [], roles: [] } },
      locked: ['sops'],
    };
    expect(hasPermissionChanges(saved, draft)).toBe(false);
  });

  it('counts entry changes and locked list changes', () => {
    expect(
      hasPermissionChanges(saved, { items: { roster: { public: false, levels: ['command'], roles: [] } }, locked: ['sops'] }),
    ).toBe(true);
    expect(hasPermissionChanges(saved, { items: saved.items, locked: [] })).toBe(true);
    expect(hasPermissionChanges(saved, { items: saved.items, locked: ['sops', 'home'] })).toBe(true);
  });

  it('names the ids that changed: entries and locks', () => {
    const draft = {
      items: { roster: { public: true, levels: ['deputy'], roles: [] }, home: { public: true, levels: [], roles: [] } },
      locked: ['home'],
    };
    expect([...changedIds(saved, draft)].sort()).toEqual(['home', 'roster', 'sops']);
    expect(changedIds(saved, saved).size).toBe(0);
  });

  it('ignores the order of roles', () => {
    const a = { items: { roster: { public: false, levels: [], roles: ['a', 'b'] } }, locked: [] };
    const b = { items: { roster: { public: false, levels: [], roles: ['b', 'a'] } }, locked: [] };
    expect(hasPermissionChanges(a, b)).toBe(false);
  });

  it('locks and unlocks items', () => {
    expect(setLocked(['sops'], 'home', true)).toEqual(['home', 'sops']);
    expect(setLocked(['home', 'sops'], 'home', false)).toEqual(['sops']);
    expect(setLocked(['home'], 'home', true)).toEqual(['home']);
  });
});

describe('cards', () => {
  it('lists sections before their pages, in menu order', () => {
    const cards = permissionCards();
    const ids = cards.map((card) => card.id);
    expect(ids.slice(0, 6)).toEqual([
      'home',
      'roster',
      'structure_section',
      'structure_vehicles',
      'structure_equipment',
      'structure_uniforms',
    ]);
    expect(cards.find((card) => card.id === 'structure_section')).toMatchObject({ section: true, label: 'Structure' });
    expect(cards.find((card) => card.id === 'command_navigation_permissions')).toMatchObject({
      label: 'Permissions',
      group: 'Command',
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('filters by label, id, path or group', () => {
    const cards = permissionCards();
    expect(filterPermissionCards(cards, 'roster').map((c) => c.id)).toEqual(['roster']);
    expect(filterPermissionCards(cards, ' /COMMAND/logs').map((c) => c.id)).toEqual(['command_logs']);
    expect(filterPermissionCards(cards, 'supervisor').map((c) => c.id)).toEqual([
      'supervisor_section',
      'supervisor_uof_review',
      'supervisor_arrest_review',
      'supervisor_leave',
      'supervisor_duty',
      'supervisor_applications',
    ]);
    expect(filterPermissionCards(cards, '')).toHaveLength(cards.length);
  });
});

describe('groups', () => {
  it("groups the cards by the menu's sections, the pages outside any section first", () => {
    const groups = permissionGroups(permissionCards());
    expect(groups.map((group) => [group.id, group.label])).toEqual([
      ['main_menu', 'Main menu'],
      ['structure_section', 'Structure'],
      ['reports_section', 'Reports'],
      ['fto_section', 'FTO'],
      ['supervisor_section', 'Supervisor'],
      ['command_section', 'Command'],
    ]);
    expect(groups[0]?.cards.map((card) => card.id)).toEqual(['home', 'roster', 'sops', 'about']);
    expect(groups[1]?.cards.map((card) => card.id)).toEqual([
      'structure_section',
      'structure_vehicles',
      'structure_equipment',
      'structure_uniforms',
    ]);
    expect(groups.flatMap((group) => group.cards)).toHaveLength(permissionCards().length);
  });

  it('keeps only the groups with cards left by a search', () => {
    const groups = permissionGroups(filterPermissionCards(permissionCards(), 'review'));
    expect(groups.map((group) => [group.label, group.cards.map((card) => card.id)])).toEqual([
      ['Supervisor', ['supervisor_uof_review', 'supervisor_arrest_review']],
    ]);
  });
});

describe('labels', () => {
  it('labels roles with their department', () => {
    expect(roleLabel({ name: 'FTO', departmentName: 'Patrol' })).toBe('Patrol · FTO');
  });

  it("writes the 'Updated' line", () => {
    const format = (date: Date) => date.toISOString();
    expect(updatedLine('2026-02-03T04:05:06Z', 'Alex Mercer', format)).toBe(
      'Updated 2026-02-03T04:05:06.000Z by Alex Mercer',
    );
    expect(updatedLine('2026-02-03T04:05:06Z', null, format)).toBe('Updated 2026-02-03T04:05:06.000Z');
    expect(updatedLine(null, 'x', format)).toBeNull();
    expect(updatedLine('garbage', 'x', format)).toBeNull();
  });

  it('counts items', () => {
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(0)).toBe('0 items');
  });
});
