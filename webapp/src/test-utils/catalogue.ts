/**
 * The fixtures the tests of the catalogue management screens share (equipment, uniforms,
 * documents): a Command member of the root agency, the server's texts, a stand-in for the
 * whole-list API (GET and PUT `?scope=manage`) and the screen's cards.
 */

import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ViewerInfo } from '@/api/types';
import { renderApp } from './app';
import { bodyOf, json, rosterEntry, serveAgency, signedIn, type RecordedRequest } from './fixtures';
import { rawlife } from './organisation';
import { screen, within } from './render';

/** The manager: a Lieutenant at Command level. */
export const COMMAND = signedIn(
  rosterEntry({ id: 7, name: 'Eli Stone', rankId: 'patrol-lt', rank: 'Lieutenant', level: 'command' }),
);
/** The server's 409 answer to a save at a version someone else has moved on. */
export const STALE = 'Someone else saved this list since you opened it. Review their changes and save again.';
export const UNSAVED = 'You have unsaved changes. Leave this page and drop them?';

type Answer = Response | Promise<Response>;

export interface ManagedListOptions<S> {
  /** The viewer's permissions beside the manager's (`{ canManage: false }`: on leave). */
  viewer?: Partial<ViewerInfo>;
  /** Answers GET ?scope=manage, the `count`th read (the list by default). */
  read?: (count: number) => Answer;
  /** Answers PUT (the server's echo by default). */
  write?: (body: S) => Answer;
}

export interface ManagedListServer<S> {
  /** `path`, e.g. '/api/equipment'. */
  path: string;
  /** What GET answers by default. */
  list: () => unknown;
  /** What PUT answers by default: the saved list at a new version. */
  echo: (body: S) => unknown;
  /** Answers other calls first (undefined falls through). */
  other?: (request: RecordedRequest) => Answer | undefined;
}

/**
 * Stubs `fetch` with the agency endpoints for COMMAND and the management list at `path`;
 * every read must ask for `scope=manage`. Returns the bodies saved and how many reads came.
 */
export function serveManagedList<S>(
  { path, list, echo, other }: ManagedListServer<S>,
  { viewer, read, write }: ManagedListOptions<S> = {},
) {
  const saves: S[] = [];
  let reads = 0;
  serveAgency({
    me: COMMAND,
    agencies: [rawlife()],
    viewer,
    handle: (request, url) => {
      const answered = other?.(request);
      if (answered !== undefined) return answered;
      if (url.pathname !== path) return undefined;
      expect(url.searchParams.get('scope')).toBe('manage');
      if (request.method === 'GET') {
        reads += 1;
        return read ? read(reads) : json(list());
      }
      if (request.method === 'PUT') {
        const body = bodyOf(request) as S;
        saves.push(body);
        return write ? write(body) : json(echo(body));
      }
      return undefined;
    },
  });
  return { saves, reads: () => reads };
}

/** The cards (test id `testId`) of the management screen titled `title`. */
export function managementScreen(title: string, testId: string, route: string) {
  const cards = () => screen.getAllByTestId(testId);
  /** Waits for the heading and the first cards. */
  const loaded = async () => {
    await screen.findByRole('heading', { level: 1, name: title });
    await screen.findAllByTestId(testId, {}, { timeout: 3000 });
  };
  return {
    cards,
    /** The headings of the cards, in order. */
    cardNames: () => cards().map((card) => within(card).getByRole('heading').textContent),
    cardOf: (name: string) => cards().find((card) => within(card).queryByRole('heading', { name }) !== null),
    loaded,
    /** Renders the screen at its route and waits for it: the user who then works on it. */
    open: async (): Promise<ReturnType<typeof userEvent.setup>> => {
      const user = userEvent.setup();
      renderApp(route);
      await loaded();
      return user;
    },
  };
}

/**
 * A PUT answer that refuses the first save as stale (409, with the list `current` as someone
 * else saved it), then answers `then` for the body sent.
 */
export function staleOnce<S>(current: unknown, then: (body: S) => unknown): (body: S) => Response {
  let stale = true;
  return (body) => {
    if (stale) {
      stale = false;
      return json({ error: STALE, current }, 409);
    }
    return json(then(body));
  };
}
