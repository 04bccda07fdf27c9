import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ALEX, CASEY, expectNoSidewaysScroll, JORDAN, openAs, PHONE, SAM, snapView, wholeRoster } from './helpers';
import { card, cleanUp, newDocument, removeTestDocuments } from './sops-helpers';

// Writing one SOP together (issue 28, stage 2). The root agency's demo members (seed-demo):
// Alex Mercer is High Command and Jordan Reyes Command (both manage documents), Sam Whitaker a
// Supervisor, promoted to Command for this test (and back at its end) to be the third command
// member, Casey Nguyen a Deputy. Every run names its document uniquely and removes it at the end.
const RUN = Date.now().toString(36);
const DOC = `E2E live draft ${RUN}`;
const E2E_PREFIX = /^E2E live draft /;
const LIVE = 'Live: changes are saved as you type';
const OFFLINE = 'Offline: your changes will be sent when the connection returns';

const COMMAND_RANK = 'headquarters-command';
const SUPERVISOR_RANK = 'headquarters-supervisor';

/**
 * Alex Mercer (High Command) sets Sam Whitaker's rank in the root agency through the roster API,
 * as the roster screen does; logged as a promotion or a demotion like any other.
 */
async function setSamRank(browser: Browser, rankId: string): Promise<void> {
  const alex = await openAs(browser, ALEX, '/roster');
  const entries = await wholeRoster<{ id: number; discordId: string | null; rankId: string | null; version: number }>(
    alex.request,
    '/api/roster?agency=rawlife',
  );
  const sam = entries.find((entry) => entry.discordId === SAM.discordId);
  if (sam === undefined) throw new Error('Sam Whitaker is not on the root agency roster');
  if (sam.rankId !== rankId) {
    const saved = await alex.request.patch(`/api/roster/${String(sam.id)}?agency=rawlife`, {
      data: {
        rankId,
        version: sam.version,
        action: rankId === COMMAND_RANK ? 'Promotion' : 'Demotion',
        reason: 'Browser test of writing an SOP together',
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  await alex.context().close();
}

/** The live draft dialog of DOC, opened from its card, once it is live. */
async function openDraft(page: Page): Promise<Locator> {
  await card(page, DOC).getByRole('button', { name: 'Edit draft', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Draft: ${DOC}` });
  await expect(dialog.getByTestId('collab-status')).toHaveText(LIVE);
  return dialog;
}

function editorOf(dialog: Locator): Locator {
  return dialog.getByRole('textbox', { name: 'Content', exact: true });
}

/** The document's blocks as text, without the others' carets (their name labels sit inside the text). */
async function blocksOf(dialog: Locator): Promise<string[]> {
  return editorOf(dialog).evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    Array.from(copy.querySelectorAll('.collaboration-carets__caret')).forEach((caret) => {
      caret.remove();
    });
    return Array.from(copy.querySelectorAll('p, h1, h2, h3'), (block) => block.textContent);
  });
}

/**
 * Puts the caret at the end of the document: a click into the text, Control+End, then a moment
 * for the editor to read the new selection (keys pressed at once may still go where the click
 * put the caret, the open editor defect of README's SOP section).
 */
async function caretToEnd(page: Page, dialog: Locator): Promise<void> {
  await editorOf(dialog).locator('p').last().click();
  await page.keyboard.press('Control+End');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            setTimeout(resolve, 100);
          });
        });
      }),
  );
}

/** Whether `text` is `a` and `b` interleaved, each in its own order (every character once). */
function isMerge(text: string, a: string, b: string): boolean {
  // reach[j]: the first i characters of a and j of b can make text's first i + j.
  let reach = Array.from({ length: b.length + 1 }, (_, j) => text.slice(0, j) === b.slice(0, j));
  if (text.length !== a.length + b.length) return false;
  for (let i = 1; i <= a.length; i += 1) {
    const next: boolean[] = [];
    for (let j = 0; j <= b.length; j += 1) {
      const c = text[i + j - 1];
      next[j] = (reach[j] === true && a[i - 1] === c) || (j > 0 && next[j - 1] === true && b[j - 1] === c);
    }
    reach = next;
  }
  return reach[b.length] === true;
}

/** Whether `text` holds every key of `a` and `b` once, the letters of each in their order. */
function keptEveryKey(text: string, a: string, b: string): boolean {
  const sorted = (value: string) => Array.from(value).sort().join('');
  const letters = (value: string) => value.replaceAll(' ', '');
  return sorted(text) === sorted(a + b) && isMerge(letters(text), letters(a), letters(b));
}

/** The socket of the document as a page opens it itself: 'opened', or how it closed. */
async function trySocket(page: Page, id: string): Promise<string> {
  return page.evaluate(
    (documentId) =>
      new Promise<string>((resolve) => {
        const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/sops/${encodeURIComponent(documentId)}/collab?agency=rawlife`;
        const socket = new WebSocket(url);
        socket.onopen = () => {
          socket.close();
          resolve('opened');
        };
        socket.onclose = (event) => {
          resolve(`closed ${String(event.code)}`);
        };
      }),
    id,
  );
}

test.describe('SOPs: writing a draft together', () => {
  test.beforeAll(async ({ browser }) => {
    await setSamRank(browser, COMMAND_RANK);
  });

  test.afterAll(async ({ browser }) => {
    await cleanUp(browser, E2E_PREFIX);
    await setSamRank(browser, SUPERVISOR_RANK);
  });

  test('three command members write one SOP live on a desktop and a phone, the third catching up after a network cut; publish; a deputy reads it and cannot edit', async ({ browser }) => {
    test.setTimeout(240_000);

    // ——— Jordan (Command, desktop) creates the document ———
    const jordan = await openAs(browser, JORDAN, '/command/sops');
    await expect(jordan.getByTestId('document-card').first()).toBeVisible();
    await newDocument(jordan, DOC, 'Radio check first.');
    const list = await jordan.request.get('/api/sops?scope=manage&agency=rawlife');
    expect(list.ok()).toBe(true);
    const id = ((await list.json()) as { documents: { id: string; title: string }[] }).documents.find((d) => d.title === DOC)?.id ?? '';
    expect(id).not.toBe('');

    // ——— Alex (High Command) on a phone ———
    const alex = await openAs(browser, ALEX, '/command/sops');
    await alex.setViewportSize(PHONE);
    await expect(card(alex, DOC)).toBeVisible();

    const jd = await openDraft(jordan);
    const ad = await openDraft(alex);
    // The content comes from the server (seeded from what is published).
    await expect(editorOf(jd)).toContainText('Radio check first.');
    await expect(editorOf(ad)).toContainText('Radio check first.');
    await expect(jd.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
    await expect(jd.getByText(/Changes save themselves as you type/)).toBeVisible();
    // Each sees the other in the people list.
    await expect(jd.getByTestId('collab-person')).toHaveText(['Alex Mercer']);
    await expect(ad.getByTestId('collab-person')).toHaveText(['Jordan Reyes']);

    // Jordan types at the end of the first paragraph: Alex sees it within a second.
    await caretToEnd(jordan, jd);
    await jordan.keyboard.type(' Jordan types here.');
    await expect(editorOf(ad)).toContainText('Jordan types here.', { timeout: 1000 });

    // Alex adds a paragraph from the phone (at the end: the line wraps there): Jordan sees it within a second.
    await caretToEnd(alex, ad);
    await alex.keyboard.press('Enter');
    await alex.keyboard.type('Alex adds a line from a phone.');
    await expect(editorOf(jd)).toContainText('Alex adds a line from a phone.', { timeout: 1000 });

    // Each sees the other's caret with their name.
    await expect(jd.locator('.collaboration-carets__label')).toHaveText(['Alex Mercer']);
    await expect(ad.locator('.collaboration-carets__label')).toHaveText(['Jordan Reyes']);

    // Both type at the end of the same paragraph at once: no keystroke is lost, and both end
    // with the same document.
    await caretToEnd(jordan, jd);
    await caretToEnd(alex, ad);
    await Promise.all([jordan.keyboard.type(' J1 J2 J3'), alex.keyboard.type(' A1 A2 A3')]);
    // Keys typed at the same place at once may interleave; none is lost, and each one's letters
    // stay in their order (a blank typed at the very end of a paragraph can land after the
    // other's letters: the browser's caret there is mapped by y-prosemirror, README).
    const LINE = 'Alex adds a line from a phone.';
    await expect
      .poll(
        async () => {
          const [a, j] = await Promise.all([blocksOf(ad), blocksOf(jd)]);
          const ok =
            JSON.stringify(a) === JSON.stringify(j) &&
            j.length === 2 &&
            j[0] === 'Radio check first. Jordan types here.' &&
            j[1]?.startsWith(LINE) === true &&
            keptEveryKey(j[1].slice(LINE.length), ' J1 J2 J3', ' A1 A2 A3');
          return ok ? 'the same document, every key' : JSON.stringify({ alex: a, jordan: j });
        },
        { timeout: 3000 },
      )
      .toBe('the same document, every key');
    // The line as both ended with it (the keys in whichever order they merged).
    const typedTogether = (await blocksOf(jd))[1] ?? '';

    await expectNoSidewaysScroll(jordan);
    await snapView(jordan, 'sops-collab-desktop');
    await expectNoSidewaysScroll(alex);
    await snapView(alex, 'sops-collab-phone');

    // ——— A third command member (Sam, on a desktop) joins, loses the network and catches up ———
    const third = await openAs(browser, SAM, '/command/sops');
    const td = await openDraft(third);
    await expect(editorOf(td)).toContainText('Alex adds a line from a phone.');
    // Each sees the other two in the people list.
    const people = async (dialog: Locator) => (await dialog.getByTestId('collab-person').allTextContents()).sort();
    await expect.poll(() => people(td)).toEqual(['Alex Mercer', 'Jordan Reyes']);
    await expect.poll(() => people(jd)).toEqual(['Alex Mercer', 'Sam Whitaker']);
    await expect.poll(() => people(ad)).toEqual(['Jordan Reyes', 'Sam Whitaker']);
    await third.context().setOffline(true);
    await expect(td.getByTestId('collab-status')).toHaveText(OFFLINE);
    // The others type on while it is away; it types too.
    await caretToEnd(jordan, jd);
    await jordan.keyboard.press('Enter');
    await jordan.keyboard.type('Written while the third was away.');
    await expect(editorOf(ad)).toContainText('Written while the third was away.', { timeout: 1000 });
    await editorOf(td).locator('p').first().click();
    await third.keyboard.press('Control+Home');
    await third.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));
    await third.keyboard.type('Offline note. ');
    await expect(td.getByTestId('publish-hint')).toHaveText(
      'Your latest changes have not reached the server yet: publish once the connection returns.',
    );
    await snapView(third, 'sops-collab-offline-desktop');
    // Closing now would drop them: it asks first.
    await td.getByRole('button', { name: 'Close this dialog' }).click();
    const ask = third.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(ask).toContainText('Close this dialog and drop your changes?');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(editorOf(td)).not.toContainText('Written while the third was away.');
    await expect(editorOf(jd)).not.toContainText('Offline note.');

    await third.context().setOffline(false);
    await expect(td.getByTestId('collab-status')).toHaveText(LIVE);
    await expect(editorOf(td)).toContainText('Written while the third was away.', { timeout: 5000 });
    await expect(editorOf(jd)).toContainText('Offline note.', { timeout: 5000 });
    await expect(editorOf(ad)).toContainText('Offline note.', { timeout: 5000 });
    const final = JSON.stringify(await blocksOf(jd));
    await expect.poll(async () => JSON.stringify(await blocksOf(ad))).toBe(final);
    await expect.poll(async () => JSON.stringify(await blocksOf(td))).toBe(final);
    await expect(td.getByTestId('publish-hint')).not.toHaveText(/not reached the server/);
    await third.context().close();

    // ——— Publish, after a question ———
    await expect(jd.getByText('Unpublished changes')).toBeVisible();
    await jd.getByRole('button', { name: 'Publish', exact: true }).click();
    const question = jordan.getByRole('dialog', { name: 'Publish this draft?' });
    await question.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(jordan.getByText('Document published', { exact: true }).first()).toBeVisible();
    await expect(jd.getByTestId('draft-status')).toContainText('Members read version 2');
    await jd.getByRole('button', { name: 'Close this dialog' }).click();
    await expect(jd).toBeHidden();
    // The history names who published version 2 and who wrote it.
    await card(jordan, DOC).getByRole('button', { name: 'History', exact: true }).click();
    const history = jordan.getByRole('dialog', { name: `History: ${DOC}` });
    await expect(history.getByTestId('version-line')).toContainText('Version 2, published');
    // Each of the three wrote some of it (named in the order they first wrote).
    const writers = /by Jordan Reyes\. Written by ([A-Za-z ]+), ([A-Za-z ]+) and ([A-Za-z ]+)\./;
    await expect(history.getByTestId('version-line')).toContainText(writers);
    const named = writers.exec((await history.getByTestId('version-line').textContent()) ?? '');
    expect(named?.slice(1).sort()).toEqual(['Alex Mercer', 'Jordan Reyes', 'Sam Whitaker']);
    await history.getByRole('button', { name: 'Close this dialog' }).click();
    await expect(history).toBeHidden();
    // Alex's editor stays open (and live) on the phone, and soon shows what is published now.
    await expect(ad.getByTestId('draft-status')).toContainText('Members read version 2', { timeout: 15_000 });
    await expect(ad.getByTestId('draft-status')).toContainText('Published');

    // ——— A deputy reads the published text, and cannot edit ———
    const deputy = await openAs(browser, CASEY, '/sops');
    const item = deputy.getByTestId('sop-item').filter({ hasText: DOC });
    await item.getByRole('button', { name: new RegExp(DOC) }).click();
    const content = item.getByTestId('document-content');
    for (const line of ['Offline note.', 'Jordan types here.', typedTogether, 'Written while the third was away.']) {
      await expect(content).toContainText(line);
    }
    await deputy.setViewportSize(PHONE);
    await expectNoSidewaysScroll(deputy);
    await snapView(deputy, 'sops-collab-published-phone');
    // No Edit draft for a deputy, and the socket is refused before it opens (Jordan's opens).
    await deputy.goto('/command/sops');
    await expect(deputy.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(deputy.getByRole('button', { name: 'Edit draft' })).toHaveCount(0);
    expect(await trySocket(deputy, id)).toBe('closed 1006');
    expect(await trySocket(jordan, id)).toBe('opened');
    await deputy.context().close();

    // ——— Signed out elsewhere while editing: the server closes the socket (4403) with its
    // reason; the editor says so, becomes read-only and does not reconnect ———
    const open = await openDraft(jordan);
    const elsewhere = await jordan.context().newPage();
    await elsewhere.goto('/');
    await elsewhere.getByTestId('user-menu').click();
    await elsewhere.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(elsewhere.getByRole('link', { name: 'Login (Discord)' }).first()).toBeVisible();
    const stopped = open.getByTestId('collab-status');
    await expect(stopped).toContainText('Editing stopped', { timeout: 10_000 });
    await expect(stopped).toContainText('The editor is read-only.');
    await expect(editorOf(open)).toHaveAttribute('contenteditable', 'false');
    await expect(open.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
    await snapView(jordan, 'sops-collab-stopped-desktop');
    await jordan.context().close();

    // ——— The document is removed while Alex edits it: the server closes the socket (4404) ———
    await expect(ad.getByTestId('collab-status')).toHaveText(LIVE);
    const manage = await alex.context().newPage();
    await manage.goto('/command/sops');
    await expect(card(manage, DOC)).toBeVisible();
    await removeTestDocuments(manage, E2E_PREFIX);
    const gone = ad.getByTestId('collab-status');
    await expect(gone).toContainText('Editing stopped', { timeout: 10_000 });
    await expect(gone).toContainText('This document was removed.');
    await expect(editorOf(ad)).toHaveAttribute('contenteditable', 'false');
    await expect(ad.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
    await expectNoSidewaysScroll(alex);
    await snapView(alex, 'sops-collab-removed-phone');
    await alex.context().close();
  });
});
