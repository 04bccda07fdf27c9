import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CASEY, type DemoAccount, drag, expectNoSidewaysScroll, JORDAN, SAM, signIn, snap, snapView, wholeRoster } from './helpers';

// Root agency demo data (seed-demo): Sam Whitaker is a Supervisor (a training manager: the
// fto_training_management page is open from supervisor up), Casey Nguyen a Deputy. The demo
// templates are 'Patrol phase one' (4 steps, 3 required) and 'Traffic enforcement'; the demo
// sessions ('Week one ride-along', 'Week two ride-along', 'Traffic day') have Jordan Reyes
// (Command) as FTO and Casey Nguyen as trainee.

const OWN_STEPS = 'Trainees cannot tick their own training steps.';
const FTO_ONLY_HINT = 'Only training managers change the name, time, FTOs and trainees.';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** A new browser of its own (own cookies) at `viewport`, signed in as `account` on `path`. */
async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  account: DemoAccount,
  path: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  // Signed in at desktop size (the phone top bar keeps the login in its menu), then resized.
  const context = await browser.newContext({ baseURL, viewport: SIZES[0].viewport });
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, account);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.setViewportSize(viewport);
  return page;
}

/** The dialog's content fits its width (nothing pushes it sideways). */
async function expectDialogFits(dialog: Locator): Promise<void> {
  const { scrollWidth, clientWidth } = await dialog.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** A roster member's id, read as `page`'s member. */
async function rosterId(page: Page, name: string): Promise<number> {
  const roster = await wholeRoster<{ id: number; name: string }>(page.request);
  const entry = roster.find((e) => e.name === name);
  if (entry === undefined) throw new Error(`${name} is not on the demo roster`);
  return entry.id;
}

function sessionCard(page: Page, name: string): Locator {
  return page.getByTestId('session-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

function notification(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
}

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

for (const size of SIZES) {
  test(`${size.name}: a training manager runs a session for the deputy, who sees it on their profile`, async ({
    browser,
    baseURL,
  }) => {
    const phone = size.name === 'phone';
    const name = `E2E ride-along ${size.name} ${String(Date.now())}`;
    const sam = await openAs(browser, baseURL, SAM, '/fto/training', size.viewport);
    let createdId: number | null = null;
    try {
      await expect(sam.getByRole('heading', { level: 1, name: 'Training sessions' })).toBeVisible();
      for (const group of ['Scheduled', 'In progress', 'Completed']) {
        await expect(sam.getByRole('heading', { level: 2, name: group, exact: true })).toBeVisible();
      }
      // The demo sessions, one in each state.
      await expect(sessionCard(sam, 'Traffic day')).toBeVisible();
      await expectNoSidewaysScroll(sam);
      await snap(sam, `training-sessions-${size.name}`);

      // Create a session from a demo template for the demo deputy.
      await sam.getByRole('button', { name: 'Create session', exact: true }).click();
      const create = sam.getByRole('dialog', { name: 'Create session' });
      await expect(create).toBeVisible();
      // Nothing chosen yet: the template comes first.
      await create.getByRole('button', { name: 'Create session', exact: true }).click();
      await expect(create.getByText('Select a training template', { exact: true })).toBeVisible();
      await create.getByRole('combobox', { name: 'Training template' }).click();
      await sam.getByRole('option', { name: 'Patrol phase one', exact: true }).click();
      await create.getByRole('button', { name: 'Create session', exact: true }).click();
      await expect(create.getByText('Add at least one trainee', { exact: true })).toBeVisible();
      await create.getByRole('textbox', { name: 'Session name' }).fill(name);
      await create.getByRole('textbox', { name: 'Notes' }).fill('Meet at Mission Row.');

      // The scheduled time from the date and time picker: today, 18:30.
      await create.getByRole('button', { name: 'Scheduled time', exact: true }).click();
      const today = new Date();
      const dayLabel = today.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
      await sam.getByRole('button', { name: dayLabel, exact: true }).click();
      await sam.getByLabel('Hours', { exact: true }).fill('18');
      await sam.getByLabel('Minutes', { exact: true }).fill('30');
      await sam.getByRole('button', { name: 'Confirm date and time' }).click();
      await expect(create.getByRole('button', { name: 'Scheduled time', exact: true })).toContainText('18:30');

      // The viewer starts as the FTO; the FTO picker lists FTO-like members first.
      await expect(create.getByRole('list', { name: 'FTOs' })).toContainText(SAM.name);
      await create.getByRole('button', { name: 'Add FTO', exact: true }).click();
      const ftoPicker = sam.getByRole('dialog', { name: 'Select FTOs' });
      await expect(ftoPicker.getByTestId('picker-person').first()).toContainText('FTO');
      if (phone) await snapView(sam, `training-fto-picker-${size.name}`);
      await ftoPicker.getByRole('button', { name: 'Done', exact: true }).click();
      await expect(ftoPicker).toBeHidden();

      await create.getByRole('button', { name: 'Add trainee', exact: true }).click();
      const traineePicker = sam.getByRole('dialog', { name: 'Select trainees' });
      await traineePicker.getByRole('textbox', { name: 'Search' }).fill(CASEY.name);
      await traineePicker.getByRole('button', { name: `Add ${CASEY.name}`, exact: true }).click();
      await expect(traineePicker.getByRole('button', { name: `Remove ${CASEY.name}`, exact: true })).toBeVisible();
      await traineePicker.getByRole('button', { name: 'Done', exact: true }).click();
      await expect(create.getByRole('list', { name: 'Trainees' })).toContainText(CASEY.name);
      await expect(create.getByText('Add at least one trainee', { exact: true })).toBeHidden();
      await snapView(sam, `training-create-${size.name}`);

      const created = sam.waitForResponse(
        (response) => response.url().includes('/api/trainings/assign') && response.request().method() === 'POST',
      );
      await create.getByRole('button', { name: 'Create session', exact: true }).click();
      const answer = await created;
      expect(answer.status()).toBe(201);
      createdId = ((await answer.json()) as { id: number }).id;
      await expect(notification(sam, 'Session created')).toBeVisible();
      await expect(create).toBeHidden();
      const scheduled = sam.getByTestId('sessions-scheduled');
      const card = sessionCard(sam, name);
      await expect(scheduled.getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(card).toContainText('18:30');
      await expect(card).toContainText(`Trainees: ${CASEY.name}`);
      await expect(card).toContainText('0 of 4 done (0 of 3 required)');

      // Manage: tick a checklist item (the server records who), complete the session.
      await card.getByRole('button', { name: `Manage ${name}`, exact: true }).click();
      const manage = sam.getByRole('dialog', { name: `Manage: ${name}` });
      await expect(manage).toBeVisible();
      const radio = manage.getByRole('checkbox', { name: 'Radio procedure and codes' });
      await expect(radio).not.toBeChecked();
      await radio.click();
      await expect(radio).toBeChecked();
      const first = manage.getByTestId('checklist-item').first();
      await expect(first.getByTestId('checklist-done-by')).toContainText(`Done by ${SAM.name} on `);
      await expect(manage.getByTestId('session-progress')).toHaveText('1 of 4 done (1 of 3 required)');
      // A quiet confirmation, and the first step done started the session (issue 21).
      await expect(notification(sam, 'Step marked done.')).toBeVisible();
      await expect(manage.getByRole('radio', { name: 'In progress', exact: true })).toBeChecked();
      await manage.getByRole('radio', { name: 'Completed', exact: true }).check();
      await snapView(sam, `training-manage-${size.name}`);
      await manage.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(notification(sam, 'Changes saved')).toBeVisible();
      await expect(manage).toBeHidden();
      const completed = sam.getByTestId('sessions-completed');
      await expect(completed.getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(scheduled.getByRole('heading', { name, exact: true })).toBeHidden();
      await expect(sessionCard(sam, name)).toContainText('1 of 4 done (1 of 3 required)');
      await expectNoSidewaysScroll(sam);
      await snap(sam, `training-completed-${size.name}`);

      // The deputy sees the completed session on their profile.
      const casey = await openAs(browser, baseURL, CASEY, '/profile', size.viewport);
      const training = casey.getByRole('region', { name: 'Training' });
      const mine = training.getByTestId('my-training').filter({ hasText: name });
      await expect(mine).toBeVisible();
      await expect(mine).toContainText('Completed');
      await expect(mine).toContainText('1 of 4 done (1 of 3 required)');
      await expect(casey.getByRole('region', { name: 'My reports' })).toBeVisible();
      await expectNoSidewaysScroll(casey);
      await snap(casey, `training-profile-${size.name}`);
      await casey.context().close();

      // Clean up through the screen: Delete asks first.
      await sessionCard(sam, name).getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      const confirm = sam.getByRole('dialog', { name: 'Delete this training session?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(notification(sam, 'Session deleted')).toBeVisible();
      await expect(sessionCard(sam, name)).toHaveCount(0);
      createdId = null;
    } finally {
      if (createdId !== null) await sam.request.delete(`/api/trainings/assignments/${String(createdId)}`);
      await sam.context().close();
    }
  });

  test(`${size.name}: a training manager keeps a template: steps, reorder, duplicate, delete`, async ({
    browser,
    baseURL,
  }) => {
    const title = `E2E template ${size.name} ${String(Date.now())}`;
    const sam = await openAs(browser, baseURL, SAM, '/fto/training-management', size.viewport);
    const created: number[] = [];
    sam.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/trainings' && response.request().method() === 'POST' && response.status() === 201) {
        void response.json().then((body: { id: number }) => created.push(body.id));
      }
    });
    try {
      await expect(sam.getByRole('heading', { level: 1, name: 'Training templates' })).toBeVisible();
      await expect(sam.getByTestId('template-row').filter({ hasText: 'Patrol phase one' })).toBeVisible();
      await sam.getByRole('textbox', { name: 'Search templates' }).fill('radar');
      await expect(sam.getByTestId('template-row')).toHaveCount(1);
      await expect(sam.getByTestId('template-row')).toContainText('Traffic enforcement');
      await sam.getByRole('textbox', { name: 'Search templates' }).fill('');

      await sam.getByRole('button', { name: 'New template', exact: true }).click();
      const editor = sam.getByTestId('template-editor');
      await editor.getByRole('button', { name: 'Save template' }).click();
      await expect(editor.getByText('Template title is required', { exact: true })).toBeVisible();
      await editor.getByRole('textbox', { name: 'Title' }).fill(title);
      await editor.getByRole('textbox', { name: 'Description' }).fill('Made by the browser test.');
      // A new step is required; Enter adds the next one.
      await expect(editor.getByRole('checkbox', { name: 'Step 1 required' })).toBeChecked();
      await editor.getByRole('textbox', { name: 'Step 1' }).fill('Second step');
      await editor.getByRole('textbox', { name: 'Step 1' }).press('Enter');
      await expect(editor.getByRole('textbox', { name: 'Step 2' })).toBeFocused();
      await sam.keyboard.type('First step');
      await editor.getByRole('checkbox', { name: 'Step 2 required' }).uncheck();
      await editor.getByRole('button', { name: 'Add step', exact: true }).click();
      // The third step stays empty and is dropped on save.
      await editor.getByRole('button', { name: 'Move step 2 up', exact: true }).click();
      await expect(editor.getByRole('textbox', { name: 'Step 1' })).toHaveValue('First step');
      await expect(editor.getByRole('checkbox', { name: 'Step 1 required' })).not.toBeChecked();
      await expect(editor.getByRole('textbox', { name: 'Step 2' })).toHaveValue('Second step');
      await expectNoSidewaysScroll(sam);
      await snap(sam, `training-template-editor-${size.name}`);
      await editor.getByRole('button', { name: 'Save template' }).click();
      await expect(notification(sam, 'Template saved')).toBeVisible();
      await expect(editor.getByRole('textbox', { name: 'Step 3' })).toHaveCount(0);
      const row = sam.getByTestId('template-row').filter({ hasText: title });
      await expect(row).toContainText('2 steps (1 required)');

      // A drag by the handle puts the second step first again.
      const [second, first] = [editor.getByRole('button', { name: 'Drag step 2' }), editor.getByRole('button', { name: 'Drag step 1' })];
      await drag(sam, second, first, -10);
      await expect(editor.getByRole('textbox', { name: 'Step 1' })).toHaveValue('Second step');
      await editor.getByRole('button', { name: 'Save template' }).click();
      await expect(notification(sam, 'Template saved')).toBeVisible();

      // Duplicate: a new template in the editor, saved only on Save.
      await row.getByRole('button', { name: `Duplicate ${title}`, exact: true }).click();
      await expect(editor.getByText('Editing duplicate — remember to save', { exact: true })).toBeVisible();
      await expect(editor.getByRole('textbox', { name: 'Title' })).toHaveValue(`${title} (copy)`);
      await expect(editor.getByRole('textbox', { name: 'Step 1' })).toHaveValue('Second step');
      await editor.getByRole('button', { name: 'Save template' }).click();
      await expect(sam.getByTestId('template-row').filter({ hasText: `${title} (copy)` })).toBeVisible();

      for (const doomed of [`${title} (copy)`, title]) {
        await sam.getByRole('button', { name: `Delete ${doomed}`, exact: true }).click();
        const confirm = sam.getByRole('dialog', { name: 'Delete this training template?' });
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expect(notification(sam, 'Template deleted')).toBeVisible();
        await expect(sam.getByRole('button', { name: `Delete ${doomed}`, exact: true })).toHaveCount(0);
      }
      created.length = 0;
    } finally {
      for (const id of created) await sam.request.delete(`/api/trainings/${String(id)}`);
      await sam.context().close();
    }
  });

  test(`${size.name}: a trainee cannot tick their own steps; an FTO who is not a manager ticks, notes and sets the status`, async ({
    browser,
    baseURL,
  }) => {
    const name = `E2E coached ${size.name} ${String(Date.now())}`;
    const sam = await openAs(browser, baseURL, SAM, '/fto/training', size.viewport);
    let createdId: number | null = null;
    try {
      // A session with the deputy as its FTO (not a training manager) and Jordan as trainee.
      const templates = (await (await sam.request.get('/api/trainings')).json()) as { id: number; title: string }[];
      const patrol = templates.find((t) => t.title === 'Patrol phase one');
      if (patrol === undefined) throw new Error('the demo template is missing');
      const created = await sam.request.post('/api/trainings/assign', {
        data: {
          templateId: patrol.id,
          sessionName: name,
          scheduledAt: null,
          notes: '',
          ftos: [{ id: String(await rosterId(sam, CASEY.name)), name: CASEY.name }],
          trainees: [{ id: String(await rosterId(sam, JORDAN.name)), name: JORDAN.name }],
        },
      });
      expect(created.status()).toBe(201);
      createdId = ((await created.json()) as { id: number }).id;

      const casey = await openAs(browser, baseURL, CASEY, '/fto/training', size.viewport);
      try {
        // As the trainee of a demo session: the steps are disabled, and the screen says why.
        await casey.getByRole('button', { name: 'View Week two ride-along', exact: true }).click();
        const view = casey.getByRole('dialog', { name: 'Week two ride-along', exact: true });
        await expect(view).toBeVisible();
        await expect(view.getByTestId('trainee-hint')).toHaveText(OWN_STEPS);
        const boxes = view.getByRole('checkbox');
        await expect(boxes).toHaveCount(4);
        for (const box of await boxes.all()) await expect(box).toBeDisabled();
        await expect(view.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
        await expectNoSidewaysScroll(casey);
        await expectDialogFits(view);
        await snapView(casey, `training-trainee-${size.name}`);
        await view.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(view).toBeHidden();

        // As the FTO of the new session: the name, time and people are read-only.
        await sessionCard(casey, name).getByRole('button', { name: `Manage ${name}`, exact: true }).click();
        const manage = casey.getByRole('dialog', { name: `Manage: ${name}` });
        await expect(manage).toBeVisible();
        await expect(manage.getByTestId('fto-only-hint')).toHaveText(FTO_ONLY_HINT);
        await expect(manage.getByRole('textbox', { name: 'Session name' })).toHaveAttribute('readonly', '');
        await expect(manage.getByRole('button', { name: 'Add FTO', exact: true })).toHaveCount(0);
        await expect(manage.getByRole('button', { name: 'Add trainee', exact: true })).toHaveCount(0);
        await expect(manage.getByRole('list', { name: 'FTOs' })).toContainText(CASEY.name);
        await expect(manage.getByRole('list', { name: 'Trainees' })).toContainText(JORDAN.name);
        await expect(manage.getByTestId('trainee-hint')).toHaveCount(0);
        // They tick a step, change the notes and the status.
        const radio = manage.getByRole('checkbox', { name: 'Radio procedure and codes' });
        await radio.click();
        await expect(radio).toBeChecked();
        await expect(manage.getByTestId('checklist-done-by').first()).toContainText(`Done by ${CASEY.name} on `);
        await manage.getByRole('textbox', { name: 'Notes' }).fill('Good radio work.');
        await manage.getByRole('radio', { name: 'In progress', exact: true }).check();
        await expectNoSidewaysScroll(casey);
        await expectDialogFits(manage);
        await snapView(casey, `training-fto-${size.name}`);
        await manage.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(notification(casey, 'Changes saved')).toBeVisible();
        await expect(manage).toBeHidden();
        const card = casey.getByTestId('sessions-in_progress').getByTestId('session-card').filter({ hasText: name });
        await expect(card).toContainText('1 of 4 done (1 of 3 required)');
        await expect(card).toContainText(`FTOs: ${CASEY.name}`);
      } finally {
        await casey.context().close();
      }
    } finally {
      if (createdId !== null) await sam.request.delete(`/api/trainings/assignments/${String(createdId)}`);
      await sam.context().close();
    }
  });
}
