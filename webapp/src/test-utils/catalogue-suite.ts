/**
 * The behaviour every catalogue management screen built on `CatalogueManager` shares
 * (equipment, uniforms, documents), as one table-driven suite: each screen's test file
 * describes its catalogue once and calls `itManagesTheCatalogue`, keeping only the tests of
 * what is its own (its cards, its dialog's fields).
 */

import { notifications } from '@mantine/notifications';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderApp } from './app';
import { STALE, UNSAVED, staleOnce, type managementScreen, type ManagedListOptions } from './catalogue';
import { json } from './fixtures';
import { screen, waitFor, within } from './render';

interface Entry {
  id: string;
  [field: string]: unknown;
}

/** One catalogue management screen, as the shared tests see it. */
export interface ManagedCatalogue<S extends { version: number }, L extends { version: number }> {
  /** '/command/uniforms'. */
  route: string;
  /** The list the server holds at `version` (the first read answers version 2). */
  list: (version: number) => L;
  /** The field of the list and of a save body that holds the entries: 'uniforms'. */
  key: string;
  /** The entry's field that heads its card: 'name', 'title'. */
  nameField: string;
  /** Serves the screen's calls (test-utils/catalogue's serveManagedList with this catalogue). */
  serve: (options?: ManagedListOptions<S>) => { saves: S[]; reads: () => number };
  /** The screen's cards (test-utils/catalogue's managementScreen). */
  cards: ReturnType<typeof managementScreen>;
  /** The screen's words. */
  texts: {
    /** 'New uniform': the add button. */
    add: string;
    /** 'Add uniform': the add dialog's title. */
    addTitle: string;
    /** 'Create uniform': the add dialog's save button. */
    create: string;
    /** 'Uniform created', 'Uniform removed'. */
    created: string;
    removed: string;
    /** 'Remove this uniform entry?'. */
    confirmDelete: string;
    /** 'No uniforms configured', shown with the test id `emptyTestId`. */
    empty: string;
    emptyTestId: string;
    /** 'Unable to load uniforms', 'Failed to load uniforms', 'Failed to save uniforms'. */
    unableToLoad: string;
    failedToLoad: string;
    failedToSave: string;
  };
  /** Fills the add dialog with a valid new entry named `name`. */
  fillNew: (dialog: HTMLElement, user: UserEvent, name: string) => Promise<void>;
  /** A free-text field of the edit dialog to type into ('Summary'). */
  editField: string;
}

