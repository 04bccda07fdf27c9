import { expect, test, type Page } from '@playwright/test';
import { type DemoAccount, expectNoSidewaysScroll, PHONE, signIn, snap, snapView } from './helpers';

// BCSO's demo members (seed-demo; the stand-in knows them as '<name>.bcso', ids 2000…): Sam
// Whitaker is the Supervisor and Casey Nguyen the Deputy. BCSO has the default penal code
// catalogue.
const BCSO = "Blaine County Sheriff's Office";
const DEPUTY: DemoAccount = { discordId: '200000000000000004', username: 'caseynguyen.bcso', name: 'Casey Nguyen', agency: BCSO };
const SUPERVISOR: DemoAccount = { discordId: '200000000000000003', username: 'samwhitaker.bcso', name: 'Sam Whitaker', agency: BCSO };


/** Opens `path` of BCSO and signs in as `account`. */
async function openAs(page: Page, path: string, account: DemoAccount): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}agency=bcso`);
  await expect(page.getByTestId('portal-title')).toHaveText(`${BCSO} Portal`);
  await signIn(page, account);
}

/**
 * Files an arrest report of Lamar Davis with PC 101 (Assault, custody 1–6 months, fine
 * $250–$1,000) picked through 'Search Penal Code', twice: totals 12 months and $2,000.
 * Returns the case number it was filed under.
 */
async function fileArrest(page: Page, shot: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Arrest report' })).toBeVisible();
  const caseNumber = page.getByRole('textbox', { name: 'Case number' });
  await expect(caseNumber).toHaveValue(/^\d+$/);
  const number = await caseNumber.inputValue();
  await expect(page.getByRole('textbox', { name: 'Incident number' })).toHaveValue(number);

  // The first officer is the signed-in deputy, read-only.
  const me = page.getByRole('textbox', { name: 'Officer 1 name' });
  await expect(me).toHaveValue('Casey Nguyen');
  await expect(me).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Remove officer 1' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Location' }).fill('Vinewood Boulevard');
  await page.getByRole('textbox', { name: 'Suspect name' }).fill('Lamar Davis');

  await page.getByRole('button', { name: /^Catalog/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Search Penal Code' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Search' }).fill('PC 101');
  const entry = dialog.getByTestId('penal-code-row').filter({ hasText: 'Assault' }).first();
  await expect(entry).toContainText('Fine: $250 – $1,000');
  await expect(entry).toContainText('Custody: 1 – 6 months');
  await expectNoSidewaysScroll(page);
  await snapView(page, `${shot}-penal-code`);
  await dialog.getByRole('button', { name: 'Select PC 101 Assault', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('textbox', { name: 'Charge 1 statute' })).toHaveValue('PC 101');
  await expect(page.getByRole('textbox', { name: 'Charge 1 charge' })).toHaveValue('Assault');
  await expect(page.getByTestId('total-time')).toHaveText('6 months');
  await expect(page.getByTestId('total-bond')).toHaveText('$1,000');
  await page.getByRole('textbox', { name: 'Charge 1 count' }).fill('2');
  await expect(page.getByTestId('total-time')).toHaveText('12 months');
  await expect(page.getByTestId('total-bond')).toHaveText('$2,000');

  await page.getByRole('textbox', { name: 'Narrative' }).fill('Observed the assault and detained the suspect.');
  await expectNoSidewaysScroll(page);
  await snap(page, `${shot}-filled`);

  await page.getByRole('button', { name: 'Save to server' }).click();
  // The confirmation quotes the case number, not the database id.
  await expect(page.getByTestId('arrest-saved')).toContainText(`Saved report (case #${number})`);
  // A fresh form with the next case number.
  await expect(page.getByRole('textbox', { name: 'Case number' })).not.toHaveValue(number);
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('');
  await snap(page, `${shot}-saved`);
  return number;
}

