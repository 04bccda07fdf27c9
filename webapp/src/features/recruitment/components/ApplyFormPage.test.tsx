import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, serveAgency, signedIn, SIGNED_OUT, type RecordedRequest } from '@/test-utils/fixtures';
import { screen, waitFor } from '@/test-utils/render';

const FORM = {
  id: 3,
  title: 'Join BCSO',
  description: 'Tell us about yourself.',
  questions: [
    { id: 'name', label: 'Your name', help: '', kind: 'short_text', required: true, options: [] },
    { id: 'shift', label: 'Shift', help: '', kind: 'choice', required: true, options: ['Day', 'Night'] },
    { id: 'mic', label: 'Microphone?', help: '', kind: 'yes_no', required: false, options: [] },
  ],
};

const ALREADY = 'You have applied to Join BCSO already; your application is at Interview.';

function serve(me = signedIn(null), { refuse = false } = {}) {
  const sent: unknown[] = [];
  serveAgency({
    me,
    handle: (request: RecordedRequest, url) => {
      if (url.pathname === '/api/apply/forms' && request.method === 'GET') return json([FORM]);
      if (url.pathname === '/api/apply/forms/3' && request.method === 'POST') {
        sent.push(bodyOf(request));
        if (refuse) return json({ error: ALREADY }, 409);
        return json(
          { id: 9, formId: 3, formTitle: 'Join BCSO', stage: 'Submitted', stageKind: 'open', hired: false, denialReason: null, createdAt: '2026-12-01T10:00:00Z', updatedAt: '2026-12-01T10:00:00Z' },
          201,
        );
      }
      if (url.pathname === '/api/apply/mine') return json([]);
      return undefined;
    },
  });
  return { sent };
}

describe('ApplyFormPage', { timeout: 20_000 }, () => {
  beforeEach(resetAppStores);

  it('names each missing answer in the server’s words, then sends the answers', async () => {
    const user = userEvent.setup();
    const { sent } = serve();
    renderApp('/apply/3');
    await screen.findByRole('heading', { level: 1, name: 'Join BCSO' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Answer "Your name".')).toBeTruthy();
    expect(screen.getByText('Answer "Shift".')).toBeTruthy();
    expect(screen.getByTestId('apply-problem').textContent).toBe('2 answers need your attention.');
    expect(sent).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Your name' }), ' Drew ');
    await user.click(screen.getByRole('radio', { name: 'Night' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => {
      expect(sent).toEqual([{ answers: { name: 'Drew', shift: 'Night', mic: false } }]);
    });
    expect(await screen.findByText('Application to Join BCSO sent: it is at Submitted.')).toBeTruthy();
  });

  it('shows the server’s refusal (one open application per form)', async () => {
    const user = userEvent.setup();
    serve(signedIn(null), { refuse: true });
    renderApp('/apply/3');
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }, { timeout: 5000 }), 'Drew');
    await user.click(screen.getByRole('radio', { name: 'Day' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findByTestId('apply-problem')).textContent).toBe(ALREADY);
  });

  it('asks a visitor to sign in with Discord and come back to the form', async () => {
    serve(SIGNED_OUT);
    renderApp('/apply/3');
    const link = await screen.findByRole('link', { name: 'Sign in with Discord' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(`/auth/discord?returnTo=${encodeURIComponent('/apply/3')}`);
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
  });
});
