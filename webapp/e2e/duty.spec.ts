import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ALEX, CASEY, DESKTOP, expectApart, expectNoSidewaysScroll, JORDAN, openAs, PHONE, SAM, snap, snapBoth, snapView, type DemoAccount } from './helpers';

/**
 * Issue 24, duty time and API tokens, against the demo data (ten days of shifts, Sam and a few
 * others on duty now, members inactive after 21 days): the top bar's clock at 1366 and 390
 * wide, the profile's Duty section, the roster's hours (columns, sort, the Duty filter),
 * Supervisor → On duty (who is on duty, a correction with a reason, one's own refused), the
 * duty settings (High Command), Command → API tokens (the secret shown once, revoked), and a
 * plain member kept out of both screens by the web and the server. Every test puts back what
 * it changes or writes under a name of its own (the other specs share the demo database).
 */

const SUFFIX = Date.now().toString(36).slice(-5);

async function signedInAs(browser: Browser, account: DemoAccount, where: string): Promise<Page> {
  const page = await openAs(browser, account, where);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return page;
}

/** The top bar's title is shown whole (nothing of it is cut) and nothing covers it: not the clock, not the switcher. */
async function expectWholeTopBar(page: Page): Promise<void> {
  const title = page.getByTestId('portal-title');
  const widths = await title.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(widths[0] ?? 0, `the title is cut: ${JSON.stringify(widths)}`).toBeLessThanOrEqual((widths[1] ?? 0) + 1);
  await expectApart(title, page.getByTestId('duty-clock'));
  await expectApart(title, page.getByRole('button', { name: 'Switch agency' }));
  await expectNoSidewaysScroll(page);
}

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: label, exact: true });
  if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
  await page.getByRole('listbox', { name: label, exact: true }).getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** The numbers of the hours cells ('3.5 h') of `column` on the page, top to bottom. */
async function hoursOf(page: Page, column: string): Promise<number[]> {
  const texts = await page.getByTestId(column).allTextContents();
  return texts.map((text) => Number.parseFloat(text));
}

