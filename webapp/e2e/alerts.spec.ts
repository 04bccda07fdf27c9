import { expect, test, type Page } from '@playwright/test';
import { ALEX, DEMO_AGENCIES, DESKTOP, expectNoSidewaysScroll, inAgency, openAs, PHONE, snapBoth, snapView } from './helpers';

/**
 * Issue 22: Command → Alerts on BCSO, whose demo data sends every event to a "Command channel"
 * webhook on the Discord stand-in. A promotion on the roster shows up in the delivery log as
 * sent, Send test says what it did, and an address that is not a Discord webhook is refused
 * with the server's sentence.
 */
const BCSO_HIGH_COMMAND = inAgency(ALEX, 'bcso');
const PAGE = '/command/alerts?agency=bcso';
const BAD_ADDRESS = "Use a Discord webhook address (https://discord.com/api/webhooks/…), copied from the channel's Integrations settings.";

interface Promotion {
  id: number;
  name: string;
  from: string;
  to: string;
}

/**
 * Promotes a BCSO deputy who has no Discord account to a supervisor rank of their department,
 * through the API from the page (same origin, the session's cookie); `back` demotes them again.
 */
async function promote(page: Page, back?: Promotion): Promise<Promotion> {
  return page.evaluate(async (back) => {
    const headers = { 'Content-Type': 'application/json', 'X-Agency-Slug': 'bcso' };
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${path}?agency=bcso`, { credentials: 'same-origin', headers, ...init });
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${String(response.status)} ${await response.text()}`);
      return (await response.json()) as unknown;
    };
    interface Entry { id: number; name: string; rankId: string | null; level: string | null; departmentId: string | null; discordId: string | null; version: number }
    interface Structure { departments: { id: string; ranks: { id: string; level: string }[] }[] }
    const entries = (await call('/api/roster')) as Entry[];
    let target: Promotion;
    if (back === undefined) {
      const structure = (await call('/api/structure')) as Structure;
      const supervisorRank = (departmentId: string | null) =>
        structure.departments.find((d) => d.id === departmentId)?.ranks.find((r) => r.level === 'supervisor')?.id;
      const entry = entries.find((e) => e.level === 'deputy' && (e.discordId ?? '') === '' && supervisorRank(e.departmentId) !== undefined);
      if (entry === undefined || entry.rankId === null) throw new Error('no deputy to promote');
      target = { id: entry.id, name: entry.name, from: entry.rankId, to: supervisorRank(entry.departmentId) ?? '' };
    } else {
      target = { ...back, from: back.to, to: back.from };
    }
    const current = entries.find((e) => e.id === target.id);
    await call(`/api/roster/${String(target.id)}`, {
      method: 'PATCH',
      body: JSON.stringify({
        rankId: target.to,
        version: current?.version,
        action: back === undefined ? 'Promotion' : 'Demotion',
        reason: 'Browser test of alerts',
      }),
    });
    return target;
  }, back);
}

async function opened(page: Page): Promise<void> {
  await expect(page.getByTestId('portal-title')).toHaveText(`${DEMO_AGENCIES.bcso.name} Portal`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByTestId('webhook').first()).toBeVisible();
}

test('a promotion reaches the Command channel, Send test says what it did, a bad address is refused (1366 and 390 wide)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await openAs(browser, BCSO_HIGH_COMMAND, PAGE);
  await opened(page);
  const channel = page.getByTestId('webhook').filter({ has: page.getByRole('heading', { name: 'Command channel' }) });
  await expect(channel.getByLabel('Events')).toHaveText('Every event');
  await expect(channel.getByRole('switch', { name: 'Command channel on' })).toBeChecked();
  await expect(channel.getByText(/\/webhooks\/\d+\/••••$/)).toBeVisible();

  // A promotion on the roster: its alert is delivered and the log (read every 5 s) says so.
  const promotion = await promote(page);
  try {
    const log = page.getByRole('table', { name: 'Delivery log' });
    const row = log.getByTestId('delivery').filter({ hasText: `Promoted: ${promotion.name}` }).first();
    await expect(row).toContainText('Promotion or demotion', { timeout: 30_000 });
    await expect(row).toContainText('Sent', { timeout: 30_000 });
    await expect(row).toContainText('Command channel');
  } finally {
    await promote(page, promotion);
  }

  // Send test: its result on the card, and a line in the log.
  await channel.getByRole('button', { name: 'Send test' }).click();
  await expect(channel.getByTestId('webhook-test-result')).toHaveText('Test message sent. Check the channel.');
  const tested = page.getByTestId('delivery').filter({ hasText: 'Test message to Command channel' }).first();
  await expect(tested).toContainText('Sent', { timeout: 15_000 });
  await expect(tested).toContainText('Test message');
  await snapBoth(page, 'alerts');

  // On a phone the log is cards, nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('table', { name: 'Delivery log' })).toHaveCount(0);
  await expect(page.getByTestId('delivery').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Add webhook with an address that is not a Discord webhook: the server's sentence under it.
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await expect(dialog.getByRole('checkbox', { name: 'All events' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Somewhere else');
  await dialog.getByRole('textbox', { name: 'Webhook address' }).fill('https://example.com/hooks/123');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByText(BAD_ADDRESS)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Webhook address' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSidewaysScroll(page);
  await snapView(page, 'alerts-bad-address-phone');
  await page.setViewportSize(DESKTOP);
  await snapView(page, 'alerts-bad-address-desktop');

  // Closing it with its changes asks first; nothing was added.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('webhook')).toHaveCount(1);
  await page.context().close();
});
