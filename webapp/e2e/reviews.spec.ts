import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CASEY, DESKTOP, expectNoSidewaysScroll, openAs, PHONE, SAM, signIn, snap, snapBoth, snapView } from './helpers';

// The root agency's demo data (seed-demo): Casey Nguyen (Deputy) filed the reports, Sam
// Whitaker (Supervisor) reviews them. A use-of-force report at Sandy Shores Airfield (subject
// Trevor Phillips) and an arrest report at Vinewood Boulevard (suspect Lamar Davis) are pending.
const UOF_PENDING = 'Sandy Shores Airfield';
const ARREST_PENDING = 'Vinewood Boulevard';

function reportRow(page: Page, text: string): Locator {
  return page.getByTestId('report-row').filter({ hasText: text });
}

/** The text of a PDF, page by page. */
async function pdfText(data: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: true, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return parts.join('\n');
}

test.describe.serial('report reviews', () => {
  let uofPrint = '';

  test('the supervisor opens a pending use-of-force report, approves and signs it', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await page.goto('/supervisor/uof');
    await signIn(page, SAM);
    await expect(page.getByRole('heading', { level: 1, name: 'Use-of-force review' })).toBeVisible();
    const row = reportRow(page, UOF_PENDING);
    await expect(row).toContainText('Pending');
    for (const header of ['Case #', 'Date', 'Location', 'Deputy(s)', 'Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await snapBoth(page, 'uof-review-list');

    // The status filter.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In Policy', exact: true }).click();
    await expect(reportRow(page, UOF_PENDING)).toHaveCount(0);
    await expect(page.getByTestId('report-row').first()).toContainText('In Policy');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses', exact: true }).click();

    await row.getByRole('button', { name: /^Open case / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Trevor Phillips');
    const panel = dialog.getByTestId('review-panel');
    await expect(panel.getByRole('heading', { name: 'Supervisor Review & Sign-Off' })).toBeVisible();
    // Opening a pending report puts it under review; the history says who did it.
    await expect(panel).toContainText('Under Review');
    await expect(dialog.getByTestId('history-entry').last()).toContainText('Pending → Under Review — Sam Whitaker');
    await expect(panel.getByRole('textbox', { name: 'Supervisor' })).toHaveValue('Sam Whitaker');
    await expect(panel.getByRole('combobox', { name: 'Outcome' })).toHaveValue('Under Review');
    await expect(panel.getByTestId('signature-line')).toHaveText('Not signed yet');
    for (const name of ['Approve & Sign', 'Save', 'Deny']) await expect(panel.getByRole('button', { name, exact: true })).toBeEnabled();
    await expectNoSidewaysScroll(page);
    await snapView(page, 'uof-review-dialog-desktop');

    await panel.getByRole('textbox', { name: 'Review notes' }).fill('Taser use was proportionate.');
    await panel.getByRole('button', { name: 'Approve & Sign', exact: true }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(panel.getByTestId('signature-line')).toHaveText(/^Signed by Sam Whitaker on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    await expect(panel).toContainText('In Policy');
    await expect(dialog.getByTestId('history-entry').last()).toContainText('Under Review → In Policy — Sam Whitaker');
    uofPrint = (await dialog.getByRole('link', { name: 'Print' }).getAttribute('href')) ?? '';
    expect(uofPrint).toMatch(/^\/reports\/print\/use-of-force\/\d+$/);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(reportRow(page, UOF_PENDING)).toContainText('In Policy');

    // On a phone: cards, and the dialog full screen.
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(reportRow(page, UOF_PENDING)).toContainText('Deputy(s): Casey Nguyen');
    await expectNoSidewaysScroll(page);
    await reportRow(page, UOF_PENDING).getByRole('button', { name: /^Open case / }).click();
    await expect(dialog.getByTestId('signature-line')).toHaveText(/^Signed by Sam Whitaker on /);
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width - 1);
    await expectNoSidewaysScroll(page);
    await snapView(page, 'uof-review-dialog-phone');
  });

  test('the supervisor reviews a pending arrest: notes needed to return it, then approved and signed', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await page.goto('/supervisor/arrests');
    await signIn(page, SAM);
    await expect(page.getByRole('heading', { level: 1, name: 'Arrest review' })).toBeVisible();
    for (const header of ['Case #', 'Date', 'Location', 'Officer(s)', 'Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const row = reportRow(page, ARREST_PENDING);
    await expect(row).toContainText('Pending');
    await snapBoth(page, 'arrest-review-list');

    await row.getByRole('button', { name: /^Open case / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Lamar Davis');
    await expect(dialog.getByTestId('report-totals')).toContainText('Total time:');
    const panel = dialog.getByTestId('review-panel');
    await expect(panel).toContainText('Under Review');
    await expect(panel.getByRole('combobox', { name: 'Outcome' })).toHaveCount(0);

    // Returning needs notes: the server's message, and nothing is sent.
    await panel.getByRole('button', { name: 'Return for correction', exact: true }).click();
    await expect(panel.getByText('Write review notes that say what to correct.')).toBeVisible();
    await expect(panel).toContainText('Under Review');
    await snapView(page, 'arrest-review-dialog-desktop');

    await panel.getByRole('button', { name: 'Approve & Sign', exact: true }).click();
    await expect(panel.getByTestId('signature-line')).toHaveText(/^Signed by Sam Whitaker on /);
    await expect(panel).toContainText('Approved');
    // An approved report's review is over.
    await expect(panel.getByRole('button', { name: 'Approve & Sign', exact: true })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Return for correction', exact: true })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(reportRow(page, ARREST_PENDING)).toContainText('Approved');

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snap(page, 'arrest-review-approved-phone');
  });

  test('the printable view of the signed report saves as a PDF with its number and subject', async ({ page }) => {
    test.setTimeout(90_000);
    expect(uofPrint).not.toBe('');
    await page.setViewportSize(DESKTOP);
    await page.goto(uofPrint);
    await signIn(page, SAM);
    const sheet = page.getByTestId('report-print-sheet');
    await expect(sheet.getByRole('heading', { level: 1, name: 'Use of Force Report' })).toBeVisible();
    const number = ((await page.getByTestId('report-print-number').textContent()) ?? '').replace('Case #', '');
    expect(number).toMatch(/^\d+$/);
    await expect(sheet).toContainText('Trevor Phillips');
    await expect(sheet.getByTestId('signature-line')).toHaveText(/^Signed by Sam Whitaker on /);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await snapBoth(page, 'uof-print');

    await page.emulateMedia({ media: 'print' });
    // Printed: no shell, no buttons, black on white.
    await expect(page.getByTestId('portal-title')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    expect(await sheet.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 0, 0)');
    await snap(page, 'uof-print-media');
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const text = await pdfText(pdf);
    expect(text).toContain(`Case #${number}`);
    expect(text).toContain('Trevor Phillips');
    expect(text).toContain('Signed by Sam Whitaker');
    expect(text).not.toContain('Login (Discord)');
    await page.emulateMedia({ media: 'screen' });
  });

  test('a deputy files a use-of-force report; signed out, a printable report asks to sign in', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await page.goto(uofPrint);
    await expect(page.getByRole('heading', { level: 1, name: /Not logged in|Access denied/ })).toBeVisible();

    await page.goto('/report/use-of-force-report');
    await signIn(page, CASEY);
    await expect(page.getByRole('heading', { level: 1, name: 'Use of force report' })).toBeVisible();
    const number = page.getByRole('textbox', { name: 'Case number' });
    await expect(number).toHaveValue(/^\d+$/);
    const me = page.getByRole('textbox', { name: 'Deputy 1 name' });
    await expect(me).toHaveValue('Casey Nguyen');
    await expect(me).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Remove deputy 1' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Location' }).fill('Grapeseed Main Street');
    await page.getByRole('button', { name: 'Select Deputy' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Deputy' });
    await picker.getByRole('textbox', { name: 'Search' }).fill('whitaker');
    await picker.getByRole('button', { name: 'Select Sam Whitaker' }).click();
    await expect(page.getByRole('textbox', { name: 'Deputy 2 name' })).toHaveValue('Sam Whitaker');
    await page.getByRole('textbox', { name: 'Deputy 2 callsign' }).fill('b - 7');
    await expect(page.getByRole('textbox', { name: 'Deputy 2 callsign' })).toHaveValue('b7');
    await expect(page.getByText('Shown as B-07')).toBeVisible();
    await page.getByRole('textbox', { name: 'Subject name' }).fill('Michael Townley');
    await page.getByRole('checkbox', { name: 'Control Holds' }).check();
    await page.getByRole('checkbox', { name: 'Taser' }).check();
    await page.getByRole('textbox', { name: 'Force details', exact: true }).fill('One five-second cycle.');
    await page.getByRole('button', { name: 'Add witness' }).click();
    await page.getByRole('textbox', { name: 'Witness 1 name' }).fill('Ron Jakowski');
    await page.getByRole('textbox', { name: 'Witness 1 contact' }).fill('Saw him run at the deputy.');
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).fill('The subject ran at me with a bottle.');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByRole('textbox', { name: 'Evidence 1 label' }).fill('Body camera');
    await page.getByRole('textbox', { name: 'Evidence 1 URL' }).fill('https://video.example.org/bodycam/2001');
    await snapBoth(page, 'uof-form-filled');

    // Save JSON downloads the report.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save JSON' }).click()]);
    const chosen = await number.inputValue();
    expect(download.suggestedFilename()).toBe(`use-of-force-${chosen}.json`);
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { subjectName: string; forceTypes: string[]; officers: { callsign: string }[] };
    expect(saved.subjectName).toBe('Michael Townley');
    expect(saved.forceTypes).toEqual(['Control Holds', 'Taser']);
    expect(saved.officers[1]?.callsign).toBe('b7');

    await page.getByRole('button', { name: 'Save to server' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: `Saved report (incident #${chosen})` })).toBeVisible();
    // A fresh form with the next number.
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('');
    await expect(number).toHaveValue(String(Number(chosen) + 1));
    await expect(page.getByRole('textbox', { name: 'Deputy 1 name' })).toHaveValue('Casey Nguyen');

    // What the form can tell is marked before anything is sent.
    await page.getByRole('textbox', { name: 'Location' }).fill('Paleto Forest');
    await page.getByRole('button', { name: 'Save to server' }).click();
    await expect(page.getByText('Select at least one type of force used.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Narrative', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('checkbox', { name: 'Verbal Commands' })).toBeFocused();
    await expect(page.getByTestId('uof-save-status')).toHaveCount(0);
    // Then the server has the last word: the number just used is taken.
    await page.getByRole('checkbox', { name: 'Taser' }).check();
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).fill('Taser in the woods.');
    await number.fill(chosen);
    await page.getByRole('button', { name: 'Save to server' }).click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Save failed: Another report already has this incident number.' }),
    ).toBeVisible();
    await expect(page.getByTestId('uof-save-status')).toHaveText('Failed to save');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await snap(page, 'uof-form-failed-phone');
  });

  test('a long list comes 50 reports at a time, older ones on request, on a desktop and a phone', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // Casey files 51 arrests (through the API, as the form does), newer than every demo report.
    await page.goto('/');
    await signIn(page, CASEY);
    for (let n = 1; n <= 51; n += 1) {
      const filed = await page.request.post('/api/arrests?agency=rawlife', {
        data: {
          arrestDate: '2026-11-21T10:00',
          location: `Paging Street ${String(n)}`,
          officers: [{ name: 'Casey Nguyen', rank: 'Deputy', callsign: '' }],
          suspect: { name: 'Wade Hebert', address: '', description: '' },
          charges: [{ statute: 'PC 101', charge: 'Assault', count: 1, time: 1, bond: 250 }],
          narrative: 'Detained without incident.',
        },
      });
      expect(filed.status(), await filed.text()).toBe(201);
    }

    const sam = await openAs(browser, SAM, '/supervisor/arrests');
    await sam.setViewportSize(DESKTOP);
    await expect(sam.getByRole('heading', { level: 1, name: 'Arrest review' })).toBeVisible();
    const rows = sam.getByTestId('report-row');
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText('Paging Street 51');
    await expect(sam.getByTestId('reports-count')).toHaveText('Showing the newest 50 reports');
    await expect(reportRow(sam, ARREST_PENDING)).toHaveCount(0);

    const older = sam.getByRole('button', { name: 'Show older reports' });
    await older.click();
    await expect(reportRow(sam, ARREST_PENDING)).toHaveCount(1);
    await expect(rows.filter({ hasText: /Paging Street 1(?!\d)/ })).toHaveCount(1);
    await expect(older).toHaveCount(0);
    const total = await rows.count();
    expect(total).toBeGreaterThan(51);
    await expect(sam.getByTestId('reports-count')).toHaveText(`${String(total)} reports`);
    await sam.getByTestId('reports-count').scrollIntoViewIfNeeded();
    await snapView(sam, 'arrest-review-older-desktop');

    // On a phone: cards, the button across the screen, nothing sideways.
    await sam.setViewportSize(PHONE);
    await sam.reload();
    await expect(rows).toHaveCount(50);
    const button = sam.getByRole('button', { name: 'Show older reports' });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(PHONE.width / 2);
    await expectNoSidewaysScroll(sam);
    await snapView(sam, 'arrest-review-older-phone');
    await button.click();
    await expect(reportRow(sam, ARREST_PENDING)).toHaveCount(1);
    await sam.context().close();

    // Casey's profile reads 50 of each kind at a time too (issue 29): the 51 arrests come
    // first, the older ones and Casey's other reports on request.
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/profile?agency=rawlife');
      const section = page.getByRole('region', { name: 'My reports' });
      const mine = section.getByTestId('my-report');
      await expect(mine).toHaveCount(50);
      await expect(section.getByTestId('reports-count')).toHaveText('Showing the newest 50 reports');
      const more = section.getByRole('button', { name: 'Show older reports' });
      await more.scrollIntoViewIfNeeded();
      if (size === 'phone') expect((await more.boundingBox())?.width ?? 0).toBeGreaterThan(PHONE.width / 2);
      await expectNoSidewaysScroll(page);
      // From the keyboard: the button goes with the last page, and focus moves to the count.
      await more.press('Enter');
      await expect(more).toHaveCount(0);
      await expect(section.getByTestId('reports-count')).toBeFocused();
      const all = await mine.count();
      expect(all).toBeGreaterThanOrEqual(51);
      await expect(section.getByTestId('reports-count')).toHaveText(`${String(all)} reports`);
      await section.getByTestId('reports-count').scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await snapView(page, `my-reports-older-${size}`);
    }
  });
});