test.describe('duty time', () => {
  test('a member clocks in from the top bar, sees the running time and their duty, and clocks out (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signedInAs(browser, CASEY, '/');
    const clockIn = page.getByRole('button', { name: 'Clock in', exact: true });
    await expect(clockIn).toBeVisible();
    await expectWholeTopBar(page);
    await page.setViewportSize(PHONE);
    await expect(clockIn).toBeVisible();
    await expectWholeTopBar(page);
    await snapView(page, 'duty-clock-off-phone');
    await page.setViewportSize(DESKTOP);
    await snapView(page, 'duty-clock-off-desktop');

    // One click: on duty as herself; the notification confirms it; the running time ticks from 00:00.
    await clockIn.click();
    await expect(page.getByText('Clocked in', { exact: true })).toBeVisible();
    await expect(page.getByText(/^On duty since \d\d:\d\d \(R-13, Headquarters\)\.$/)).toBeVisible();
    const running = page.getByTestId('duty-running-time');
    await expect(running).toHaveText(/^00:0\d$/);
    await expect(page.getByRole('button', { name: /^On duty for \d+ min$/ })).toBeVisible();
    await snapView(page, 'duty-clock-on-desktop');
    await page.setViewportSize(PHONE);
    await expect(running).toBeVisible();
    await expectWholeTopBar(page);
    await snapView(page, 'duty-clock-on-phone');
    await page.setViewportSize(DESKTOP);

    // The profile: hours, the shift under way, the weekly chart.
    await page.goto('/profile');
    const duty = page.getByRole('region', { name: 'Duty' });
    await expect(duty.getByTestId('my-current-shift')).toContainText('On duty now');
    await expect(duty.getByTestId('my-current-shift')).toContainText(/Since \d\d:\d\d · R-13 · Headquarters/);
    await expect(duty.getByTestId('my-hours-week')).toHaveText(/^\d+(\.\d)? h$/);
    await expect(duty.getByTestId('my-hours-30-days')).toHaveText(/^\d+(\.\d)? h$/);
    // Eight weeks, drawn in the agency's colour (weeks without duty have no height).
    await expect(duty.locator('.recharts-bar-rectangle')).toHaveCount(8);
    await expect(duty.locator('.recharts-bar-rectangle path').filter({ visible: true }).first()).toBeVisible();
    await snapBoth(page, 'profile-duty');

    // Clock out from the clock's popover: confirmed, and Clock in is back.
    await page.getByTestId('duty-clock').click();
    await expect(page.getByText(/^On duty since \d\d:\d\d$/)).toBeVisible();
    await page.getByRole('button', { name: 'Clock out', exact: true }).click();
    await expect(page.getByText('Clocked out', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Off duty: \d+ min from \d\d:\d\d to \d\d:\d\d\.$/)).toBeVisible();
    await expect(clockIn).toBeVisible();
    await expect(duty.getByTestId('my-current-shift')).toContainText('Off duty');

    // On a phone the clock has a strip under the bar; ▾ names the unit and callsign first (filled with her own).
    await page.setViewportSize(PHONE);
    const strip = page.getByTestId('duty-strip');
    await expect(strip).toContainText('Off duty');
    await strip.getByRole('button', { name: 'Clock in as…' }).click();
    const form = page.getByRole('form', { name: 'Clock in as' });
    await expect(form.getByRole('textbox', { name: 'Department or unit' })).toHaveValue('Headquarters');
    await expect(form.getByRole('textbox', { name: 'Callsign' })).toHaveValue('R-13');
    await form.getByRole('textbox', { name: 'Department or unit' }).fill(`Traffic ${SUFFIX}`);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'duty-clock-in-as-phone');
    await form.getByRole('button', { name: 'Clock in' }).click();
    await expect(page.getByText(new RegExp(`^On duty since \\d\\d:\\d\\d \\(R-13, Traffic ${SUFFIX}\\)\\.$`))).toBeVisible();
    await expect(strip).toContainText(/^On duty since \d\d:\d\d · R-13/);
    await expect(strip.getByTestId('duty-running-time')).toHaveText(/^00:0\d$/);
    await page.setViewportSize(DESKTOP);

    // A supervisor sees her on duty with that unit; then she clocks out again.
    const sam = await signedInAs(browser, SAM, '/supervisor/duty');
    const casey = sam.getByTestId('on-duty').filter({ hasText: 'Casey Nguyen' });
    await expect(casey).toContainText(`Traffic ${SUFFIX}`);
    await expect(casey.getByTestId('running-time')).toHaveText(/^00:0\d$/);
    await sam.context().close();
    await page.getByTestId('duty-clock').click();
    await page.getByRole('button', { name: 'Clock out', exact: true }).click();
    await expect(page.getByText('Clocked out', { exact: true })).toBeVisible();
    await page.context().close();
  });

  test('the roster shows hours, sorts by them, marks who is on duty and filters the inactive (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await signedInAs(browser, JORDAN, '/roster');
    const rows = page.getByTestId('roster-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('hours-week').first()).toHaveText(/^\d+(\.\d)? h$/);
    // The wider table still fits at 1366: it does not scroll sideways in its box.
    const fits = await page.getByTestId('roster-table').evaluate((table) => table.getBoundingClientRect().right <= document.documentElement.clientWidth);
    expect(fits, 'the roster table is wider than the window').toBe(true);

    // Hours in 7 days: the most first on the first click, the fewest first on the second.
    await page.getByRole('button', { name: /^Hours\s7\sd/ }).click();
    await expect(page.getByRole('columnheader', { name: /^Hours\s7\sd/ })).toHaveAttribute('aria-sort', 'descending');
    const most = await hoursOf(page, 'hours-week');
    expect(most.length).toBeGreaterThan(5);
    expect(most).toEqual([...most].sort((a, b) => b - a));
    expect(most[0]).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Hours\s7\sd/ }).click();
    await expect(page.getByRole('columnheader', { name: /^Hours\s7\sd/ })).toHaveAttribute('aria-sort', 'ascending');
    const fewest = await hoursOf(page, 'hours-week');
    expect(fewest).toEqual([...fewest].sort((a, b) => a - b));
    await page.getByRole('button', { name: /^Hours\s30\sd/ }).click();
    const month = await hoursOf(page, 'hours-30-days');
    expect(month).toEqual([...month].sort((a, b) => b - a));

    // Sam is on duty now (the demo): marked, and found by the Duty filter.
    const filters = page.getByRole('region', { name: 'Filters' });
    await choose(page, filters, 'Duty', 'On duty now');
    await expect(rows.filter({ hasText: 'Sam Whitaker' }).getByTestId('on-duty-marker')).toBeVisible();
    for (const marker of await rows.all()) await expect(marker.getByTestId('on-duty-marker')).toBeVisible();

    // Inactive: no duty in the agency's 21 days; every row says so.
    await choose(page, filters, 'Duty', 'Inactive (21+ days)');
    await expect(rows.first()).toBeVisible();
    const inactive = await rows.count();
    expect(inactive).toBeGreaterThan(0);
    for (const row of await rows.all()) await expect(row.getByTestId('inactive-marker')).toHaveText('Inactive: no duty in 21 days');
    await expect(rows.filter({ hasText: 'Sam Whitaker' })).toHaveCount(0);
    await snapBoth(page, 'roster-duty-inactive');

    // On a phone the cards show the hours too, and the drawer sorts by them.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('table', { name: 'Roster' })).toHaveCount(0);
    await expect(rows.first().getByTestId('roster-hours')).toHaveText(/^Duty: \d+(\.\d)? h in 7 days · \d+(\.\d)? h in 30 days$/);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await choose(page, drawer, 'Sort by', 'Hours in 7 days, most first');
    await drawer.getByRole('button', { name: /^Show \d+ people$/ }).click();
    const phoneHours = (await rows.getByTestId('roster-hours').allTextContents()).map((text) => Number.parseFloat(text.replace('Duty: ', '')));
    expect(phoneHours).toEqual([...phoneHours].sort((a, b) => b - a));
    await expectNoSidewaysScroll(page);
    await snap(page, 'roster-duty-phone');
    await page.setViewportSize(DESKTOP);
    await snap(page, 'roster-duty-desktop');
    await page.context().close();
  });

  test('a supervisor sees who is on duty and corrects a shift with a reason; their own is refused (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(120_000);
    const reason = `Stayed on until half past, checked on the radio log ${SUFFIX}.`;
    const page = await signedInAs(browser, SAM, '/supervisor/duty');
    await expect(page.getByRole('heading', { level: 1, name: 'On duty' })).toBeVisible();
    const own = page.getByTestId('on-duty').filter({ hasText: 'Sam Whitaker' });
    await expect(own).toContainText('You');
    await expect(own.getByTestId('running-time')).toHaveText(/^\d\d:\d\d$/);
    await expect(page.getByRole('heading', { name: /^On duty now \(\d+\)$/ })).toBeVisible();
    const recent = page.getByTestId('recent-shift');
    await expect(recent).toHaveCount(20);
    await expect(page.getByRole('button', { name: 'next page' })).toBeEnabled();
    await snapBoth(page, 'on-duty');

    // Jordan's latest shift (found by name): a reason is required; the end a minute earlier.
    await page.getByRole('searchbox', { name: 'Find a shift' }).fill('Jordan Reyes');
    await expect(recent.first()).toContainText('Jordan Reyes');
    const jordans = recent.filter({ hasText: 'Jordan Reyes' }).first();
    await jordans.getByRole('button', { name: /^Correct the shift of Jordan Reyes/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct the shift of Jordan Reyes' });
    await expect(dialog.getByTestId('no-corrections').or(dialog.getByTestId('shift-correction').first())).toBeVisible();
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(dialog.getByText('Say why the shift is corrected.')).toBeVisible();
    const end = dialog.getByRole('button', { name: 'End', exact: true });
    const before = (await end.textContent())?.trim() ?? '';
    expect(before).toMatch(/^\d{1,2} \w{3} \d{4} \d\d:00$/);
    await end.click();
    await page.getByRole('spinbutton', { name: 'Minutes' }).fill('30');
    await page.getByRole('button', { name: 'Confirm date and time' }).click();
    await expect(end).toHaveText(before.replace(/:00$/, ':30'));
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'correct-shift-phone');
    await page.setViewportSize(DESKTOP);
    await snapView(page, 'correct-shift-desktop');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByText('Shift corrected', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The correction is kept: the shift is flagged and its history holds the reason.
    const corrected = recent.filter({ hasText: 'Jordan Reyes' }).filter({ hasText: 'Corrected' }).first();
    await expect(corrected).toBeVisible();
    await expect(corrected).toContainText(`to ${before.slice(-5, -3)}:30`);
    await corrected.getByRole('button', { name: /^Correct the shift of Jordan Reyes/ }).click();
    await expect(dialog.getByTestId('shift-correction').filter({ hasText: reason })).toContainText('by Sam Whitaker');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // His own shift: the server refuses it, and the dialog says so in its words.
    await own.getByRole('button', { name: /^Correct the shift of Sam Whitaker/ }).click();
    const mine = page.getByRole('dialog', { name: 'Correct the shift of Sam Whitaker' });
    await mine.getByRole('textbox', { name: 'Reason' }).fill('Trying my own');
    await mine.getByRole('button', { name: 'Save correction' }).click();
    await expect(mine.getByTestId('correct-problem')).toHaveText('You cannot correct your own shifts.');
    await mine.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
    await expect(mine).toBeHidden();

    // Sam reads the duty settings; only High Command changes them.
    const settings = page.getByRole('region', { name: 'Duty settings' });
    await expect(settings.getByTestId('duty-settings-summary')).toContainText('Open shifts close themselves after 12 hours');
    await expect(settings.getByTestId('duty-settings-summary')).toContainText('without duty for 21 days count as inactive');
    await expect(settings.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
    await page.context().close();
  });

  test('High Command changes the duty settings: the unsaved-changes guard, then saved (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await signedInAs(browser, ALEX, '/supervisor/duty');
    const settings = page.getByRole('form', { name: 'Duty settings' });
    const hours = settings.getByRole('textbox', { name: 'Close open shifts after (hours)' });
    await expect(hours).toHaveValue('12');
    await expect(settings.getByRole('textbox', { name: 'Inactive after (days)' })).toHaveValue('21');
    await expect(settings.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await hours.fill('60');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Shifts close themselves after 1 to 48 hours.')).toBeVisible();
    await hours.fill('10');
    // Leaving with a change asks first.
    await page.getByRole('link', { name: 'Home' }).first().click();
    const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(unsaved).toBeVisible();
    await unsaved.getByRole('button', { name: 'Stay' }).click();
    await snapBoth(page, 'duty-settings');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Duty settings saved.', { exact: true })).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    // Put back as the demo had it.
    await hours.fill('12');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Duty settings' }).getByRole('textbox', { name: 'Close open shifts after (hours)' })).toHaveValue('12');
    await page.context().close();
  });
});

