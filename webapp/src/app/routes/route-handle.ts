/** Route metadata: the navigation id that gates the route (member-portal §2.1). */
export interface RouteHandle {
  navId?: string;
}

/** The navigation id of the deepest matched route that names one. */
export function gatingNavId(matches: readonly { handle: unknown }[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.navId !== undefined) return handle.navId;
  }
  return undefined;
}
