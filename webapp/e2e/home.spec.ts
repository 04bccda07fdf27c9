import { expect, test, type Page } from '@playwright/test';
import { ALEX, type DemoAccount, DESKTOP, expectNoSidewaysScroll, openAs, PHONE, snap } from './helpers';

// Issue 21, defect 3. LSPD's demo home (seed-demo) has two complete cards (Roster, Field
// training), 'Arrest report' without a description and a card with only a link: visitors,
// members and members of other agencies see the two complete cards only; High Command, who
// edits branding, sees the other two with their placeholders and a link to Branding.
const LSPD = 'Los Santos Police Department';
const HOME = '/?agency=lspd';
const HINT = 'Configure this card from Command → Branding.';
const LSPD_HIGH_COMMAND: DemoAccount = { discordId: '300000000000000001', username: 'alexmercer.lspd', name: 'Alex Mercer', agency: LSPD };
const LSPD_DEPUTY: DemoAccount = { discordId: '300000000000000004', username: 'caseynguyen.lspd', name: 'Casey Nguyen', agency: LSPD };
/** RawLife's High Command on LSPD, where they are on no roster: the user menu shows their Discord name. */
const OTHER_AGENCY: DemoAccount = { ...ALEX, name: ALEX.username };

async function expectLspdHome(page: Page): Promise<void> {
  await expect(page.getByTestId('portal-title')).toHaveText(`${LSPD} Portal`);
  await expect(page.getByRole('link', { name: /^Roster Officers by division and rank\./ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Field training Your FTO sessions/ })).toBeVisible();
}

/** The page, without the menu (which lists 'Arrest report' for members). */
async function expectNoHints(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByText('Arrest report', { exact: true })).toHaveCount(0);
  await expect(main.getByText('Untitled', { exact: true })).toHaveCount(0);
  await expect(main.getByText(HINT)).toHaveCount(0);
  await expect(main.getByTestId('home-card-incomplete')).toHaveCount(0);
}

/** Both sizes: no sideways scroll, a screenshot each, and `check` at each. */
async function atBothSizes(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await check();
    await expectNoSidewaysScroll(page);
    await snap(page, `${name}-${size}`);
  }
}

test.describe('home cards (issue 21, defect 3)', () => {
  test('a visitor sees only the complete cards', async ({ page }) => {
    await page.goto(HOME);
    await atBothSizes(page, 'home-lspd-visitor', async () => {
      await expectLspdHome(page);
      await expectNoHints(page);
    });
  });

  test('a member of LSPD and a member of another agency see no configuration hints', async ({ browser }) => {
    for (const [account, name] of [[LSPD_DEPUTY, 'home-lspd-member'], [OTHER_AGENCY, 'home-lspd-other-agency']] as const) {
      const page = await openAs(browser, account, HOME);
      try {
        await atBothSizes(page, name, async () => {
          await expectLspdHome(page);
          await expectNoHints(page);
        });
      } finally {
        await page.context().close();
      }
    }
  });

  test('High Command sees the incomplete cards with the hint and a link to Branding', async ({ browser }) => {
    const page = await openAs(browser, LSPD_HIGH_COMMAND, HOME);
    try {
      const incomplete = page.getByTestId('home-card-incomplete');
      await atBothSizes(page, 'home-lspd-high-command', async () => {
        await expectLspdHome(page);
        await expect(incomplete).toHaveCount(2);
        await expect(incomplete.nth(0)).toContainText('Arrest report');
        await expect(incomplete.nth(1)).toContainText('Untitled');
        await expect(page.getByText(HINT)).toHaveCount(2);
      });
      await incomplete.nth(0).getByRole('link', { name: 'Open Branding' }).click();
      await expect(page).toHaveURL(/\/command\/branding/);
      await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
    } finally {
      await page.context().close();
    }
  });
});