/** The tests every catalogue management screen passes; call inside the screen's `describe`. */
export function itManagesTheCatalogue<S extends { version: number }, L extends { version: number }>(
  catalogue: ManagedCatalogue<S, L>,
) {
  const { route, list, key, nameField, serve, texts, fillNew, editField } = catalogue;
  const nameOf = (entry: Entry) => String(entry[nameField]);
  const entries = (listOrSave: L | S) => (listOrSave as unknown as Record<string, Entry[]>)[key] ?? [];
  const { cards, loaded } = catalogue.cards;
  const first = () => entries(list(2))[0]!;
  const shown = () => cards().map((card) => within(card).getByRole('heading').textContent).sort();
  const names = () => entries(list(2)).map(nameOf).sort();

  /** Opens the add dialog and fills it with `name`. */
  const addNew = async (user: UserEvent, name: string) => {
    await user.click(screen.getByRole('button', { name: texts.add }));
    const dialog = await screen.findByRole('dialog', { name: texts.addTitle });
    await fillNew(dialog, user, name);
    return dialog;
  };

  it(`says '${texts.empty}' for an empty list`, async () => {
    serve({ read: () => json({ ...list(2), [key]: [] }) });
    renderApp(route);
    expect((await screen.findByTestId(texts.emptyTestId)).textContent).toBe(texts.empty);
  });

  it('deletes after a confirmation', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { saves } = serve();
    const user = userEvent.setup();
    renderApp(route);
    await loaded();
    const name = nameOf(first());
    await user.click(within(catalogue.cards.cardOf(name)!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(texts.confirmDelete)).toBeTruthy();
    const confirm = screen.getByRole('dialog', { name: `Delete ${name}` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    const kept = entries(list(2)).slice(1);
    expect(entries(saves[0]!).map((entry) => entry.id)).toEqual(kept.map((entry) => entry.id));
    expect(await screen.findByText(texts.removed)).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', title: texts.removed }));
  });

  it('asks before leaving the screen with unsaved changes in the dialog', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderApp(route);
    await loaded();
    const name = nameOf(first());
    await user.click(within(catalogue.cards.cardOf(name)!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${name}` });
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: editField });
    const before = field.value;
    await user.type(field, ' Changed');
    void router.navigate('/roster');
    expect(await screen.findByText(UNSAVED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => {
      expect(screen.queryByText(UNSAVED)).toBeNull();
    });
    expect(router.state.location.pathname).toBe(route);
    expect(field.value).toBe(`${before} Changed`);
  });

  it(`a failed save says '${texts.failedToSave}', HTTP {status} or the server's text, and keeps the dialog and the list`, async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    serve({ write: () => answer() });
    const user = userEvent.setup();
    renderApp(route);
    await loaded();
    const dialog = await addNew(user, 'Broken entry');
    await user.click(within(dialog).getByRole('button', { name: texts.create }));
    expect(await within(dialog).findByText(texts.failedToSave)).toBeTruthy();
    answer = () => new Response('', { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: texts.create }));
    expect(await within(dialog).findByText('HTTP 500')).toBeTruthy();
    answer = () => json({ error: 'Unknown rank ids: gone.' }, 400);
    await user.click(within(dialog).getByRole('button', { name: texts.create }));
    expect(await within(dialog).findByText('Unknown rank ids: gone.')).toBeTruthy();
    expect(shown()).toEqual(names());
    expect(screen.getByRole('dialog', { name: texts.addTitle })).toBe(dialog);
  });

  it('a stale save shows the message and Reload; saving again uses the new version', async () => {
    const { saves, reads } = serve({
      read: (count) => json(list(count === 1 ? 2 : 7)),
      write: staleOnce(list(7), (body: S) => ({ ...list(body.version + 1), [key]: entries(body) })),
    });
    const user = userEvent.setup();
    renderApp(route);
    await loaded();
    const dialog = await addNew(user, 'Radio codes');
    await user.click(within(dialog).getByRole('button', { name: texts.create }));
    expect(await within(dialog).findByText(STALE)).toBeTruthy();
    expect(saves[0]?.version).toBe(2);
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(reads()).toBe(2);
    });
    expect(within(dialog).queryByText(STALE)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: texts.create }));
    await waitFor(() => {
      expect(saves).toHaveLength(2);
    });
    expect(saves[1]?.version).toBe(7);
    expect(entries(saves[1]!).map(nameOf)).toEqual([...entries(list(7)).map(nameOf), 'Radio codes']);
    expect(await screen.findByText(texts.created)).toBeTruthy();
  });

  it('a stale delete shows the message and Reload on the page', async () => {
    serve({ write: () => json({ error: STALE, current: list(7) }, 409) });
    const user = userEvent.setup();
    renderApp(route);
    await loaded();
    const name = nameOf(first());
    await user.click(within(catalogue.cards.cardOf(name)!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: `Delete ${name}` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByText(STALE);
    expect(within(alert.closest<HTMLElement>('[role="alert"]')!).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it(`shows '${texts.unableToLoad}' with Retry when nothing loaded, a refresh failure inline`, async () => {
    let status: number | null = 503;
    serve({ read: () => (status === null ? json(list(2)) : json({ error: 'Database unavailable' }, status)) });
    const user = userEvent.setup();
    renderApp(route);
    expect(await screen.findByText(texts.unableToLoad)).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    status = null;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.queryByText(texts.unableToLoad)).toBeNull();
    expect(shown()).toEqual(names());
  });

  it(`says '${texts.failedToLoad}' when the call fails outright`, async () => {
    serve({
      read: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp(route);
    expect(await screen.findByText(texts.unableToLoad)).toBeTruthy();
    expect(screen.getByText(texts.failedToLoad)).toBeTruthy();
  });

  it('is read-only on leave of absence', async () => {
    serve({ viewer: { canManage: false } });
    renderApp(route);
    await loaded();
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.add })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
}

