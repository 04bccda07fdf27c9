import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { navPermissionsQueryOptions } from '@/api/nav-permissions';
import type { NavPermissions, ViewerInfo } from '@/api/types';
import { DEFAULT_AGENCY_SLUG } from '@/lib/active-agency';
import { navigationLevelOrder } from '@/lib/levels';
import { toPermissionItems } from '@/lib/nav-permissions';
import { canAccessNavItem, type NavPermissionItems } from '@/lib/navigation';

export const NAV_PERMISSIONS_ERROR = 'Failed to load navigation permissions';
/** What needs no permission: all a viewer is shown while the permissions cannot be loaded. */
export const ALWAYS_VISIBLE: readonly string[] = ['home', 'about'];

/** The active agency's navigation permissions (anyone may read them). */
export function useNavPermissions() {
  return useQuery(navPermissionsQueryOptions(useActiveSlug()));
}

export interface NavAccess {
  status: 'loading' | 'error' | 'ready';
  /** 'Failed to load navigation permissions' when they could not be loaded. */
  error: string | null;
  data: NavPermissions | undefined;
  /**
   * The viewer as the permissions call described it (null until loaded), with their level,
   * roles, roster entry, `canManage` (false on leave of absence) and `assignableLevels`.
   */
  viewer: ViewerInfo | null;
  isHighCommand: boolean;
  /**
   * Whether the viewer may see navigation item `id`: everything while loading (the route gate
   * says 'Checking access…'), only what needs no permission when loading failed (the menu
   * never opens up on a failure).
   */
  canView: (id: string) => boolean;
}

/** The visibility rule applied to the active agency's permissions and viewer. */
export function useNavAccess(): NavAccess {
  const { levels, slug } = useAgency();
  const query = useNavPermissions();
  const data = query.data;
  const isRootAgency = slug === DEFAULT_AGENCY_SLUG;

  const context = useMemo(() => {
    const items: NavPermissionItems | null = data ? toPermissionItems(data.items) : null;
    const levelOrder = data && data.metadata.levelOrder.length > 0 ? data.metadata.levelOrder : navigationLevelOrder(levels);
    const viewer: ViewerInfo | null = data ? { ...data.viewer, roster: data.viewer.roster ?? null } : null;
    return { items, levelOrder, viewer, isRootAgency };
  }, [data, levels, isRootAgency]);

  // A failed refresh keeps the permissions loaded before.
  const failed = data === undefined && query.isError;
  const canView = useCallback(
    (id: string) => (failed ? ALWAYS_VISIBLE.includes(id) : canAccessNavItem(id, context)),
    [context, failed],
  );

  return {
    status: data !== undefined ? 'ready' : failed ? 'error' : 'loading',
    error: failed ? NAV_PERMISSIONS_ERROR : null,
    data,
    viewer: context.viewer,
    isHighCommand: data?.viewer.isAuthenticated === true && data.viewer.isHighCommand,
    canView,
  };
}
