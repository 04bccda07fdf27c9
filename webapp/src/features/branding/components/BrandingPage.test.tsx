import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Theme } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, RAWLIFE, rosterEntry, serveAgency, signedIn, theme } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';

const HC = signedIn(rosterEntry({ name: 'Alex Mercer', level: 'high_command' }));

function serve({ highCommand = true, patchStatus }: { highCommand?: boolean; patchStatus?: number } = {}) {
  const patches: unknown[] = [];
  const uploads: FormData[] = [];
  serveAgency({
    me: HC,
    highCommand: highCommand,
    handle: (request, url) => {
      if (request.method === 'PATCH' && url.pathname === '/api/agencies/rawlife') {
        if (patchStatus !== undefined) return new Response('', { status: patchStatus });
        const body = bodyOf(request) as { theme?: Partial<Theme>; description?: string | null };
        patches.push(body);
        return json({ ...RAWLIFE, description: body.description ?? RAWLIFE.description, theme: theme(body.theme) });
      }
      if (request.method === 'POST' && url.pathname === '/api/uploads/agency-media') {
        uploads.push(request.body as FormData);
        return json({ url: '/media/agencies/rawlife/new.png' });
      }
      return undefined;
    },
  });
  return { patches, uploads };
}

describe('BrandingPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('previews the draft on the live shell and saves it', async () => {
    const { patches } = serve();
    const user = userEvent.setup();
    renderApp('/command/branding');
    const title = await screen.findByRole('textbox', { name: 'Hero title' }, { timeout: 3000 });
    const hero = screen.getByTestId('home-hero-title');
    expect(hero.textContent).toBe('RawLife Community');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saved' }).disabled).toBe(true);

    await user.type(title, 'Serve with pride');
    await user.click(screen.getByRole('button', { name: 'Preview draft' }));
    expect(await screen.findByText('Preview applied. Remember to save to keep changes.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByTestId('home-hero-title').textContent).toBe('Serve with pride');
    });

    await user.click(screen.getByRole('button', { name: 'Stop preview' }));
    expect(await screen.findByText('Preview cleared. Theme restored.')).toBeTruthy();
    expect(screen.getByTestId('home-hero-title').textContent).toBe('RawLife Community');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Branding updated.')).toBeTruthy();
    expect(patches).toHaveLength(1);
    expect(patches[0]).toEqual({ theme: { heroTitle: 'Serve with pride' } });
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saved' }).disabled).toBe(true);
    });
  });

  it('resets colours, drops empty cards and sends invalid colours as null (the default)', async () => {
    const { patches } = serve();
    const user = userEvent.setup();
    renderApp('/command/branding');
    const surface = await screen.findByRole('textbox', { name: 'Surface' }, { timeout: 3000 });
    await user.clear(surface);
    await user.type(surface, 'not a colour');
    const background = screen.getByRole('textbox', { name: 'Background' });
    await user.clear(background);
    await user.type(background, '#123');
    await user.click(screen.getByRole('button', { name: 'Reset Background' }));
    expect((background as HTMLInputElement).value).toBe('#0b0b0b');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const rows = screen.getAllByTestId('home-card-row');
    await user.type(within(rows[1]!).getByRole('textbox', { name: 'Card 2 title' }), 'Roster');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Branding updated.')).toBeTruthy();
    expect(patches[0]).toEqual({
      theme: { surface: null, homeCards: [{ title: 'Roster', description: '', href: '' }] },
    });
  });

  it('uploads an image into the draft', async () => {
    const { uploads } = serve();
    const user = userEvent.setup();
    renderApp('/command/branding');
    const input = await screen.findByLabelText('Navigation badge file', {}, { timeout: 3000 });
    await user.upload(input, new File(['png'], 'badge.png', { type: 'image/png' }));
    await waitFor(() => {
      expect(screen.getByRole('img', { name: 'Navigation badge preview' }).getAttribute('src')).toBe(
        '/media/agencies/rawlife/new.png',
      );
    });
    expect(uploads[0]?.get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();

    // Leaving before saving asks first (issue 11: the upload used to be dropped silently).
    const home = screen.getAllByRole('link', { name: 'Home' }).find((link) => link.getAttribute('href') === '/');
    await user.click(home!);
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('img', { name: 'Navigation badge preview' }).getAttribute('src')).toBe('/media/agencies/rawlife/new.png');
  });

  it("reports 'Failed to update agency branding (HTTP {status})'", async () => {
    serve({ patchStatus: 502 });
    const user = userEvent.setup();
    renderApp('/command/branding');
    await user.type(await screen.findByRole('textbox', { name: 'Hero subtitle' }, { timeout: 3000 }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Unable to save branding.')).toBeTruthy();
    expect(screen.getByText('Failed to update agency branding (HTTP 502)')).toBeTruthy();
  });

  it('tells other viewers they need High Command', async () => {
    serve({ highCommand: false });
    renderApp('/command/branding');
    expect(
      await screen.findByText('You need High Command access to modify agency branding.', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });
});
