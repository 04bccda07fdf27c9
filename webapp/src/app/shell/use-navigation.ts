import { useMemo } from 'react';
import { useAgency } from '@/agency/context';
import { navigationLevelOrder } from '@/lib/levels';
import {
  canViewNavItem,
  NAVIGATION,
  visibleNavigation,
  type NavEntry,
  type NavPermissionItems,
  type NavViewer,
} from '@/lib/navigation';

/**
 * Top-bar entries the viewer may see. Navigation permissions and the viewer arrive in a later
 * issue; until then `items` is null, which the rule treats as "not loaded yet" (all visible).
 */
export function useTopBarNavigation(
  items: NavPermissionItems | null = null,
  viewer: NavViewer | null = null,
): NavEntry[] {
  const { levels, config } = useAgency();
  const enableAgencyManagement = config?.flags.enableAgencyManagement ?? false;
  return useMemo(() => {
    const order = navigationLevelOrder(levels);
    return visibleNavigation(NAVIGATION, (id) => canViewNavItem(id, items, order, viewer), {
      enableAgencyManagement,
      topBar: true,
    });
  }, [levels, items, viewer, enableAgencyManagement]);
}

/** True when `path` is the current location or (for non-root paths) one of its ancestors. */
export function isActivePath(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}
