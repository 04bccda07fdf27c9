/**
 * Navigation table (member-portal §2.2) and the visibility rule of navigation permissions
 * (member-portal §6, command-and-reports §6). Pure.
 */

import { NO_LEVEL } from './levels';

export interface NavLinkItem {
  kind: 'link';
  /** Navigation id, the key of navigation permissions. */
  id: string;
  label: string;
  path: string;
  /** Listed in the table but not shown in the top bar (About lives in the footer). */
  hiddenFromTopBar?: boolean;
  /** Shown only when the active agency has agency management enabled. */
  requiresAgencyManagement?: boolean;
}

export interface NavGroup {
  kind: 'group';
  id: string;
  label: string;
  children: readonly NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

const link = (
  id: string,
  label: string,
  path: string,
  extra: Partial<Pick<NavLinkItem, 'hiddenFromTopBar' | 'requiresAgencyManagement'>> = {},
): NavLinkItem => ({ kind: 'link', id, label, path, ...extra });

const group = (id: string, label: string, children: readonly NavLinkItem[]): NavGroup => ({
  kind: 'group',
  id,
  label,
  children,
});

/** The whole menu in display order. */
export const NAVIGATION: readonly NavEntry[] = Object.freeze([
  link('home', 'Home', '/'),
  link('roster', 'Roster', '/roster'),
  group('structure_section', 'Structure', [
    link('structure_vehicles', 'Vehicles', '/structure/vehicles'),
    link('structure_equipment', 'Equipment', '/structure/equipment'),
    link('structure_uniforms', 'Uniforms', '/structure/uniforms'),
  ]),
  link('sops', 'SOPs', '/sops'),
  link('about', 'About', '/about', { hiddenFromTopBar: true }),
  group('reports_section', 'Reports', [
    link('reports_use_of_force_report', 'Use of force report', '/report/use-of-force-report'),
    link('reports_arrest_report', 'Arrest report', '/reports/arrest'),
    link('reports_ticket_report', 'Ticket report', '/report/ticket-report'),
  ]),
  group('fto_section', 'FTO', [
    link('fto_training_management', 'Training management', '/fto/training-management'),
    link('fto_training', 'Training', '/fto/training'),
  ]),
  group('supervisor_section', 'Supervisor', [
    link('supervisor_uof_review', 'UoF Review', '/supervisor/uof'),
    link('supervisor_arrest_review', 'Arrest Review', '/supervisor/arrests'),
    link('supervisor_leave', 'Leave requests', '/supervisor/leave'),
    link('supervisor_duty', 'On duty', '/supervisor/duty'),
    link('supervisor_applications', 'Applications', '/supervisor/applications'),
  ]),
  group('command_section', 'Command', [
    link('command_department_management', 'Department management', '/command/department'),
    link('command_qualifications', 'Qualifications', '/command/qualifications'),
    link('command_recruitment', 'Recruitment', '/command/recruitment'),
    link('command_message_management', 'Message management', '/command/messages'),
    link('command_sops', 'SOPs & presentations', '/command/sops'),
    link('command_vehicle_permissions', 'Vehicle management', '/command/vehicles'),
    link('command_equipment_management', 'Equipment management', '/command/equipment'),
    link('command_uniform_management', 'Uniform management', '/command/uniforms'),
    link('command_logs', 'Logs', '/command/logs'),
    link('command_penal_codes', 'Penal codes', '/command/penal-codes'),
    link('command_discord', 'Discord', '/command/discord'),
    link('command_alerts', 'Alerts', '/command/alerts'),
    link('command_api_tokens', 'API tokens', '/command/api-tokens'),
    link('command_analytics', 'Analytics', '/command/analytics'),
    link('command_branding', 'Branding', '/command/branding'),
    link('command_agencies', 'Agencies', '/command/agencies', { requiresAgencyManagement: true }),
    link('command_navigation_permissions', 'Permissions', '/command/permissions'),
  ]),
]);

/**
 * Apply (issue 26): not a navigation permission but a menu entry of its own, listed for
 * visitors and for signed-in people without a roster entry in the agency (who may apply).
 */
export const APPLY_LINK: NavLinkItem = Object.freeze({ kind: 'link', id: 'apply', label: 'Apply', path: '/apply' });

/** Is Apply listed for this viewer? Not while the viewer is unknown (loading). */
export function showsApply(viewer: Pick<NavViewer, 'isAuthenticated' | 'roster'> | null | undefined): boolean {
  if (viewer == null) return false;
  return !viewer.isAuthenticated || viewer.roster == null;
}

/** The menu with Apply after Home when `show`. */
export function withApply(entries: readonly NavEntry[], show: boolean): NavEntry[] {
  if (!show) return [...entries];
  const home = entries.findIndex((entry) => entry.id === 'home');
  return [...entries.slice(0, home + 1), APPLY_LINK, ...entries.slice(home + 1)];
}

/** Every link of the table, groups flattened. */
export function navLinks(entries: readonly NavEntry[] = NAVIGATION): NavLinkItem[] {
  return entries.flatMap((entry) => (entry.kind === 'group' ? [...entry.children] : [entry]));
}

/** The link with navigation id `id`. */
export function navItem(id: string): NavLinkItem | undefined {
  return navLinks().find((item) => item.id === id);
}

/** One navigation permission entry (command-and-reports §3). */
export interface NavPermission {
  public: boolean;
  levels: readonly string[];
  roles: readonly string[];
}

export type NavPermissionItems = Readonly<Record<string, NavPermission | undefined>>;

/** What the rule needs to know about the viewer. */
export interface NavViewer {
  isAuthenticated: boolean;
  level?: string | null;
  roles: readonly string[];
  /** The viewer's roster entry; null or absent when the viewer has none. */
  roster?: unknown;
  /** High Command of the active agency (decided by the server). */
  isHighCommand?: boolean;
}

/**
 * May the viewer see navigation item `id`?
 * Yes when permissions are not loaded (`items` null/undefined), the item has no entry, or it
 * is public. Otherwise the viewer must be signed in and either hold a level at or above one
 * of the listed levels in `levelOrder`, or hold one of the listed roles; a listed 'no_level'
 * admits any signed-in viewer with a roster entry.
 */
export function canViewNavItem(
  id: string,
  items: NavPermissionItems | null | undefined,
  levelOrder: readonly string[],
  viewer: NavViewer | null | undefined,
): boolean {
  if (items == null) return true;
  const entry = items[id];
  if (entry == null || entry.public) return true;
  if (viewer?.isAuthenticated !== true) return false;

  const levels = entry.levels.map(normalizeId);
  if (levels.includes(NO_LEVEL.id) && viewer.roster != null) return true;

  const order = levelOrder.map(normalizeId);
  const viewerLevel = viewer.level == null ? -1 : order.indexOf(normalizeId(viewer.level));
  if (viewerLevel >= 0) {
    const reached = levels.some((level) => {
      if (level === NO_LEVEL.id) return false;
      const index = order.indexOf(level);
      return index >= 0 && viewerLevel >= index;
    });
    if (reached) return true;
  }

  const roles = new Set(entry.roles.map(String));
  return viewer.roles.some((role) => roles.has(role));
}

function normalizeId(value: string): string {
  return value.trim().toLowerCase();
}

export interface NavFilterOptions {
  /** The active agency's flags.enableAgencyManagement. */
  enableAgencyManagement: boolean;
  /** Leave out items hidden from the top bar (About). */
  topBar?: boolean;
}

/**
 * The entries the viewer may see, in order. A group shows only its visible children and is
 * left out when none remains (or when its own id is not visible).
 */
export function visibleNavigation(
  entries: readonly NavEntry[],
  isVisible: (id: string) => boolean,
  options: NavFilterOptions,
): NavEntry[] {
  const showLink = (item: NavLinkItem): boolean =>
    !(options.topBar === true && item.hiddenFromTopBar === true) &&
    !(item.requiresAgencyManagement === true && !options.enableAgencyManagement) &&
    isVisible(item.id);

  const result: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (showLink(entry)) result.push(entry);
      continue;
    }
    const children = entry.children.filter(showLink);
    if (children.length > 0 && isVisible(entry.id)) result.push({ ...entry, children });
  }
  return result;
}

