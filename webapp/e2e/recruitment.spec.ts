import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CASEY, DESKTOP, drag, expectNoSidewaysScroll, JORDAN, openAs, PHONE, SAM, snapView, type DemoAccount } from './helpers';

/**
 * Issue 26, recruitment, against the demo data of the root agency: its open form, Taylor Quinn
 * submitted, Robin Park accepted and ready to hire, Drew Collins (base + 55) who has not
 * applied. A stranger applies on a phone; a supervisor and command review on a desktop and hire;
 * command edits the form.
 */

/** Drew Collins, on no roster: the user menu shows his Discord name. */
const DREW: DemoAccount = { discordId: '100000000000000055', username: 'drewcollins', name: 'drewcollins' };

interface OpenForm {
  id: number;
  title: string;
}

async function openForm(page: Page): Promise<OpenForm> {
  const forms = (await (await page.request.get('/api/apply/forms')).json()) as OpenForm[];
  const form = forms[0];
  if (form === undefined) throw new Error('the demo agency has no open form');
  return form;
}

/** Signs in through the page's own "Sign in with Discord" (the stand-in's consent page), back on the same page. */
async function signInToApply(page: Page, account: DemoAccount): Promise<void> {
  const back = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Sign in with Discord' }).click();
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
  await page.getByRole('link', { name: `Authorize as ${account.username}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === back);
}

/** Fills the demo form's required answers. */
async function fillDemoForm(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: "Your character's full name" }).fill('Drew Collins');
  await page.getByRole('textbox', { name: 'Your age' }).fill('24');
  await page.getByRole('radiogroup', { name: 'When do you usually play?' }).getByRole('radio', { name: 'US evenings' }).check();
  await page.getByRole('group', { name: 'Languages you speak on the radio' }).getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('radiogroup', { name: 'Do you have a working microphone?' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: 'Your roleplay experience so far' }).fill('A year of civilian roleplay.');
  await page.getByRole('textbox', { name: /^Why do you want to join/ }).fill('I want to work nights on patrol.');
}

function column(page: Page, stage: string): Locator {
  return page.getByTestId('board-column').filter({ has: page.getByRole('heading', { name: stage, exact: true }) });
}

function card(scope: Page | Locator, name: string): Locator {
  return scope.getByTestId('application-card').filter({ hasText: name });
}

async function reviewer(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await openAs(browser, account, '/supervisor/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByTestId('board-column').first()).toBeVisible();
  return page;
}

test.describe('recruitment', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('a stranger applies on a phone, is told what is missing, and follows the application', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/apply');
    await expect(page.getByRole('heading', { level: 1, name: 'Apply' })).toBeVisible();
    await expect(page.getByTestId('apply-sign-in')).toContainText('Sign in with Discord to apply');
    await expect(page.getByTestId('open-form').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'recruitment-apply-visitor-phone');

    // The menu lists Apply for a visitor.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: 'Apply' })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();

    await signInToApply(page, DREW);
    await expect(page.getByRole('link', { name: 'My applications' })).toBeVisible();
    const form = await openForm(page);
    await page.getByRole('link', { name: `Apply to ${form.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: form.title })).toBeVisible();

    // Nothing answered: the server's sentences under each required question.
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByTestId('apply-problem')).toHaveText('6 answers need your attention.');
    await expect(page.getByText('Answer "Your age".')).toBeVisible();
    await expect(page.getByText('Answer "Do you have a working microphone?".')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'recruitment-apply-errors-phone');

    await fillDemoForm(page);
    await expect(page.getByText('Answer "Your age".')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send application' }).click();

    await page.waitForURL((url) => url.pathname === '/apply/status');
    await expect(page.getByText(`Application to ${form.title} sent: it is at Submitted.`)).toBeVisible();
    const mine = page.getByTestId('my-application').filter({ hasText: form.title });
    await expect(mine.getByTestId('my-application-stage')).toHaveText('Submitted');
    await expect(mine).toContainText('Under review: Submitted.');
    await expectNoSidewaysScroll(page);
    await snapView(page, 'recruitment-status-phone');

    // One open application per form: the server's sentence.
    await page.goto(`/apply/${String(form.id)}`);
    await fillDemoForm(page);
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByTestId('apply-problem')).toHaveText(`You have applied to ${form.title} already; your application is at Submitted.`);
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  test('a supervisor moves, notes and votes; command accepts and hires with a pool callsign', async ({ browser }) => {
    const sam = await reviewer(browser, SAM);
    const taylor = card(column(sam, 'Submitted'), 'Taylor Quinn');
    await expect(taylor).toBeVisible();
    await expect(taylor).toContainText('Account');
    await snapView(sam, 'recruitment-board-desktop');

    // Dragged by its handle onto the Interview column.
    await drag(sam, taylor.getByRole('button', { name: 'Drag application of Taylor Quinn' }), column(sam, 'Interview').getByRole('heading', { name: 'Interview' }));
    await expect(sam.getByText('Taylor Quinn moved to Interview.')).toBeVisible();
    await expect(card(column(sam, 'Interview'), 'Taylor Quinn')).toBeVisible();

    await card(sam, 'Taylor Quinn').getByRole('button', { name: 'Open application of Taylor Quinn' }).click();
    const dialog = sam.getByRole('dialog', { name: 'Application of Taylor Quinn' });
    await expect(dialog.getByTestId('application-stage')).toHaveText('Interview');
    await expect(dialog.getByText('US evenings')).toBeVisible();
    await expect(dialog.getByTestId('account-age')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'New note' }).fill('Phone screening went well.');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await expect(dialog.getByTestId('application-note').filter({ hasText: 'Phone screening went well.' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Vote for' }).click();
    await expect(dialog.getByTestId('vote-tally')).toHaveText('1 for · 0 against');
    await snapView(sam, 'recruitment-application-desktop');
    await dialog.getByRole('button', { name: 'Close this dialog' }).click();

    // On a phone: the stages one under the other, nothing wider than the window.
    await sam.setViewportSize(PHONE);
    await expect(sam.getByRole('button', { name: /Interview/ })).toBeVisible();
    await expectNoSidewaysScroll(sam);
    await snapView(sam, 'recruitment-board-phone');
    await sam.setViewportSize(DESKTOP);

    // Command: Taylor to Accepted with the buttons; Robin Park hired with the first free callsign of Recruit.
    const jordan = await reviewer(browser, JORDAN);
    await card(jordan, 'Taylor Quinn').getByRole('button', { name: 'Move application of Taylor Quinn' }).click();
    await jordan.getByRole('menuitem', { name: 'Accepted' }).click();
    await expect(card(column(jordan, 'Accepted'), 'Taylor Quinn')).toBeVisible();

    await card(jordan, 'Robin Park').getByRole('button', { name: 'Open application of Robin Park' }).click();
    const robin = jordan.getByRole('dialog', { name: 'Application of Robin Park' });
    await robin.getByRole('button', { name: 'Hire' }).click();
    const hire = jordan.getByRole('dialog', { name: 'Hire Robin Park' });
    await hire.getByRole('combobox', { name: 'Department' }).click();
    await jordan.getByRole('option', { name: 'Patrol Division', exact: true }).click();
    await hire.getByRole('combobox', { name: 'Rank' }).click();
    await jordan.getByRole('option', { name: 'Recruit', exact: true }).click();
    await snapView(jordan, 'recruitment-hire-desktop');
    const response = jordan.waitForResponse((r) => r.url().includes('/hire') && r.request().method() === 'POST');
    await hire.getByRole('button', { name: 'Hire' }).click();
    const made = await response;
    expect(made.status(), await made.text()).toBe(201);
    const result = (await made.json()) as { callsignFromPool: boolean; entry: { callsign: string } };
    const callsign = result.entry.callsign;
    expect(result.callsignFromPool).toBe(true);
    expect(callsign).toMatch(/^R/);
    await expect(jordan.getByText(`Robin Park is on the roster as ${callsign}`, { exact: false })).toBeVisible();
    await snapView(jordan, 'recruitment-hired-desktop');
    await expect(robin.getByRole('button', { name: 'Hire' })).toHaveCount(0);
    await expect(robin.getByTestId('hired-link')).toBeVisible();

    // A second hire makes nothing: the same entry, alreadyHired.
    const board = (await (await jordan.request.get('/api/applications')).json()) as { applications: { id: number; displayName: string }[] };
    const robinId = board.applications.find((a) => a.displayName === 'Robin Park')?.id ?? 0;
    const structure = (await (await jordan.request.get('/api/structure')).json()) as {
      departments: { id: string; name: string; ranks: { id: string; name: string }[] }[];
    };
    const patrol = structure.departments.find((d) => d.name === 'Patrol Division');
    const again = await jordan.request.post(`/api/applications/${String(robinId)}/hire`, {
      data: { departmentId: patrol?.id, rankId: patrol?.ranks.find((r) => r.name === 'Recruit')?.id },
    });
    expect(again.status()).toBe(200);
    const answer = (await again.json()) as { alreadyHired: boolean; entry: { callsign: string } };
    expect(answer.alreadyHired).toBe(true);
    expect(answer.entry.callsign).toBe(callsign);

    await jordan.goto('/roster');
    await jordan.getByRole('searchbox', { name: 'Search' }).fill('Robin Park');
    await expect(jordan.getByTestId('roster-row').filter({ hasText: 'Robin Park' }).first()).toContainText(callsign);
  });

  test('a plain member cannot open the board, and the server refuses too', async ({ browser }) => {
    const casey = await openAs(browser, CASEY, '/supervisor/applications');
    await expect(casey.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    expect((await casey.request.get('/api/applications')).status()).toBe(403);
  });

  test('command edits the form: adds a question, reorders it by keyboard and by the arrows, saves', async ({ browser }) => {
    const jordan = await openAs(browser, JORDAN, '/command/recruitment');
    await expect(jordan.getByRole('heading', { level: 1, name: 'Recruitment' })).toBeVisible();
    const form = await openForm(jordan);
    await jordan.getByTestId('application-form').filter({ hasText: form.title }).getByRole('button', { name: 'Edit' }).click();
    const dialog = jordan.getByRole('dialog', { name: `Edit ${form.title}` });
    await expect(dialog).toBeVisible();
    const rows = dialog.getByTestId('form-question');
    const count = await rows.count();
    await dialog.getByRole('button', { name: 'Add question' }).click();
    const last = String(count + 1);
    await dialog.getByRole('textbox', { name: `Question ${last}`, exact: true }).fill('Your preferred callsign');

    // Keyboard: the handle picked up with Space, moved up with the arrow, dropped with Space.
    const handle = dialog.getByRole('button', { name: `Drag question ${last}` });
    await handle.focus();
    await jordan.keyboard.press('Space');
    await jordan.waitForTimeout(300);
    await jordan.keyboard.press('ArrowUp');
    await jordan.waitForTimeout(300);
    await jordan.keyboard.press('Space');
    const before = String(count);
    await expect(dialog.getByRole('textbox', { name: `Question ${before}`, exact: true })).toHaveValue('Your preferred callsign');

    // The arrows (phones): up once more.
    await dialog.getByRole('button', { name: `Move question ${before} up` }).click();
    const at = String(count - 1);
    await expect(dialog.getByRole('textbox', { name: `Question ${at}`, exact: true })).toHaveValue('Your preferred callsign');

    // The mouse: question 1 dragged below question 2.
    const first = await dialog.getByRole('textbox', { name: 'Question 1', exact: true }).inputValue();
    await drag(jordan, dialog.getByRole('button', { name: 'Drag question 1' }), dialog.getByRole('button', { name: 'Drag question 2' }));
    await expect(dialog.getByRole('textbox', { name: 'Question 2', exact: true })).toHaveValue(first);
    await snapView(jordan, 'recruitment-editor-desktop');

    await dialog.getByRole('button', { name: 'Save form' }).click();
    await expect(jordan.getByText(`Form ${form.title} saved.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = (await (await jordan.request.get('/api/apply/forms')).json()) as { id: number; questions: { label: string }[] }[];
    const labels = saved.find((f) => f.id === form.id)?.questions.map((q) => q.label) ?? [];
    expect(labels[count - 2]).toBe('Your preferred callsign');
    expect(labels[1]).toBe(first);

    await jordan.setViewportSize(PHONE);
    await expectNoSidewaysScroll(jordan);
    await snapView(jordan, 'recruitment-forms-phone');
  });
});
