import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  ALEX,
  CASEY,
  DESKTOP,
  expectNoSidewaysScroll,
  inAgency,
  JORDAN,
  openAs,
  PHONE,
  SAM,
  snapBoth,
  snapView,
  wholeRoster,
  type DemoAccount,
} from './helpers';

/**
 * Issue 23, personnel records, against the demo data: Command → Qualifications (the catalogue
 * and what expires), a member's qualifications granted and revoked from the roster and seen on
 * their profile, leave requested and decided, the personnel file (a member never sees the
 * command-only entries), BCSO's Command scoped to Headquarters, and the Buffalo that requires
 * Pursuit driver. Every test cleans up what it changes or writes under a name of its own (the
 * other specs share the demo database); nothing puts a demo member on leave today.
 */

const SUFFIX = Date.now().toString(36).slice(-5);

/** 'YYYY-MM-DD' of today plus `days`, in the browser's zone (the server's is the same here). */
function dayFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = MONTHS.map((month) => month.slice(0, 3));

/** '5 Dec 2026' as the screens write a day. */
function shown(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${String(d)} ${SHORT[(m ?? 1) - 1] ?? ''} ${String(y)}`;
}

/** A stretch of days as the screens write it: '1 Dec to 3 Dec 2026', '30 Dec 2026 to 1 Jan 2027'. */
function periodOf(from: string, to: string): string {
  const start = from.slice(0, 4) === to.slice(0, 4) ? shown(from).replace(/ \d{4}$/, '') : shown(from);
  return `${start} to ${shown(to)}`;
}

/** Picks `day` in the date picker labelled `label` inside `scope`, moving on a month at a time. */
async function pickDay(page: Page, scope: Locator, label: string, day: string): Promise<void> {
  const field = scope.getByRole('button', { name: label, exact: true });
  await field.click();
  // The calendar this field opened (another one may still be closing).
  const calendar = page.locator(`#${(await field.getAttribute('aria-controls')) ?? ''}`);
  await expect(calendar).toBeVisible();
  const [y, m, d] = day.split('-').map(Number);
  const name = `${String(d)} ${MONTHS[(m ?? 1) - 1] ?? ''} ${String(y)}`;
  const button = calendar.getByRole('button', { name, exact: true });
  for (let i = 0; i < 14 && !(await button.isVisible()); i += 1) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  await button.click();
  await expect(calendar).toBeHidden();
}

/** Picks `option` in the Mantine select labelled `label` inside `scope` (opening it unless it is open). */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: label, exact: true });
  if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
  await page.getByRole('listbox', { name: label, exact: true }).getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** Opens the roster's person dialog of `name` (searched for). */
async function openPerson(page: Page, name: string): Promise<Locator> {
  await page.goto(page.url().includes('agency=') ? `/roster?agency=${new URL(page.url()).searchParams.get('agency') ?? ''}` : '/roster');
  await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = page.getByTestId('roster-row').filter({ hasText: name }).first();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Person' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('person-qualifications').getByText('Loading qualifications…')).toHaveCount(0);
  return dialog;
}

async function signedInAs(browser: Browser, account: DemoAccount, where: string): Promise<Page> {
  const page = await openAs(browser, account, where);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return page;
}

