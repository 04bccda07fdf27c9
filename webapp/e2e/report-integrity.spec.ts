import { expect, test, type Page } from '@playwright/test';
import { type DemoAccount, DESKTOP, expectNoSidewaysScroll, PHONE, signIn, snap, snapView } from './helpers';

// Issue 19 on the screens, in BCSO (seed-demo; the stand-in knows its members as
// '<name>.bcso'): a reviewer never reviews a report of their own, and the report forms mark
// every problem at once before sending. Each test makes the report it needs, so the tests do
// not depend on each other or on the demo reports.
const BCSO = "Blaine County Sheriff's Office";
const DEPUTY: DemoAccount = { discordId: '200000000000000004', username: 'caseynguyen.bcso', name: 'Casey Nguyen', agency: BCSO };
const SUPERVISOR: DemoAccount = { discordId: '200000000000000003', username: 'samwhitaker.bcso', name: 'Sam Whitaker', agency: BCSO };

const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** Opens `path` of BCSO and signs in as `account`. */
async function openAs(page: Page, pathname: string, account: DemoAccount): Promise<void> {
  await page.goto(`${pathname}${pathname.includes('?') ? '&' : '?'}agency=bcso`);
  await expect(page.getByTestId('portal-title')).toHaveText(`${BCSO} Portal`);
  await signIn(page, account);
}

test('a supervisor who filed a use-of-force report sees it read-only in review: the sentence, no sign-off', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await openAs(page, '/supervisor/uof', SUPERVISOR);
  await expect(page.getByRole('heading', { level: 1, name: 'Use-of-force review' })).toBeVisible();

  // The supervisor files a report of their own (the server gives the number).
  const location = `Own report ${String(Date.now())}`;
  const filed = await page.evaluate(async (where) => {
    const response = await fetch('/api/uof?agency=bcso', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Agency-Slug': 'bcso' },
      body: JSON.stringify({
        incidentNumber: '',
        incidentDate: new Date().toISOString().slice(0, 16),
        location: where,
        officers: [{ name: 'Sam Whitaker', rank: 'Sergeant', callsign: '' }],
        subjectName: 'Franklin Clinton',
        forceTypes: ['Control Holds'],
        narrative: 'Held the subject until backup arrived.',
      }),
    });
    return { status: response.status, body: (await response.json()) as { id: number; incidentNumber: string } };
  }, location);
  expect(filed.status).toBe(201);
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });

  await page.reload();
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    const row = page.getByTestId('report-row').filter({ hasText: location });
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: `Open case ${filed.body.incidentNumber}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Case #${filed.body.incidentNumber}` });
    await expect(dialog).toContainText('Franklin Clinton');
    const panel = dialog.getByTestId('review-panel');
    await expect(panel.getByTestId('own-report-notice')).toHaveText('You cannot review your own report.');
    for (const name of ['Approve & Sign', 'Save', 'Deny']) await expect(panel.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(panel.getByRole('combobox', { name: 'Outcome' })).toHaveCount(0);
    await expect(panel.getByRole('textbox', { name: 'Review notes' })).toHaveCount(0);
    await expect(panel).toContainText('Pending');
    await expect(panel.getByTestId('signature-line')).toHaveText('Not signed yet');
    await expect(dialog.getByRole('link', { name: 'Print' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await panel.scrollIntoViewIfNeeded();
    await snapView(page, `own-report-review-${size}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // Opening it sent nothing: it is still pending, and the server refuses a review anyway.
  expect(patches).toEqual([]);
  await expect(page.getByTestId('report-row').filter({ hasText: location })).toContainText('Pending');
  const refused = await page.evaluate(async (id) => {
    const response = await fetch(`/api/uof/${String(id)}?agency=bcso`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', 'X-Agency-Slug': 'bcso' },
      body: JSON.stringify({ action: 'approve' }),
    });
    return { status: response.status, body: (await response.json()) as { error: string } };
  }, filed.body.id);
  expect(refused).toEqual({ status: 403, body: { error: 'You cannot review your own report.' } });
});

test('an arrest report with several missing or invalid fields marks them all, focuses the first and sends nothing', async ({ page }) => {
  test.setTimeout(90_000);
  // Leaving the form with what was typed asks first (beforeunload): go on.
  page.on('dialog', (dialog) => void dialog.accept());
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/arrests') posts.push(request.url());
  });
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    if (size === 'desktop') await openAs(page, '/reports/arrest', DEPUTY);
    else await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Arrest report' })).toBeVisible();
    const caseNumber = page.getByRole('textbox', { name: 'Case number' });
    await expect(caseNumber).toHaveValue(/^\d+$/);
    await caseNumber.fill('12-B');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByRole('textbox', { name: 'Evidence 1 label' }).fill('Body camera');
    await page.getByRole('button', { name: 'Save to server' }).click();

    const errors: [string, string][] = [
      ['Case number', 'Case number must be a whole number from 1 to 999999999.'],
      ['Location', 'Location is required.'],
      ['Suspect name', 'Suspect name is required.'],
      ['Charge 1 charge', 'Add at least one charge.'],
      ['Evidence 1 URL', 'Evidence links must be http(s) URLs.'],
    ];
    for (const [name, message] of errors) {
      const input = page.getByRole('textbox', { name, exact: true });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(caseNumber).toBeFocused();
    await expect(page.getByTestId('arrest-save-failure')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await snapView(page, `arrest-form-errors-${size}`);
    await snap(page, `arrest-form-errors-${size}-full`);
  }
  expect(posts).toEqual([]);
});

test("My reports lists the member's reports newest first by the date each shows, kind beside the number (issue 21)", async ({ page }) => {
  test.setTimeout(60_000);
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    if (size === 'desktop') await openAs(page, '/profile', DEPUTY);
    else await page.reload();
    const section = page.getByRole('region', { name: 'My reports' });
    const rows = section.getByTestId('my-report');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(2);
    const dates = await section.locator('[data-testid="my-report"] time').evaluateAll((times) =>
      times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')),
    );
    expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const title of await rows.locator('p').filter({ hasText: '#' }).allTextContents()) {
      expect(title).toMatch(/^(Arrest|Use of force|Ticket) #\d+$/);
    }
    await expectNoSidewaysScroll(page);
    await snap(page, `my-reports-order-${size}`);
  }
});
