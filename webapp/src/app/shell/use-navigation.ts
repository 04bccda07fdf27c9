import { useMemo } from 'react';
import { useAgency } from '@/agency/context';
import { NAVIGATION, showsApply, visibleNavigation, withApply, type NavEntry } from '@/lib/navigation';
import { useNavAccess } from '@/session/use-nav-access';

/**
 * Top-bar entries the viewer may see: the visibility rule on the active agency's navigation
 * permissions (everything while they load), Agencies only with agency management, and a
 * group only when one of its children is visible; Apply for visitors and for signed-in people
 * without a roster entry (issue 26).
 */
export function useTopBarNavigation(): NavEntry[] {
  const { config } = useAgency();
  const { canView, viewer } = useNavAccess();
  const enableAgencyManagement = config?.flags.enableAgencyManagement ?? false;
  const apply = showsApply(viewer);
  return useMemo(
    () => withApply(visibleNavigation(NAVIGATION, canView, { enableAgencyManagement, topBar: true }), apply),
    [canView, enableAgencyManagement, apply],
  );
}

/** True when `path` is the current location or (for non-root paths) one of its ancestors. */
export function isActivePath(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}
