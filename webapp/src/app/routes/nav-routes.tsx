import type { RouteObject } from 'react-router';
import type { NavLinkItem } from '@/lib/navigation';
import type { PageLoader } from './pages';
import type { RouteHandle } from './route-handle';

/** A lazily loaded placeholder titled with the navigation label. */
function placeholder(label: string): PageLoader {
  return async () => {
    const { PlaceholderPage } = await import('@/components/PlaceholderPage');
    return function Placeholder() {
      return <PlaceholderPage title={label} />;
    };
  };
}

/**
 * One lazy route per navigation link, at the link's path and gated by its id (the route
 * gate reads `handle.navId`); '/' is the index route. Links without a page get a placeholder.
 */
export function navRoutes(links: readonly NavLinkItem[], pages: Readonly<Record<string, PageLoader>>): RouteObject[] {
  return links.map((link) => {
    const page = pages[link.id] ?? placeholder(link.label);
    const handle: RouteHandle = { navId: link.id };
    const lazy = async () => ({ Component: await page() });
    return link.path === '/' ? { index: true, handle, lazy } : { path: link.path.slice(1), handle, lazy };
  });
}
