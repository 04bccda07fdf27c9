import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavEntry, NavLinkItem } from '@/lib/navigation';
import { isActivePath } from './use-navigation';

/** A page of the menu, marked when it is the one shown. */
function PageLink({ entry, pathname, onNavigate }: { entry: NavLinkItem; pathname: string; onNavigate: () => void }) {
  return (
    <NavLink component={Link} to={entry.path} label={entry.label} active={isActivePath(entry.path, pathname)} onClick={onNavigate} />
  );
}

/** Navigation in the burger drawer (small screens). */
export function MobileNav({ entries, onNavigate }: { entries: readonly NavEntry[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label="Mobile navigation">
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <PageLink key={entry.id} entry={entry} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <NavLink
            key={entry.id}
            label={entry.label}
            defaultOpened={entry.children.some((child) => isActivePath(child.path, pathname))}
          >
            {entry.children.map((child) => (
              <PageLink key={child.id} entry={child} pathname={pathname} onNavigate={onNavigate} />
            ))}
          </NavLink>
        ),
      )}
    </ScrollArea>
  );
}
