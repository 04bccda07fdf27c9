import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { navLinks } from '@/lib/navigation';
import { render, screen } from '@/test-utils/render';
import { navRoutes } from './nav-routes';
import { NAV_PAGES } from './pages';
import type { RouteHandle } from './route-handle';

async function componentOf(route: RouteObject): Promise<ComponentType> {
  if (typeof route.lazy !== 'function') throw new Error('not a lazy route');
  const loaded = (await route.lazy()) as { Component?: ComponentType | null };
  if (!loaded.Component) throw new Error('no component');
  return loaded.Component;
}

describe('navRoutes', () => {
  const routes = navRoutes(navLinks(), NAV_PAGES);

  it('gives every navigation link a route at its path, gated by its id', () => {
    expect(routes.map((route) => (route.index === true ? '/' : `/${route.path ?? ''}`))).toEqual(
      navLinks().map((link) => link.path),
    );
    expect(routes.map((route) => (route.handle as RouteHandle).navId)).toEqual(navLinks().map((link) => link.id));
  });

  it('only names screens of navigation links', () => {
    const ids = new Set(navLinks().map((link) => link.id));
    for (const id of Object.keys(NAV_PAGES)) expect(ids.has(id), id).toBe(true);
  });

  it('loads the screen of a link lazily', async () => {
    const roster = routes.find((route) => route.path === 'roster');
    const { RosterPage } = await import('@/features/roster/components/RosterPage');
    expect(await componentOf(roster!)).toBe(RosterPage);
  });

  it('shows a placeholder titled with the label for links without a screen', async () => {
    const [later] = navRoutes([{ kind: 'link', id: 'later_screen', label: 'Later Screen', path: '/later' }], {});
    const Placeholder = await componentOf(later!);
    render(<Placeholder />);
    expect(screen.getByRole('heading', { name: 'Later Screen' })).toBeTruthy();
    expect(screen.getByText('This screen arrives in a later release.')).toBeTruthy();
  });
});
