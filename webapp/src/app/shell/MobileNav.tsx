import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavEntry } from '@/lib/navigation';
import { isActivePath } from './use-navigation';

/** Navigation in the burger drawer (small screens). */
export function MobileNav({ entries, onNavigate }: { entries: readonly NavEntry[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label="Mobile navigation">
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <NavLink
            key={entry.id}
            component={Link}
            to={entry.path}
            label={entry.label}
            active={isActivePath(entry.path, pathname)}
            onClick={onNavigate}
          />
        ) : (
          <NavLink
            key={entry.id}
            label={entry.label}
            defaultOpened={entry.children.some((child) => isActivePath(child.path, pathname))}
          >
            {entry.children.map((child) => (
              <NavLink
                key={child.id}
                component={Link}
                to={child.path}
                label={child.label}
                active={isActivePath(child.path, pathname)}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        ),
      )}
    </ScrollArea>
  );
}
