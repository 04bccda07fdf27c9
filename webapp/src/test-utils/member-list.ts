/**
 * The fixture the tests of the member views of a list share (vehicles, equipment, uniforms,
 * documents): a stand-in for the list's GET (never `?scope=manage`), and the three states every
 * such screen shows besides its content, as a table the screen's test fills in.
 */

import { expect, it } from 'vitest';
import type { Me } from '@/api/types';
import { renderApp } from './app';
import { json, rosterEntry, serveAgency, signedIn } from './fixtures';
import { rawlife } from './organisation';
import { screen, within } from './render';

/** A Deputy of the root agency. */
export const MEMBER = signedIn(rosterEntry());

type Answer = () => Response | Promise<Response>;

/** Stubs `fetch` with the agency endpoints for `me` and the member list at `path`. */
export function serveMemberList(path: string, answer: Answer, me: Me = MEMBER) {
  return serveAgency({
    me,
    agencies: [rawlife()],
    handle: (request, url) => {
      if (url.pathname !== path || request.method !== 'GET') return undefined;
      expect(url.searchParams.get('scope')).toBeNull();
      return answer();
    },
  });
}

/** What one member view says when its list is empty, refused, or not reached. */
export interface MemberListStates {
  route: string;
  path: string;
  /** The list answer with nothing in it, and where and what the screen says then. */
  empty: { body: unknown; testId: string; text: string };
  /** The alert's title on any failure. */
  unavailable: string;
  /** The alert's text when the call gets no answer. */
  failed: string;
}

/** The tests of the three states, for `describe` blocks of member views. */
export function itShowsListStates({ route, path, empty, unavailable, failed }: MemberListStates) {
  it(`says '${empty.text}' for an empty list`, async () => {
    serveMemberList(path, () => json(empty.body));
    renderApp(route);
    expect((await screen.findByTestId(empty.testId)).textContent).toBe(empty.text);
  });

  it(`shows '${unavailable}' with 'HTTP {status}'`, async () => {
    serveMemberList(path, () => json({ error: 'Database down' }, 503));
    renderApp(route);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(unavailable)).toBeTruthy();
    expect(within(alert).getByText('HTTP 503')).toBeTruthy();
  });

  it(`shows '${failed}' when the call gets no answer`, async () => {
    serveMemberList(path, () => Promise.reject(new TypeError('Failed to fetch')));
    renderApp(route);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(unavailable)).toBeTruthy();
    expect(within(alert).getByText(failed)).toBeTruthy();
  });
}
