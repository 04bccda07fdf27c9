/** Saving navigation permissions (command-and-reports §7 `PUT /api/nav-permissions`). */

import { api } from '@/api/client';
import { navPermissionsPath } from '@/api/nav-permissions';
import type { NavPermissions, NavPermissionsUpdate } from '@/api/types';

/** Saves entries (no target) or another agency's locked list (`target`). */
export function putNavPermissions(target: string | null, body: NavPermissionsUpdate): Promise<NavPermissions> {
  return api.put<NavPermissions>(navPermissionsPath(target), body);
}
