import { expect, test, type Page } from '@playwright/test';
import { type DemoAccount, expectNoSidewaysScroll, signIn, snap } from './helpers';

// BCSO's demo Deputy (the stand-in knows them as 'caseynguyen.bcso'); BCSO has the default
// penal code catalogue, whose VC 4 (Failure to Stop at a Stop Sign or Red Signal) is fined
// $150 to $400 and VC 6 (Illegal U-Turn) $100 to $250.
const BCSO = "Blaine County Sheriff's Office";
const DEPUTY: DemoAccount = { discordId: '200000000000000004', username: 'caseynguyen.bcso', name: 'Casey Nguyen', agency: BCSO };

async function addViolation(page: Page, search: string, statute: string, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Add violation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Penal Code' });
  await dialog.getByRole('textbox', { name: 'Search' }).fill(search);
  await dialog.getByRole('button', { name: `Select ${statute} ${title}`, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Issues a ticket with two violations and checks the fines, the range rule and the total. */
async function issueTicket(page: Page, shot: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket report' })).toBeVisible();
  const number = page.getByRole('textbox', { name: 'Citation number' });
  await expect(number).toHaveValue(/^\d+$/);
  const citation = await number.inputValue();
  await expect(page.getByRole('textbox', { name: 'Officer name' })).toHaveValue('Casey Nguyen');

  await page.getByRole('textbox', { name: 'Location' }).fill('Great Ocean Highway');
  await page.getByRole('textbox', { name: 'Violator name' }).fill('Amanda De Santa');
  await page.getByRole('textbox', { name: 'Plate' }).fill('4DEM01');
  await page.getByRole('textbox', { name: 'Model' }).fill('Obey Tailgater');
  await page.getByRole('textbox', { name: 'Colour' }).fill('Black');

  await addViolation(page, 'VC 4', 'VC 4', 'Failure to Stop at a Stop Sign or Red Signal');
  await addViolation(page, 'u-turn', 'VC 6', 'Illegal U-Turn');
  const first = page.getByRole('textbox', { name: 'Violation 1 fine' });
  await expect(first).toHaveValue('$150');
  await expect(page.getByRole('textbox', { name: 'Violation 2 fine' })).toHaveValue('$100');
  await expect(page.getByTestId('total-fine')).toHaveText('$250');

  // A fine outside the entry's range is refused inline; within it, the total follows.
  await first.fill('450');
  await expect(page.getByText('The fine for VC 4 must be from $150 to $400.')).toBeVisible();
  await first.fill('300');
  await expect(page.getByText('The fine for VC 4 must be from $150 to $400.')).toHaveCount(0);
  await expect(page.getByTestId('total-fine')).toHaveText('$400');
  await page.getByRole('textbox', { name: 'Notes' }).fill('Driver was polite.');
  await expectNoSidewaysScroll(page);
  await snap(page, `${shot}-filled`);

  await page.getByRole('button', { name: 'Save to server' }).click();
  await expect(page.getByTestId('ticket-saved')).toHaveText(`Saved ticket (citation ${citation})`);
  await expect(page.getByRole('textbox', { name: 'Citation number' })).not.toHaveValue(citation);
  await expect(page.getByTestId('violation-row')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await snap(page, `${shot}-saved`);
}

test('a deputy issues a ticket with violations from the penal code', async ({ page }) => {
  await page.goto('/report/ticket-report?agency=bcso');
  await expect(page.getByTestId('portal-title')).toHaveText(`${BCSO} Portal`);
  await signIn(page, DEPUTY);
  await issueTicket(page, 'ticket-desktop');
});

test('a deputy issues a ticket on a phone', async ({ page }) => {
  await page.goto('/report/ticket-report?agency=bcso');
  await expect(page.getByTestId('portal-title')).toHaveText(`${BCSO} Portal`);
  await signIn(page, DEPUTY);
  await page.setViewportSize({ width: 390, height: 844 });
  await issueTicket(page, 'ticket-phone');
});