test.describe.serial('arrest report', () => {
  let caseNumber = '';

  test('a deputy files an arrest report with a charge from the catalogue and sees the totals', async ({ page }) => {
    await openAs(page, '/reports/arrest', DEPUTY);
    caseNumber = await fileArrest(page, 'arrest-desktop');
  });

  test('the supervisor opens it in review and approves it', async ({ page }) => {
    await openAs(page, '/supervisor/arrests', SUPERVISOR);
    await expect(page.getByRole('table').first()).toBeVisible();

    // The row of the report just filed: its Open button names the case.
    const rowOf = () =>
      page.getByRole('row').filter({ has: page.getByRole('button', { name: `Open case ${caseNumber}`, exact: true }) });
    await expect(rowOf()).toContainText('Pending');
    await rowOf().getByRole('button', { name: `Open case ${caseNumber}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Lamar Davis');
    await expect(dialog).toContainText('PC 101');
    await dialog.getByRole('button', { name: 'Approve & Sign', exact: true }).click();
    await expect(dialog.getByText(/^Signed by Sam Whitaker on /).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rowOf()).toContainText('Approved');
    await snap(page, 'arrest-review-approved');
  });

  test("the deputy corrects a returned report and sends it back: the supervisor's notes, PUT", async ({
    page,
    browser,
  }) => {
    await openAs(page, '/reports/arrest', DEPUTY);
    // A report of the deputy's that the supervisor returns with notes, made here so that every
    // run (and a rerun on the same data) has one.
    const returned = await page.evaluate(async () => {
      const body = {
        arrestDate: '2026-11-20T10:00',
        location: 'Mirror Park',
        officers: [{ name: 'Casey Nguyen', rank: 'Deputy', callsign: '' }],
        suspect: { name: 'Wade Hebert', address: '', description: '' },
        charges: [{ statute: 'PC 101', charge: 'Assault', count: 1, time: 1, bond: 250 }],
        narrative: 'Detained without incident.',
      };
      const response = await fetch('/api/arrests?agency=bcso', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Agency-Slug': 'bcso' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { id: number; caseNumber: string };
    });
    const reviewer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const review = await reviewer.newPage();
    await openAs(review, '/supervisor/arrests', SUPERVISOR);
    const statuses = await review.evaluate(async (id) => {
      const answers: number[] = [];
      for (const change of [{ action: 'open' }, { action: 'return', supervisorNotes: "Add the second officer's callsign." }]) {
        const response = await fetch(`/api/arrests/${id}?agency=bcso`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', 'X-Agency-Slug': 'bcso' },
          body: JSON.stringify(change),
        });
        answers.push(response.status);
      }
      return answers;
    }, returned.id);
    await reviewer.close();
    expect(statuses).toEqual([200, 200]);
    await page.goto(`/reports/arrest?resubmit=${returned.id}&agency=bcso`);
    await expect(page.getByTestId('supervisor-notes')).toContainText("Add the second officer's callsign.");
    await expect(page.getByRole('textbox', { name: 'Case number' })).toHaveValue(returned.caseNumber);
    await expect(page.getByRole('textbox', { name: 'Officer 1 name' })).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Select Deputy' }).click();
    await page.getByRole('dialog', { name: 'Select Deputy' }).getByRole('textbox', { name: 'Search' }).fill('sam');
    await page.getByRole('button', { name: 'Select Sam Whitaker' }).click();
    await expect(page.getByRole('textbox', { name: 'Officer 2 name' })).toHaveValue('Sam Whitaker');
    await expectNoSidewaysScroll(page);
    await snap(page, 'arrest-resubmit');
    await page.getByRole('button', { name: 'Save to server' }).click();
    await expect(page.getByTestId('arrest-saved')).toContainText(`Saved report (case #${returned.caseNumber})`);
    await expect(page.getByTestId('arrest-saved')).toContainText('The report is pending review again.');
  });

  test('on a phone: the same filing, dialogs full screen, no sideways scroll', async ({ page }) => {
    await openAs(page, '/reports/arrest', DEPUTY);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Select Deputy' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Deputy' });
    await picker.getByRole('textbox', { name: 'Search' }).fill('whitaker');
    const box = await picker.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width - 1);
    await snapView(page, 'arrest-phone-deputy-picker');
    await picker.getByRole('button', { name: 'Select Sam Whitaker' }).click();
    await expect(page.getByRole('textbox', { name: 'Officer 2 name' })).toHaveValue('Sam Whitaker');
    await fileArrest(page, 'arrest-phone');
  });
});