/**
 * Pages High Command can always open, so that no permission setting locks them out (the
 * server lets them in as well). Agencies only counts on the root agency.
 */
export const HIGH_COMMAND_NAV_IDS: readonly string[] = Object.freeze([
  'command_navigation_permissions',
  'command_branding',
  'command_agencies',
]);

/** The navigation group that holds the High Command pages. */
const HIGH_COMMAND_SECTION = 'command_section';

export interface NavAccessContext {
  /** Permission entries; null/undefined while they are not loaded (everything visible). */
  items: NavPermissionItems | null | undefined;
  levelOrder: readonly string[];
  viewer: NavViewer | null | undefined;
  /** The active agency is the root agency. */
  isRootAgency: boolean;
}

/**
 * The visibility rule plus the High Command guarantee: High Command always sees Permissions
 * and Branding (and Agencies on the root agency), and therefore the Command group.
 */
export function canAccessNavItem(id: string, context: NavAccessContext): boolean {
  if (context.viewer?.isAuthenticated === true && context.viewer.isHighCommand === true) {
    if (id === 'command_agencies' ? context.isRootAgency : HIGH_COMMAND_NAV_IDS.includes(id)) return true;
    if (id === HIGH_COMMAND_SECTION) return true;
  }
  return canViewNavItem(id, context.items, context.levelOrder, context.viewer);
}
