import { Button, Group, Menu } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavEntry } from '@/lib/navigation';
import { isActivePath } from './use-navigation';

/** Desktop navigation: links and group dropdowns. */
export function TopNav({ entries }: { entries: readonly NavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <Group gap={4} component="nav" aria-label="Main navigation" wrap="nowrap">
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          const active = isActivePath(entry.path, pathname);
          return (
            <Button
              key={entry.id}
              component={Link}
              to={entry.path}
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              size="compact-md"
              aria-current={active ? 'page' : undefined}
              data-nav-id={entry.id}
            >
              {entry.label}
            </Button>
          );
        }
        const active = entry.children.some((child) => isActivePath(child.path, pathname));
        return (
          <Menu key={entry.id} trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" shadow="md">
            <Menu.Target>
              <Button
                variant={active ? 'light' : 'subtle'}
                color={active ? undefined : 'gray'}
                size="compact-md"
                data-nav-id={entry.id}
              >
                {entry.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {entry.children.map((child) => (
                <Menu.Item
                  key={child.id}
                  component={Link}
                  to={child.path}
                  data-nav-id={child.id}
                  fw={isActivePath(child.path, pathname) ? 700 : undefined}
                >
                  {child.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
