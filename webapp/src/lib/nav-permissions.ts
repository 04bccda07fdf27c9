/**
 * Navigation permission entries (command-and-reports §4 "Navigation permission item") as
 * plain, editable records: read by the shell's visibility rule and the Permissions screen. Pure.
 */

import type { NavPermission, NavPermissionItems } from './navigation';

/** An editable permission entry. */
export interface PermissionEntry {
  public: boolean;
  levels: string[];
  roles: string[];
}

export type PermissionItems = Record<string, PermissionEntry>;

/** An item without an entry is visible to everyone, like a public one. */
export const PUBLIC_ENTRY: Readonly<PermissionEntry> = Object.freeze({ public: true, levels: [], roles: [] });

/** The entry of `id` (a copy), or a public one when the item has none. */
export function entryFor(items: NavPermissionItems | PermissionItems, id: string): PermissionEntry {
  const entry: NavPermission | undefined = items[id];
  if (entry === undefined) return { public: true, levels: [], roles: [] };
  return { public: entry.public, levels: [...entry.levels], roles: [...entry.roles] };
}

/** Every entry of a server answer, copied into editable form. */
export function toPermissionItems(items: Readonly<Record<string, { public: boolean; levels?: string[]; roles?: string[] }>>): PermissionItems {
  const result: PermissionItems = {};
  for (const [id, entry] of Object.entries(items)) {
    result[id] = { public: entry.public, levels: [...(entry.levels ?? [])], roles: [...(entry.roles ?? [])] };
  }
  return result;
}
