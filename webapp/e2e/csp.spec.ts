import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ALEX, DESKTOP, PHONE, signIn } from './helpers';

// The portal's Content-Security-Policy (web.rs `security_headers`): scripts from the portal
// alone (and the document server's origin when ONLYOFFICE_URL is set), inline styles allowed
// for Mantine, no framing. Every screen High Command of the root agency can reach (it sees
// them all), the demo sign-in page before it, a personnel file and a printable report open at
// both sizes without the browser refusing a script, style, picture, connection or frame; the
// editor's frame may come from the document server and from nowhere else. The live SOP
// editor's WebSocket runs under the same policy in sops-collab.spec.ts.
const SCREENS = [
  '/',
  '/about',
  '/roster',
  '/profile',
  '/sops',
  '/structure/vehicles',
  '/structure/equipment',
  '/structure/uniforms',
  '/reports/arrest',
  '/report/use-of-force-report',
  '/report/ticket-report',
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
  '/command/messages',
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

/**
 * Every page of `context` records what the policy made the browser refuse (the
 * `securitypolicyviolation` event, from the first byte of each document on).
 */
async function watchPolicy(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const refused: string[] = [];
    Object.defineProperty(window, '__refused', { value: refused });
    document.addEventListener('securitypolicyviolation', (event) => {
      refused.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}

/** What the policy refused in the page's current document. */
async function refusedIn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __refused?: string[] }).__refused ?? []);
}

/** Every console report of a refusal (Chromium's wording, and Firefox's), across navigations. */
function consoleRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
  });
  return refused;
}

/** The first id a list of the API answers (a demo record to open). */
async function firstId(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path);
  expect(response.ok(), path).toBe(true);
  const [first] = (await response.json()) as { id: number }[];
  if (first === undefined) throw new Error(`${path} lists nothing to open`);
  return first.id;
}

test('the portal answers with its security headers', async ({ request }) => {
  for (const path of ['/', '/roster', '/api/agencies/rawlife/config', '/auth/demo', '/api/no-such-route']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(headers['content-security-policy'], path).toContain("frame-src 'none'");
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('same-origin');
  }
});

test('every screen opens under the policy, on a desktop and on a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  await watchPolicy(context);
  const page = await context.newPage();
  const logged = consoleRefusals(page);
  const refused: string[] = [];
  await page.goto('/');
  await signIn(page, ALEX);
  const person = await firstId(page, '/api/roster');
  const arrest = await firstId(page, '/api/arrests?limit=1');
  const screens = [...SCREENS, `/roster/${String(person)}/file`, `/reports/print/arrest/${String(arrest)}`];
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const screen of screens) {
      await page.goto(screen);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#root')).not.toBeEmpty();
      refused.push(...(await refusedIn(page)).map((what) => `${screen}: ${what}`));
    }
  }
  expect(refused).toEqual([]);
  expect(logged).toEqual([]);
  await context.close();
});

test("the editor's frame may come from the document server, and from nowhere else", async ({ browser }) => {
  const base = process.env.PORTAL_OFFICE_URL ?? '';
  expect(base, 'PORTAL_OFFICE_URL: run through scripts/e2e or scripts/test').not.toBe('');
  const context = await browser.newContext();
  await watchPolicy(context);
  const page = await context.newPage();
  const response = await page.goto(new URL('/', base).toString());
  const policy = response?.headers()['content-security-policy'] ?? '';
  const server = /frame-src ([^;]+)/.exec(policy)?.[1]?.trim() ?? '';
  expect(server, policy).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(policy).toContain(`script-src 'self' ${server};`);
  await page.evaluate((sources) => {
    for (const src of sources) {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }
  }, [`${server}/web-apps/apps/api/documents/api.js`, 'http://127.0.0.1:9/elsewhere']);
  await expect.poll(() => refusedIn(page)).toEqual(['frame-src http://127.0.0.1:9']) // a cross-origin address is reported by its origin;
  await context.close();
});
