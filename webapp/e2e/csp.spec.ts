import { expect, test, type Page } from '@playwright/test';
import { ALEX, DESKTOP, openAs, PHONE } from './helpers';

// The portal's Content-Security-Policy (web.rs `security_headers`): scripts from the portal
// alone (and the document server's origin when ONLYOFFICE_URL is set), inline styles allowed
// for Mantine, no framing. Every screen High Command of the root agency can reach (it sees
// them all) opens at both sizes without the browser refusing a script, style, picture,
// connection or frame. The live SOP editor (WebSocket) and the OnlyOffice editor (the
// stand-in's api.js and frame, on another origin) run under the same policy in
// sops-collab.spec.ts and sops-onlyoffice.spec.ts.
const SCREENS = [
  '/',
  '/roster',
  '/profile',
  '/sops',
  '/structure/vehicles',
  '/structure/equipment',
  '/structure/uniforms',
  '/reports/arrest',
  '/apply',
  '/apply/status',
  '/fto/training',
  '/fto/training-management',
  '/supervisor/uof',
  '/supervisor/arrests',
  '/supervisor/duty',
  '/supervisor/leave',
  '/supervisor/applications',
  '/command/department',
  '/command/permissions',
  '/command/branding',
  '/command/logs',
  '/command/analytics',
  '/command/analytics/agencies',
  '/command/agencies',
  '/command/alerts',
  '/command/discord',
  '/command/api-tokens',
  '/command/qualifications',
  '/command/recruitment',
  '/command/penal-codes',
  '/command/sops',
  '/command/vehicles',
  '/command/equipment',
  '/command/uniforms',
];

/** What the browser refused under the policy, as its console reports it. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(`${page.url()}: ${message.text()}`);
  });
  return refused;
}

test('the portal answers with its security headers', async ({ request }) => {
  for (const path of ['/', '/roster', '/api/agencies/rawlife/config', '/auth/demo']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('same-origin');
  }
});

test('every screen opens under the policy, on a desktop and on a phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await openAs(browser, ALEX, '/');
  const refused = refusals(page);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const screen of SCREENS) {
      await page.goto(screen);
      await expect(page.getByTestId('portal-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
  }
  expect(refused).toEqual([]);
});