test.describe('API tokens', () => {
  test('High Command creates a token, sees the secret once, the token works within its scope, then revokes it (1366 and 390 wide)', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const name = `E2E game server ${SUFFIX}`;
    const page = await signedInAs(browser, ALEX, '/command/api-tokens');
    await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();

    await page.getByRole('button', { name: 'Create token' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API token' });
    await create.getByRole('button', { name: 'Create token' }).click();
    await expect(create.getByText('Name the token, such as Game server.')).toBeVisible();
    await expect(create.getByText('Choose at least one scope.')).toBeVisible();
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await expect(create.getByText('Clock members in and out by their Discord id (the game server).')).toBeVisible();
    await expect(create.getByText('File reports as the member named in the X-Portal-Member header.')).toBeVisible();
    await create.getByRole('checkbox', { name: 'duty:write' }).check();
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'token-create-phone');
    await page.setViewportSize(DESKTOP);
    await create.getByRole('button', { name: 'Create token' }).click();

    // The secret, once, with Copy and the warning.
    const shown = page.getByRole('dialog', { name: `Token ${name} created` });
    await expect(shown.getByTestId('secret-once')).toContainText('you will not see it again');
    const secret = (await shown.getByTestId('token-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^apt_[A-Za-z0-9_-]{40}$/);
    await expect(shown.getByRole('button', { name: 'Copy token' })).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'token-secret-phone');
    await page.setViewportSize(DESKTOP);
    await snapView(page, 'token-secret-desktop');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = page.getByTestId('api-token').filter({ hasText: name });
    await expect(row).toContainText(`${secret.slice(0, 8)}…`);
    await expect(row).toContainText('duty:write');
    await expect(row).toContainText('by Alex Mercer');
    await expect(row).toContainText('Never');
    await expect(row.getByTestId('token-status')).toHaveText('Active');
    // Never shown again.
    await page.reload();
    await expect(row).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // The token clocks by Discord id and does nothing else.
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${secret}`, 'X-Agency-Slug': 'rawlife' } });
    const clock = await api.post('/api/duty/clock', { data: { discordId: CASEY.discordId, action: 'out' } });
    expect(clock.status()).toBe(200);
    expect((await api.get('/api/duty/hours')).status()).toBe(403);
    await page.reload();
    await expect(row).not.toContainText('Never');
    await snapBoth(page, 'api-tokens');

    // Revoked after a confirmation: refused from then on.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke ${name}` });
    await expect(confirm).toContainText('refused from now on');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(`Token ${name} revoked.`)).toBeVisible();
    await expect(row.getByTestId('token-status')).toHaveText('Revoked');
    await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
    expect((await api.post('/api/duty/clock', { data: { discordId: CASEY.discordId, action: 'out' } })).status()).toBe(401);
    await api.dispose();
    await page.context().close();
  });
});

test.describe('who may', () => {
  test('a plain member cannot open On duty or API tokens, and the server refuses them too', async ({ browser }) => {
    const page = await signedInAs(browser, CASEY, '/supervisor/duty');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
    await page.goto('/command/api-tokens');
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    for (const path of ['/api/duty/now', '/api/tokens', '/api/duty/shifts?days=7']) {
      expect((await page.request.get(path)).status(), path).toBe(403);
    }
    const correction = await page.request.patch('/api/duty/shifts/1', { data: { startedAt: new Date().toISOString(), endedAt: null, reason: 'x' } });
    expect(correction.status()).toBe(403);
    const token = await page.request.post('/api/tokens', { data: { name: 'Mine', scopes: ['duty:write'] } });
    expect(token.status()).toBe(403);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
});
