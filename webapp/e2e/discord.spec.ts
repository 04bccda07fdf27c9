import { expect, test, type Page } from '@playwright/test';
import { ALEX, DEMO_AGENCIES, expectNoSidewaysScroll, inAgency, JORDAN, openAs, PHONE, snap, snapBoth, DESKTOP } from './helpers';

/**
 * Issue 22: Command → Discord on BCSO, whose demo data links Headquarters and its ranks to the
 * stand-in guild's roles and turns role sync on; the members start without their roles, so the
 * page shows differences until "Sync now" gives them out. Alex Mercer is BCSO's High Command,
 * Jordan Reyes its Command.
 */
const BCSO_HIGH_COMMAND = inAgency(ALEX, 'bcso');
const BCSO_COMMAND = inAgency(JORDAN, 'bcso');
const PAGE = '/command/discord?agency=bcso';
const ALL_MATCH = "Every member's roles match the roster.";

async function opened(page: Page): Promise<void> {
  await expect(page.getByTestId('portal-title')).toHaveText(`${DEMO_AGENCIES.bcso.name} Portal`);
  await expect(page.getByRole('heading', { level: 1, name: 'Discord' })).toBeVisible();
  await expect(page.getByTestId('discord-mapping').first()).toBeVisible();
}

test('High Command sees where roles differ, and Sync now gives everyone their roles (1366 and 390 wide)', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await openAs(browser, BCSO_HIGH_COMMAND, PAGE);
  await opened(page);

  // The settings: the deployment's server and bot (the stand-in), role sync on, nothing wrong.
  const form = page.getByRole('form', { name: 'Discord settings' });
  await expect(form.getByRole('textbox', { name: 'Discord server id' })).toHaveValue('');
  await expect(form.getByText("Using the deployment's bot.", { exact: false })).toBeVisible();
  await expect(form.getByRole('switch', { name: /Roles follow the roster/ })).toBeChecked();
  await expect(page.getByTestId('discord-problem')).toHaveCount(0);

  // The role links name the guild's roles.
  const links = page.getByRole('table', { name: 'Role links' });
  await expect(links.getByTestId('discord-mapping').filter({ hasText: 'BCSO Headquarters' })).toHaveCount(1);
  await expect(links.getByTestId('discord-mapping').filter({ hasText: 'BCSO High Command' })).toHaveCount(1);

  // Differences: every demo member lacks the roles of their rank, shown by name.
  const differences = page.getByRole('table', { name: 'Differences' });
  await expect(differences).toBeVisible();
  const alex = differences.getByTestId('discord-difference').filter({ hasText: 'Alex Mercer' });
  await expect(alex).toContainText('BCSO High Command');
  await expect(alex.getByRole('button', { name: 'Sync Alex Mercer' })).toBeVisible();
  await expect(page.getByTestId('discord-differences-count')).toContainText('differ from the roster');
  await snapBoth(page, 'discord-differences');

  // On a phone the differences are cards, not a table wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('table', { name: 'Differences' })).toHaveCount(0);
  await expect(page.getByTestId('discord-difference').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Sync now (on the phone): the run is followed until it finishes, then nothing differs.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('discord-differences-empty')).toHaveText(ALL_MATCH, { timeout: 30_000 });
  const last = page.getByTestId('discord-last-run');
  await expect(last).toContainText(/Last sync .+ by Alex Mercer: \d+ done, 0 failed of \d+ members?\./);
  await expect(last.getByRole('button', { name: /Show what changed \(\d+\)/ })).toBeVisible();
  await last.getByRole('button', { name: /Show what changed/ }).click();
  await expect(last.getByText(/^Alex Mercer: given .*BCSO High Command/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'discord-synced-phone');
  await page.setViewportSize(DESKTOP);
  await expectNoSidewaysScroll(page);
  await snap(page, 'discord-synced-desktop');

  // Read again from the server: still nothing to do.
  await page.reload();
  await opened(page);
  await expect(page.getByTestId('discord-differences-empty')).toHaveText(ALL_MATCH);
  await page.context().close();
});

test('Command staff read the settings without changing them (1366 and 390 wide)', async ({ browser }) => {
  const page = await openAs(browser, BCSO_COMMAND, PAGE);
  await opened(page);
  await expect(page.getByRole('form', { name: 'Discord settings' })).toHaveCount(0);
  await expect(page.getByTestId('discord-settings-read-only')).toHaveText(
    'Only High Command can change the Discord server, the bot and role sync.',
  );
  await expect(page.getByText("Using the deployment's bot.")).toBeVisible();
  await expect(page.getByText('Roles follow the roster.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  await snapBoth(page, 'discord-command');
  await page.context().close();
});
