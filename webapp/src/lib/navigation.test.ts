import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS, navigationLevelOrder } from './levels';
import {
  APPLY_LINK,
  canAccessNavItem,
  canViewNavItem,
  NAVIGATION,
  navItem,
  navLinks,
  showsApply,
  visibleNavigation,
  withApply,
  type NavPermissionItems,
  type NavViewer,
} from './navigation';

const ORDER = navigationLevelOrder(DEFAULT_LEVELS);

const viewer = (overrides: Partial<NavViewer> = {}): NavViewer => ({
  isAuthenticated: true,
  level: 'deputy',
  roles: [],
  roster: { id: 1 },
  ...overrides,
});

const ITEMS: NavPermissionItems = {
  roster: { public: true, levels: [], roles: [] },
  sops: { public: false, levels: ['supervisor'], roles: [] },
  command_logs: { public: false, levels: ['command', 'high_command'], roles: ['role-fto'] },
  profile_only: { public: false, levels: ['no_level'], roles: [] },
  nobody: { public: false, levels: [], roles: [] },
};

describe('canViewNavItem', () => {
  it('shows everything while permissions are not loaded', () => {
    expect(canViewNavItem('nobody', null, ORDER, null)).toBe(true);
    expect(canViewNavItem('nobody', undefined, ORDER, viewer({ isAuthenticated: false }))).toBe(true);
  });

  it('shows items without an entry and public items', () => {
    expect(canViewNavItem('home', ITEMS, ORDER, null)).toBe(true);
    expect(canViewNavItem('roster', ITEMS, ORDER, viewer({ isAuthenticated: false }))).toBe(true);
  });

  it('hides restricted items from signed-out viewers', () => {
    expect(canViewNavItem('sops', ITEMS, ORDER, null)).toBe(false);
    expect(canViewNavItem('sops', ITEMS, ORDER, viewer({ isAuthenticated: false, level: 'high_command' }))).toBe(
      false,
    );
  });

  it('admits levels at or above a listed level', () => {
    expect(canViewNavItem('sops', ITEMS, ORDER, viewer({ level: 'deputy' }))).toBe(false);
    expect(canViewNavItem('sops', ITEMS, ORDER, viewer({ level: 'supervisor' }))).toBe(true);
    expect(canViewNavItem('sops', ITEMS, ORDER, viewer({ level: 'High_Command' }))).toBe(true);
    expect(canViewNavItem('command_logs', ITEMS, ORDER, viewer({ level: 'supervisor' }))).toBe(false);
    expect(canViewNavItem('command_logs', ITEMS, ORDER, viewer({ level: 'command' }))).toBe(true);
  });

  it('admits listed roles', () => {
    expect(canViewNavItem('command_logs', ITEMS, ORDER, viewer({ level: null, roles: ['role-fto'] }))).toBe(true);
    expect(canViewNavItem('command_logs', ITEMS, ORDER, viewer({ level: null, roles: ['other'] }))).toBe(false);
  });

  it('ignores unknown viewer levels', () => {
    expect(canViewNavItem('sops', ITEMS, ORDER, viewer({ level: 'captain' }))).toBe(false);
  });

  it('admits any signed-in viewer with a roster entry for no_level', () => {
    expect(canViewNavItem('profile_only', ITEMS, ORDER, viewer({ level: null }))).toBe(true);
    expect(canViewNavItem('profile_only', ITEMS, ORDER, viewer({ level: null, roster: null }))).toBe(false);
    expect(canViewNavItem('profile_only', ITEMS, ORDER, viewer({ isAuthenticated: false }))).toBe(false);
  });

  it('uses the agency level order', () => {
    const order = ['cadet', 'officer', 'chief', 'no_level'];
    const items: NavPermissionItems = { sops: { public: false, levels: ['officer'], roles: [] } };
    expect(canViewNavItem('sops', items, order, viewer({ level: 'cadet' }))).toBe(false);
    expect(canViewNavItem('sops', items, order, viewer({ level: 'chief' }))).toBe(true);
  });
});

