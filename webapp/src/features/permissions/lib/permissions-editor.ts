/**
 * Editing navigation permissions (command-and-reports §2 Permissions, §4 "Navigation
 * permission item", §5 Permissions). Pure.
 */

import { NO_LEVEL } from '@/lib/levels';
import { entryFor, type PermissionEntry, type PermissionItems } from '@/lib/nav-permissions';
import { NAVIGATION, type NavEntry, type NavPermissionItems } from '@/lib/navigation';

/** Levels de-duplicated and sorted in level order (unknown ones last, in their order). */
export function sortLevels(levels: readonly string[], order: readonly string[]): string[] {
  const unique = [...new Set(levels.map((level) => level.trim().toLowerCase()).filter((level) => level !== ''))];
  const rank = (level: string): number => {
    const index = order.indexOf(level);
    return index < 0 ? order.length : index;
  };
  return unique
    .map((level, position) => ({ level, position }))
    .sort((a, b) => rank(a.level) - rank(b.level) || a.position - b.position)
    .map(({ level }) => level);
}

/**
 * The level selection after the chips changed from `previous` to `next`: choosing 'No level'
 * clears every other level, choosing any other level removes 'No level'. The result is
 * de-duplicated and sorted in level order.
 */
export function applyLevelSelection(
  previous: readonly string[],
  next: readonly string[],
  order: readonly string[],
): string[] {
  const before = new Set(previous);
  const added = next.filter((level) => !before.has(level));
  if (added.includes(NO_LEVEL.id)) return [NO_LEVEL.id];
  const result = added.length > 0 ? next.filter((level) => level !== NO_LEVEL.id) : [...next];
  return sortLevels(result, order);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((value) => right.has(value));
}

/** Same visibility: public flag, levels in order, and the same roles. */
export function sameEntry(a: PermissionEntry, b: PermissionEntry): boolean {
  return a.public === b.public && sameList(a.levels, b.levels) && sameSet(a.roles, b.roles);
}

export interface PermissionState {
  items: NavPermissionItems | PermissionItems;
  locked: readonly string[];
}

/** The ids whose entry or lock differs between `saved` and `draft`. */
export function changedIds(saved: PermissionState, draft: PermissionState): Set<string> {
  const changed = new Set<string>();
  const before = new Set(saved.locked);
  const after = new Set(draft.locked);
  for (const id of [...before, ...after]) {
    if (before.has(id) !== after.has(id)) changed.add(id);
  }
  for (const id of new Set([...Object.keys(saved.items), ...Object.keys(draft.items)])) {
    if (!sameEntry(entryFor(saved.items, id), entryFor(draft.items, id))) changed.add(id);
  }
  return changed;
}

/** True when `draft` differs from `saved`: any entry, or the locked list. */
export function hasPermissionChanges(saved: PermissionState, draft: PermissionState): boolean {
  return changedIds(saved, draft).size > 0;
}

/** `locked` with `id` added (locked) or removed, sorted. */
export function setLocked(locked: readonly string[], id: string, isLocked: boolean): string[] {
  const rest = locked.filter((value) => value !== id);
  return (isLocked ? [...rest, id] : rest).sort();
}

/** One card of the permissions grid: a page, or a section (a menu group). */
export interface PermissionCard {
  id: string;
  label: string;
  /** The page path; absent for sections. */
  path?: string;
  section: boolean;
  /** Label of the group a page belongs to. */
  group?: string;
  /** Id of the group (the section) a page belongs to. */
  groupId?: string;
}

/** Cards in menu order: each group's section card first, then its pages. */
export function permissionCards(entries: readonly NavEntry[] = NAVIGATION): PermissionCard[] {
  return entries.flatMap((entry): PermissionCard[] =>
    entry.kind === 'link'
      ? [{ id: entry.id, label: entry.label, path: entry.path, section: false }]
      : [
          { id: entry.id, label: entry.label, section: true },
          ...entry.children.map((child) => ({
            id: child.id,
            label: child.label,
            path: child.path,
            section: false,
            group: entry.label,
            groupId: entry.id,
          })),
        ],
  );
}

/** The group of the pages outside any section (Home, Roster, SOPs, About). */
export const MAIN_MENU = { id: 'main_menu', label: 'Main menu' } as const;

/** The cards of one menu section (its section card first), or of the main menu. */
export interface PermissionGroup {
  id: string;
  label: string;
  cards: PermissionCard[];
}

/**
 * `cards` by the menu's sections, each as it first appears (the main menu first): a section
 * card and its pages form the section's group; pages outside any section, the main menu's.
 * A section none of whose cards is in `cards` has no group.
 */
export function permissionGroups(cards: readonly PermissionCard[]): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const card of cards) {
    const id = card.section ? card.id : (card.groupId ?? MAIN_MENU.id);
    const label = card.section ? card.label : (card.group ?? MAIN_MENU.label);
    const group = groups.get(id) ?? { id, label, cards: [] };
    group.cards.push(card);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** Cards whose label, id, path or group contains `query` (case-insensitive). */
export function filterPermissionCards(cards: readonly PermissionCard[], query: string): PermissionCard[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...cards];
  return cards.filter((card) =>
    [card.label, card.id, card.path ?? '', card.group ?? ''].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** '{departmentName} · {role name}' */
export function roleLabel(role: { name: string; departmentName: string }): string {
  return `${role.departmentName} · ${role.name}`;
}

/** 'Updated {time}', with ' by {who}' when known; null when never updated. */
export function updatedLine(
  updatedAt: string | null | undefined,
  updatedBy: string | null | undefined,
  formatTime: (date: Date) => string,
): string | null {
  if (!updatedAt) return null;
  const date = new Date(updatedAt);
  if (Number.isNaN(date.getTime())) return null;
  const who = updatedBy?.trim();
  return `Updated ${formatTime(date)}${who ? ` by ${who}` : ''}`;
}

/** '1 item' / 'N items' */
export function itemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