test.describe('personnel records', () => {
  test('Command → Qualifications: add, edit and delete; a granted one stays; what expires within N days (1366 and 390 wide)', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const name = `E2E Boat handling ${SUFFIX}`;
    const page = await signedInAs(browser, JORDAN, '/command/qualifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Qualifications' })).toBeVisible();
    const card = (title: string) => page.getByTestId('qualification').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card('Pursuit driver')).toContainText('Valid 365 days');
    await expect(card('Field training officer')).toContainText('No expiry');
    await expect(card('Traffic enforcement')).toContainText('Granted by training: Traffic enforcement');

    // Expiring within the agency's 14 days: Sam's Marksman (seeded to run out ten days after
    // the demo data was made); not within 5. The days left are counted from the date shown,
    // in UTC as the server counts them, so a run that crosses midnight after seeding still
    // checks the exact figure (9 then).
    const expiring = page.getByRole('region', { name: /^Expiring within/ });
    await expect(expiring.getByRole('heading', { name: 'Expiring within 14 days' })).toBeVisible();
    const sams = expiring.getByTestId('expiring').filter({ hasText: 'Sam Whitaker' }).filter({ hasText: 'Marksman' });
    await expect(sams).toContainText(/Expires in \d+ days/);
    const shown = /(\d{1,2} \w{3} \d{4})/.exec((await sams.textContent()) ?? '')?.[1] ?? '';
    const now = new Date();
    const daysLeft = Math.round((Date.parse(`${shown} 00:00 UTC`) - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) / 86_400_000);
    expect([9, 10], `expires ${shown}`).toContain(daysLeft);
    await expect(sams).toContainText(`Expires in ${String(daysLeft)} days`);
    await snapBoth(page, 'qualifications');
    await expiring.getByRole('textbox', { name: 'Days' }).fill('5');
    await expect(expiring.getByRole('heading', { name: 'Expiring within 5 days' })).toBeVisible();
    await expect(sams).toHaveCount(0);
    await expiring.getByRole('textbox', { name: 'Days' }).fill('400');
    await expect(expiring.getByText('Days must be a whole number from 1 to 365.')).toBeVisible();
    await expiring.getByRole('textbox', { name: 'Days' }).fill('14');
    await expect(sams).toBeVisible();

    // Add one (30 days, no template), then edit it to no expiry.
    await page.getByRole('button', { name: 'Add qualification' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add qualification' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Days' }).fill('0');
    await dialog.getByRole('button', { name: 'Add qualification' }).click();
    await expect(dialog.getByText('A qualification lasts 1 to 3650 days, or has no expiry.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Days' }).fill('30');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Marine unit boats.');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'qualification-dialog-phone');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Add qualification' }).click();
    await expect(page.getByText(`Qualification ${name} added.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(name)).toContainText('Valid 30 days');
    await expect(card(name)).toContainText('Not held by anyone');

    await card(name).getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByText('No expiry', { exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Days' })).toHaveCount(0);
    // Closing with a change asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Keep editing' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Qualification ${name} saved.`)).toBeVisible();
    await expect(card(name)).toContainText('No expiry');

    // A granted one cannot be deleted: the server's sentence.
    await card('Pursuit driver').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Pursuit driver' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/^Pursuit driver has \d+ grants in members' records, so it stays; rename it or stop granting it instead\.$/)).toBeVisible();
    await expect(card('Pursuit driver')).toBeVisible();

    // The new one can.
    await card(name).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: `Delete ${name}` }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Qualification ${name} deleted.`)).toBeVisible();
    await expect(card(name)).toHaveCount(0);
    await page.context().close();
  });

  test('Command grants a qualification from the roster and the member sees it on their profile; then revokes it (1366 and 390 wide)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const note = `Cleared by the E2E board ${SUFFIX}`;
    const command = await signedInAs(browser, JORDAN, '/roster');

    // Casey: Marksman expired (kept), Traffic enforcement by training.
    const dialog = await openPerson(command, 'Casey Nguyen');
    const held = dialog.getByRole('list', { name: 'Qualifications of Casey Nguyen' });
    await expect(held.getByRole('listitem', { name: 'Marksman' })).toContainText('Expired');
    await expect(held.getByRole('listitem', { name: 'Traffic enforcement' })).toContainText('(training)');
    await dialog.getByRole('button', { name: 'Grant' }).click();
    const grant = command.getByRole('dialog', { name: 'Grant a qualification to Casey Nguyen' });
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant.getByText('Choose a qualification.')).toBeVisible();
    await snapView(command, 'grant-dialog-desktop');
    await choose(command, grant, 'Qualification', 'Field training officer');
    await grant.getByRole('textbox', { name: 'Note' }).fill(note);
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(command.getByText('Field training officer granted to Casey Nguyen.')).toBeVisible();
    await expect(grant).toBeHidden();
    // The person dialog stays open and unsaved (the grant did not save the person).
    await expect(dialog).toBeVisible();
    const fto = held.getByRole('listitem', { name: 'Field training officer' });
    await expect(fto).toContainText('Active');
    await expect(fto).toContainText('Does not expire');
    await expect(fto).toContainText(note);
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'person-qualifications-phone');
    await command.setViewportSize(DESKTOP);
    await snapView(command, 'person-qualifications-desktop');
    await command.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The roster: a chip on Casey's line; the qualification filter.
    const casey = command.getByTestId('roster-row').filter({ hasText: 'Casey Nguyen' });
    await expect(casey.getByTestId('roster-qualifications')).toContainText('Field training officer');
    await expect(casey.getByTestId('roster-qualifications')).toContainText('Marksman (expired)');
    await command.getByRole('searchbox', { name: 'Search' }).fill('');
    await choose(command, command.getByRole('region', { name: 'Filters' }), 'Qualification', 'Marksman');
    await expect(command.getByTestId('roster-row').filter({ hasText: 'Sam Whitaker' })).toBeVisible();
    // Casey's Marksman expired: not among those who hold it.
    await expect(command.getByTestId('roster-row').filter({ hasText: 'Casey Nguyen' })).toHaveCount(0);
    await snapBoth(command, 'roster-qualifications');

    // Casey's profile: the new one, and Marksman marked Expired.
    const member = await signedInAs(browser, CASEY, '/profile');
    const mine = member.getByRole('list', { name: 'My qualifications' });
    await expect(mine.getByRole('listitem', { name: 'Field training officer' })).toContainText('Does not expire');
    await expect(mine.getByRole('listitem', { name: 'Marksman' }).getByTestId('holding-status')).toHaveText('Expired');
    await snapBoth(member, 'profile-qualifications');

    // Sam's Marksman runs out within two weeks: marked on his profile.
    const sam = await signedInAs(browser, SAM, '/profile');
    await expect(sam.getByRole('list', { name: 'My qualifications' }).getByRole('listitem', { name: 'Marksman' }).getByTestId('holding-status')).toHaveText(
      'Expires soon',
    );
    await sam.context().close();

    // Revoke it again (a reason is required); it stays as Revoked.
    await openPerson(command, 'Casey Nguyen');
    await held.getByRole('listitem', { name: 'Field training officer' }).getByRole('button', { name: 'Revoke Field training officer' }).click();
    const revoke = command.getByRole('dialog', { name: 'Revoke Field training officer of Casey Nguyen' });
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke.getByText('Say why the qualification is revoked.')).toBeVisible();
    await revoke.getByRole('textbox', { name: 'Reason' }).fill(`Granted in a browser test ${SUFFIX}`);
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(command.getByText('Field training officer of Casey Nguyen revoked.')).toBeVisible();
    await expect(held.getByRole('listitem', { name: 'Field training officer' }).getByTestId('holding-status')).toHaveText('Revoked');
    await member.reload();
    await expect(member.getByRole('list', { name: 'My qualifications' }).getByRole('listitem', { name: 'Field training officer' })).toContainText('Revoked');
    await member.context().close();
    await command.context().close();
  });

  test('a member requests leave, a supervisor approves it, the member cancels it; a reviewer never decides their own (1366 and 390 wide)', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const reason = `Browser test leave ${SUFFIX}`;
    const from = dayFromNow(60);
    const to = dayFromNow(62);
    const period = periodOf(from, to);

    // Casey asks for leave on the profile.
    const member = await signedInAs(browser, CASEY, '/profile');
    const section = member.getByRole('region', { name: 'Leave of absence' });
    await expect(section.getByTestId('my-leave').filter({ hasText: 'Family holiday out of state.' })).toContainText('Pending');
    await section.getByRole('button', { name: 'Request leave' }).click();
    const ask = member.getByRole('dialog', { name: 'Request leave' });
    await ask.getByRole('button', { name: 'Request leave' }).click();
    await expect(ask.getByText('Choose the first day of the leave.')).toBeVisible();
    await expect(ask.getByText('Say why you will be away.')).toBeVisible();
    await pickDay(member, ask, 'From', from);
    await pickDay(member, ask, 'To', to);
    await ask.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await member.setViewportSize(PHONE);
    await expectNoSidewaysScroll(member);
    await snapView(member, 'leave-request-phone');
    await member.setViewportSize(DESKTOP);
    await ask.getByRole('button', { name: 'Request leave' }).click();
    await expect(member.getByText(`Leave requested for ${period}. A supervisor will decide.`)).toBeVisible();
    const mine = section.getByTestId('my-leave').filter({ hasText: reason });
    await expect(mine).toContainText('Pending');
    await expect(mine).toContainText('3 days');

    // The same days again: the server refuses the overlap in its words.
    await section.getByRole('button', { name: 'Request leave' }).click();
    await pickDay(member, ask, 'From', from);
    await pickDay(member, ask, 'To', from);
    await ask.getByRole('textbox', { name: 'Reason' }).fill('Twice');
    await ask.getByRole('button', { name: 'Request leave' }).click();
    await expect(ask.getByTestId('leave-problem')).toHaveText(`You already have leave from ${from} to ${to}.`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await member.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();

    // Sam (a supervisor) asks for leave too: on the review page his own has no Approve.
    const sam = await signedInAs(browser, SAM, '/profile');
    const samSection = sam.getByRole('region', { name: 'Leave of absence' });
    await samSection.getByRole('button', { name: 'Request leave' }).click();
    const samAsk = sam.getByRole('dialog', { name: 'Request leave' });
    await pickDay(sam, samAsk, 'From', dayFromNow(90));
    await pickDay(sam, samAsk, 'To', dayFromNow(90));
    await samAsk.getByRole('textbox', { name: 'Reason' }).fill(`Sam's own ${SUFFIX}`);
    await samAsk.getByRole('button', { name: 'Request leave' }).click();
    await expect(samSection.getByTestId('my-leave').filter({ hasText: `Sam's own ${SUFFIX}` })).toContainText('Pending');

    await sam.goto('/supervisor/leave');
    await expect(sam.getByRole('heading', { level: 1, name: 'Leave requests' })).toBeVisible();
    const own = sam.getByTestId('pending-leave').filter({ hasText: `Sam's own ${SUFFIX}` });
    await expect(own.getByTestId('own-leave-request')).toHaveText('Your own request: another reviewer decides it.');
    await expect(own.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    const pending = sam.getByTestId('pending-leave').filter({ hasText: reason });
    await expect(pending).toContainText('Casey Nguyen');
    await expect(sam.getByTestId('decided-leave').filter({ hasText: 'That week is the academy' })).toContainText('Denied');
    await snapBoth(sam, 'leave-requests');

    // Approve Casey's with a note.
    await pending.getByRole('button', { name: 'Approve leave of Casey Nguyen' }).click();
    const decide = sam.getByRole('dialog', { name: 'Approve leave of Casey Nguyen' });
    await decide.getByRole('textbox', { name: 'Note' }).fill('Enjoy it.');
    await decide.getByRole('button', { name: 'Approve' }).click();
    await expect(sam.getByText(`Leave of Casey Nguyen (${period}) approved.`)).toBeVisible();
    await expect(pending).toHaveCount(0);
    await expect(sam.getByTestId('decided-leave').filter({ hasText: reason })).toContainText('Approved');
    await expect(sam.getByTestId('decided-leave').filter({ hasText: reason })).toContainText('By Sam Whitaker: Enjoy it.');

    // Casey sees it approved with the note, and cancels it (it has not begun).
    await member.reload();
    await expect(mine).toContainText('Approved');
    await expect(mine).toContainText('Approved by Sam Whitaker: Enjoy it.');
    await snapBoth(member, 'profile-leave');
    await mine.getByRole('button', { name: `Cancel leave ${period}` }).click();
    await member.getByRole('dialog', { name: 'Cancel this leave?' }).getByRole('button', { name: 'Cancel leave' }).click();
    await expect(member.getByText(`Leave of ${period} cancelled.`)).toBeVisible();
    await expect(mine).toContainText('Cancelled');
    await expect(mine.getByRole('button', { name: /Cancel leave/ })).toHaveCount(0);

    // Sam cancels his own.
    await sam.goto('/profile');
    const samsOwn = sam.getByTestId('my-leave').filter({ hasText: `Sam's own ${SUFFIX}` });
    await samsOwn.getByRole('button', { name: /^Cancel leave/ }).click();
    await sam.getByRole('dialog', { name: 'Cancel this leave?' }).getByRole('button', { name: 'Cancel leave' }).click();
    await expect(samsOwn).toContainText('Cancelled');
    await sam.context().close();
    await member.context().close();
  });

  test('the personnel file: command reads and writes everything, the member only what is theirs (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(120_000);
    const praise = `Found the missing hiker on Mount Chiliad ${SUFFIX}.`;
    const aside = `Command-only note of a browser test ${SUFFIX}.`;
    const command = await signedInAs(browser, JORDAN, '/roster');
    const dialog = await openPerson(command, 'Casey Nguyen');
    await dialog.getByRole('link', { name: 'Personnel file' }).click();
    await expect(command.getByRole('heading', { level: 1, name: 'Personnel file: Casey Nguyen' })).toBeVisible();
    const items = command.getByTestId('file-item');
    const counselling = items.filter({ hasText: 'Late to two briefings in a row' });
    await expect(counselling).toContainText('Command only');
    await expect(counselling).toContainText('Corrected');
    await expect(counselling.getByTestId('file-correction')).toContainText('The second briefing was excused');
    await expect(items.filter({ hasText: 'Calm handling of a pursuit on Route 68' })).toContainText('Commendation');
    await expect(items.filter({ hasText: 'Qualified: Traffic enforcement' }).first()).toBeVisible();
    // No edit or delete anywhere.
    await expect(command.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);

    // A commendation the member reads too.
    await command.getByRole('button', { name: 'Add entry' }).click();
    const write = command.getByRole('dialog', { name: 'Add an entry to the file of Casey Nguyen' });
    await choose(command, write, 'Kind', 'Commendation');
    await write.getByRole('textbox', { name: 'What happened' }).fill(praise);
    await write.getByText('Member too', { exact: true }).click();
    await write.getByRole('button', { name: 'Add entry' }).click();
    await expect(command.getByText('Commendation added to the file of Casey Nguyen.')).toBeVisible();
    const written = items.filter({ hasText: praise });
    await expect(written).toContainText('Commendation');
    await expect(written).not.toContainText('Command only');

    // A command-only counselling, then its correction.
    await command.getByRole('button', { name: 'Add entry' }).click();
    await choose(command, write, 'Kind', 'Counselling');
    await write.getByRole('textbox', { name: 'What happened' }).fill(aside);
    await write.getByRole('button', { name: 'Add entry' }).click();
    const asideItem = items.filter({ hasText: aside }).first();
    await expect(asideItem).toContainText('Command only');
    await asideItem.getByRole('button', { name: /^Correct the counselling/ }).click();
    const correct = command.getByRole('dialog', { name: 'Correct an entry of Casey Nguyen' });
    await expect(correct.getByTestId('corrected-entry')).toContainText(aside);
    await correct.getByRole('textbox', { name: 'The correction' }).fill(`Only a reminder ${SUFFIX}.`);
    await correct.getByRole('button', { name: 'Add correction' }).click();
    await expect(command.getByText('Correction added to the file of Casey Nguyen.')).toBeVisible();
    await expect(asideItem).toContainText('Corrected');
    await expect(asideItem.getByTestId('file-correction')).toContainText(`Only a reminder ${SUFFIX}.`);
    await snapBoth(command, 'personnel-file-command');

    // Casey: the commendations, not the command-only entries, no Add entry.
    const member = await signedInAs(browser, CASEY, '/profile');
    await member.getByRole('link', { name: 'My file' }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'Personnel file: Casey Nguyen' })).toBeVisible();
    const theirs = member.getByTestId('file-item');
    await expect(theirs.filter({ hasText: praise })).toBeVisible();
    await expect(theirs.filter({ hasText: 'Calm handling of a pursuit on Route 68' })).toBeVisible();
    await expect(theirs.filter({ hasText: 'Late to two briefings' })).toHaveCount(0);
    await expect(theirs.filter({ hasText: aside })).toHaveCount(0);
    await expect(member.getByText('Command only')).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Add entry' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^Correct/ })).toHaveCount(0);
    await snapBoth(member, 'personnel-file-member');

    // Another member's file is refused with the server's sentence.
    await member.goto(`/roster/${await rosterIdOf(member, 'Sam Whitaker')}/file`);
    await expect(member.getByText('You can read your own file; command reads the files of the people it manages.')).toBeVisible();
    await member.context().close();
    await command.context().close();
  });

  test("BCSO's Command manages Headquarters only: Patrol Division read-only, a change to it refused (1366 and 390 wide)", async ({ browser }) => {
    test.setTimeout(120_000);
    const jordan = inAgency(JORDAN, 'bcso');
    const page = await signedInAs(browser, jordan, '/command/department?agency=bcso');
    await expect(page.getByRole('heading', { level: 1, name: 'Command - Department Management' })).toBeVisible();
    await expect(page.getByTestId('department-scope')).toHaveText('You manage Headquarters only; other departments are read-only.');
    const patrol = page.getByRole('region', { name: 'Patrol Division', exact: true });
    const hq = page.getByRole('region', { name: 'Headquarters', exact: true });
    await expect(patrol.getByTestId('department-read-only')).toHaveText('Read-only: another department.');
    await expect(patrol.getByRole('button', { name: /^(Edit|Delete|\+ )/ })).toHaveCount(0);
    await expect(hq.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Department' })).toHaveCount(0);
    // The command scope, read-only below High Command.
    const scope = page.getByRole('region', { name: 'Command scope' });
    await expect(scope).toContainText('Your command reaches Headquarters only. Only High Command changes the command scope.');
    await expect(scope.getByRole('checkbox', { name: 'Command', exact: true })).toBeChecked();
    await expect(scope.getByRole('checkbox', { name: 'Command', exact: true })).toBeDisabled();
    await expect(scope.getByRole('checkbox', { name: 'Agency command (Headquarters) grants agency-wide command' })).toBeChecked();
    await expect(scope.getByRole('checkbox', { name: 'High Command', exact: true })).toHaveCount(0);
    await expect(scope.getByRole('button', { name: 'Save command scope' })).toHaveCount(0);
    await snapBoth(page, 'department-scoped');

    // A change to Patrol Division is refused with the department named.
    const structure = (await (await page.request.get('/api/structure?agency=bcso')).json()) as { departments: { id: string; name: string }[] };
    const patrolId = structure.departments.find((dept) => dept.name === 'Patrol Division')?.id ?? '';
    const refused = await page.request.patch(`/api/structure/${patrolId}?agency=bcso`, { data: { name: 'Renamed by a test' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('You manage Headquarters only; that is another department\'s to change.');

    // The roster: Patrol people without Edit, Headquarters people with it.
    await page.goto('/roster?agency=bcso');
    await expect(page.getByTestId('roster-scope')).toHaveText('You manage Headquarters only; other departments are read-only.');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Patrol Division');
    const patrolRow = page.getByTestId('roster-row').first();
    await expect(patrolRow).toContainText('Patrol Division');
    await expect(patrolRow.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Casey Nguyen');
    await expect(page.getByTestId('roster-row').first().getByRole('button', { name: 'Edit Casey Nguyen' })).toBeVisible();
    await page.context().close();

    // High Command edits the scope: a tick, Undo changes; leaving with a tick asks first.
    const alex = await signedInAs(browser, inAgency(ALEX, 'bcso'), '/command/department?agency=bcso');
    const editable = alex.getByRole('region', { name: 'Command scope' });
    await expect(editable).toContainText('Your command reaches the whole agency.');
    await expect(editable.getByRole('button', { name: 'Save command scope' })).toBeDisabled();
    await editable.getByRole('checkbox', { name: 'Supervisor', exact: true }).check();
    await expect(editable.getByRole('button', { name: 'Save command scope' })).toBeEnabled();
    await alex.getByRole('link', { name: 'Home' }).first().click();
    await expect(alex.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
    await alex.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Stay' }).click();
    await editable.getByRole('button', { name: 'Undo changes' }).click();
    await expect(editable.getByRole('checkbox', { name: 'Supervisor', exact: true })).not.toBeChecked();
    await alex.context().close();
  });

  test('the Buffalo requires Pursuit driver: Sam sees it, and not once it is revoked (1366 and 390 wide)', async ({ browser }) => {
    test.setTimeout(150_000);
    const sam = inAgency(SAM, 'lspd');
    const member = await signedInAs(browser, sam, '/structure/vehicles?agency=lspd');
    const buffalo = member.getByTestId('vehicle-card').filter({ has: member.getByRole('heading', { name: 'Bravado Buffalo STX', exact: true }) });
    await expect(buffalo).toBeVisible();

    // Command sees the requirement on the management card.
    const command = await signedInAs(browser, inAgency(JORDAN, 'lspd'), '/command/vehicles?agency=lspd');
    const managed = command.getByTestId('vehicle-card').filter({ has: command.getByRole('heading', { name: 'Bravado Buffalo STX', exact: true }) });
    await expect(managed.getByTestId('required-qualifications').first()).toHaveText('Requires Pursuit driver');
    await managed.getByRole('button', { name: 'Edit vehicle Bravado Buffalo STX' }).click();
    const editor = command.getByRole('dialog', { name: 'Edit Bravado Buffalo STX' });
    await expect(editor.getByText('Pursuit driver', { exact: true }).first()).toBeVisible();
    await command.setViewportSize(PHONE);
    await expectNoSidewaysScroll(command);
    await snapView(command, 'vehicle-required-qualifications-phone');
    await command.setViewportSize(DESKTOP);
    await command.keyboard.press('Escape');
    await snapBoth(command, 'vehicle-management-required');

    // Revoked: Sam no longer sees the Buffalo.
    const dialog = await openPerson(command, 'Sam Whitaker');
    const held = dialog.getByRole('list', { name: 'Qualifications of Sam Whitaker' });
    await held.getByRole('listitem', { name: 'Pursuit driver' }).getByRole('button', { name: 'Revoke Pursuit driver' }).click();
    const revoke = command.getByRole('dialog', { name: 'Revoke Pursuit driver of Sam Whitaker' });
    await revoke.getByRole('textbox', { name: 'Reason' }).fill(`Browser test ${SUFFIX}: granted again at once`);
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(command.getByText('Pursuit driver of Sam Whitaker revoked.')).toBeVisible();
    try {
      await member.reload();
      await expect(member.getByTestId('vehicle-card').first()).toBeVisible();
      await expect(buffalo).toHaveCount(0);
      await snapBoth(member, 'vehicles-without-pursuit');
    } finally {
      // Granted again: he sees it again.
      await dialog.getByRole('button', { name: 'Grant' }).click();
      const grant = command.getByRole('dialog', { name: 'Grant a qualification to Sam Whitaker' });
      await choose(command, grant, 'Qualification', 'Pursuit driver');
      await grant.getByRole('button', { name: 'Grant' }).click();
      await expect(command.getByText('Pursuit driver granted to Sam Whitaker.')).toBeVisible();
    }
    await expect(held.getByRole('listitem', { name: 'Pursuit driver' }).getByTestId('holding-status').first()).toHaveText('Active');
    await member.reload();
    await expect(buffalo).toBeVisible();
    await member.context().close();
    await command.context().close();
  });
});

/** The roster id of `name`, read through the page's session. */
async function rosterIdOf(page: Page, name: string): Promise<string> {
  const rows = await wholeRoster<{ id: number; name: string }>(page.request);
  return String(rows.find((row) => row.name === name)?.id ?? 0);
}