describe('navigation table', () => {
  it('holds the menu of member-portal §2.2', () => {
    expect(NAVIGATION.map((entry) => entry.label)).toEqual([
      'Home',
      'Roster',
      'Structure',
      'SOPs',
      'About',
      'Reports',
      'FTO',
      'Supervisor',
      'Command',
    ]);
    expect(navItem('command_navigation_permissions')).toMatchObject({ label: 'Permissions', path: '/command/permissions' });
    expect(navItem('reports_arrest_report')?.path).toBe('/reports/arrest');
    expect(navItem('supervisor_duty')).toMatchObject({ label: 'On duty', path: '/supervisor/duty' });
    expect(navItem('command_api_tokens')).toMatchObject({ label: 'API tokens', path: '/command/api-tokens' });
    expect(navItem('command_analytics')).toMatchObject({ label: 'Analytics', path: '/command/analytics' });
    expect(navItem('supervisor_applications')).toMatchObject({ label: 'Applications', path: '/supervisor/applications' });
    expect(navItem('command_recruitment')).toMatchObject({ label: 'Recruitment', path: '/command/recruitment' });
    expect(navItem('apply')).toBeUndefined();
    expect(NAVIGATION.find((entry) => entry.label === 'Structure')?.id).toBe('structure_section');
    const ids = navLinks().map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('Apply (issue 26)', () => {
  it('is listed for visitors and for signed-in people without a roster entry, not while the viewer loads', () => {
    expect(showsApply(null)).toBe(false);
    expect(showsApply({ isAuthenticated: false })).toBe(true);
    expect(showsApply({ isAuthenticated: true, roster: null })).toBe(true);
    expect(showsApply({ isAuthenticated: true, roster: { id: 1 } })).toBe(false);
  });

  it('follows Home in the menu', () => {
    expect(withApply(NAVIGATION, true).map((entry) => entry.id).slice(0, 3)).toEqual(['home', APPLY_LINK.id, 'roster']);
    expect(withApply(NAVIGATION, false).some((entry) => entry.id === APPLY_LINK.id)).toBe(false);
    expect(APPLY_LINK.path).toBe('/apply');
  });
});

describe('visibleNavigation', () => {
  const all = () => true;

  it('leaves About out of the top bar', () => {
    const labels = visibleNavigation(NAVIGATION, all, { enableAgencyManagement: true, topBar: true }).map(
      (entry) => entry.label,
    );
    expect(labels).not.toContain('About');
    expect(visibleNavigation(NAVIGATION, all, { enableAgencyManagement: true }).map((e) => e.label)).toContain('About');
  });

  it('shows Agencies only with agency management', () => {
    const commandChildren = (enable: boolean) => {
      const command = visibleNavigation(NAVIGATION, all, { enableAgencyManagement: enable }).find(
        (entry) => entry.id === 'command_section',
      );
      return command?.kind === 'group' ? command.children.map((child) => child.label) : [];
    };
    expect(commandChildren(true)).toContain('Agencies');
    expect(commandChildren(false)).not.toContain('Agencies');
    expect(commandChildren(false)).toContain('Permissions');
  });

  it('hides a group when none of its children is visible', () => {
    const hidden = new Set([
      'supervisor_uof_review',
      'supervisor_arrest_review',
      'supervisor_leave',
      'supervisor_duty',
      'supervisor_applications',
    ]);
    const entries = visibleNavigation(NAVIGATION, (id) => !hidden.has(id), { enableAgencyManagement: false });
    expect(entries.find((entry) => entry.id === 'supervisor_section')).toBeUndefined();
  });

  it('keeps only the visible children of a group', () => {
    const entries = visibleNavigation(NAVIGATION, (id) => id !== 'structure_equipment', {
      enableAgencyManagement: false,
    });
    const structure = entries.find((entry) => entry.id === 'structure_section');
    expect(structure?.kind === 'group' ? structure.children.map((c) => c.label) : []).toEqual(['Vehicles', 'Uniforms']);
  });

  it('works with the permission rule', () => {
    const items: NavPermissionItems = {
      fto_training: { public: false, levels: ['command'], roles: [] },
      fto_training_management: { public: false, levels: ['command'], roles: [] },
    };
    const deputy = viewer();
    const entries = visibleNavigation(NAVIGATION, (id) => canViewNavItem(id, items, ORDER, deputy), {
      enableAgencyManagement: false,
    });
    expect(entries.map((entry) => entry.id)).not.toContain('fto_section');
  });
});

describe('canAccessNavItem', () => {
  const locked: NavPermissionItems = {
    command_section: { public: false, levels: ['command'], roles: [] },
    command_navigation_permissions: { public: false, levels: [], roles: [] },
    command_branding: { public: false, levels: [], roles: [] },
    command_agencies: { public: false, levels: [], roles: [] },
    command_logs: { public: false, levels: [], roles: [] },
  };
  const context = (v: NavViewer | null, isRootAgency = true) => ({
    items: locked,
    levelOrder: ORDER,
    viewer: v,
    isRootAgency,
  });

  it('always lets High Command open Permissions, Branding and the Command group', () => {
    const hc = viewer({ level: 'high_command', isHighCommand: true });
    expect(canAccessNavItem('command_navigation_permissions', context(hc))).toBe(true);
    expect(canAccessNavItem('command_branding', context(hc))).toBe(true);
    expect(canAccessNavItem('command_section', context(hc))).toBe(true);
    expect(canAccessNavItem('command_logs', context(hc))).toBe(false);
  });

  it('lets High Command open Agencies on the root agency only', () => {
    const hc = viewer({ level: 'high_command', isHighCommand: true });
    expect(canAccessNavItem('command_agencies', context(hc, true))).toBe(true);
    expect(canAccessNavItem('command_agencies', context(hc, false))).toBe(false);
  });

  it('applies the plain rule to everyone else', () => {
    const command = viewer({ level: 'command' });
    expect(canAccessNavItem('command_section', context(command))).toBe(true);
    expect(canAccessNavItem('command_branding', context(command))).toBe(false);
    expect(canAccessNavItem('command_branding', context(viewer({ isAuthenticated: false, isHighCommand: true })))).toBe(
      false,
    );
  });
});
