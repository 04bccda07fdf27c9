import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, type RecordedRequest, serveAgency, signedIn } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import type { Template, TemplateDraft } from '../api/training';
import { PATROL, SAM, TRAFFIC } from './fixtures';

const MANAGER = signedIn(SAM);

type Answer = (request: RecordedRequest) => Response | Promise<Response> | undefined;

function serve({
  templates = [PATROL, TRAFFIC],
  load,
  write,
  onLeave = false,
}: { templates?: Template[]; load?: Answer; write?: Answer; onLeave?: boolean } = {}) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let list = [...templates];
  let nextId = 100;
  serveAgency({
    me: MANAGER,
    viewer: { canManage: !onLeave },
    handle: (request, url) => {
      if (!url.pathname.startsWith('/api/trainings')) return undefined;
      if (request.method === 'GET') return load?.(request) ?? json(list);
      writes.push({ method: request.method, path: url.pathname, body: bodyOf(request) });
      const answer = write?.(request);
      if (answer !== undefined) return answer;
      const id = Number(url.pathname.split('/').pop());
      if (request.method === 'DELETE') {
        list = list.filter((t) => t.id !== id);
        return new Response(null, { status: 204 });
      }
      const draft = bodyOf(request) as TemplateDraft;
      const saved: Template = {
        id: request.method === 'POST' ? nextId++ : id,
        title: draft.title,
        description: draft.description,
        steps: draft.steps.map((s, i) => ({ ...s, id: s.id === '' ? `new-${String(i)}` : s.id })),
        createdAt: '2026-02-01T00:00:00Z',
        updatedAt: '2026-02-01T00:00:00Z',
      };
      list = request.method === 'POST' ? [...list, saved] : list.map((t) => (t.id === id ? saved : t));
      return json(saved, request.method === 'POST' ? 201 : 200);
    },
  });
  return { writes };
}

const row = async (title: string) =>
  (await screen.findAllByTestId('template-row', {}, { timeout: 5000 })).find((r) => within(r).queryByRole('heading', { name: title }) !== null)!;

describe('TrainingManagementPage', { timeout: 30_000 }, () => {
  beforeEach(resetAppStores);

  it('lists the templates with their steps and searches them', async () => {
    const user = userEvent.setup();
    serve();
    renderApp('/fto/training-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'Training templates' }, { timeout: 5000 })).toBeTruthy();
    const patrol = await row('Patrol phase one');
    expect(within(patrol).getByText('3 steps (2 required)')).toBeTruthy();
    expect(within(patrol).getByText('The first two weeks on patrol.')).toBeTruthy();
    expect(within(await row('Traffic enforcement')).getByText('1 step')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search templates' }), 'RADAR');
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Traffic enforcement' })).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search templates' }));
    await user.type(screen.getByRole('textbox', { name: 'Search templates' }), 'pursuit');
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Patrol phase one' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search templates' }), 'zzz');
    expect(screen.getByTestId('templates-empty').textContent).toBe('No templates match your search.');
  });

  it("shows 'Unable to load templates' with the server's text, and Retry", async () => {
    const user = userEvent.setup();
    let answer: Response | undefined = json({ error: 'Database unavailable' }, 503);
    serve({ load: () => answer });
    renderApp('/fto/training-management');
    const card = await screen.findByTestId('templates-unavailable', {}, { timeout: 5000 });
    expect(within(card).getByText('Unable to load templates')).toBeTruthy();
    expect(within(card).getByText('Database unavailable')).toBeTruthy();
    answer = new Response('', { status: 500 });
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByTestId('templates-unavailable')).findByText('Failed to load templates')).toBeTruthy();
    answer = undefined;
    await user.click(within(screen.getByTestId('templates-unavailable')).getByRole('button', { name: 'Retry' }));
    expect(await row('Patrol phase one')).toBeTruthy();
  });

  it("creates a template: title required, a new step required, steps trimmed and empty ones dropped, in the order set", async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training-management');
    await row('Patrol phase one');
    await user.click(screen.getByRole('button', { name: 'New template' }));
    const editor = screen.getByTestId('template-editor');
    expect(within(editor).getByRole('heading', { name: 'New template' })).toBeTruthy();
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    expect(within(editor).getByText('Template title is required')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(within(editor).getByRole('textbox', { name: 'Title' }), '  Night shift  ');
    expect(within(editor).queryByText('Template title is required')).toBeNull();
    await user.type(within(editor).getByRole('textbox', { name: 'Description' }), ' After dark ');
    expect((within(editor).getByRole<HTMLInputElement>('checkbox', { name: 'Step 1 required' })).checked).toBe(true);
    await user.type(within(editor).getByRole('textbox', { name: 'Step 1' }), '  Lights and sirens  ');
    // Enter adds the next step and moves there.
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(editor).getByRole('textbox', { name: 'Step 2' }));
    await user.keyboard('Felony stop');
    await user.click(within(editor).getByRole('checkbox', { name: 'Step 2 required' }));
    await user.click(within(editor).getByRole('button', { name: 'Add step' }));
    expect((within(editor).getByRole<HTMLInputElement>('checkbox', { name: 'Step 3 required' })).checked).toBe(true);
    await user.click(within(editor).getByRole('button', { name: 'Move step 2 up' }));
    expect((within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Step 1' })).value).toBe('Felony stop');
    expect((within(editor).getByRole<HTMLButtonElement>('button', { name: 'Move step 1 up' })).disabled).toBe(true);
    expect((within(editor).getByRole<HTMLButtonElement>('button', { name: 'Move step 3 down' })).disabled).toBe(true);
    await user.click(within(editor).getByRole('button', { name: 'Move step 1 down' }));
    await user.click(within(editor).getByRole('button', { name: 'Move step 2 up' }));
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));

    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/trainings',
      body: {
        title: 'Night shift',
        description: 'After dark',
        steps: [
          { id: '', text: 'Felony stop', required: false },
          { id: '', text: 'Lights and sirens', required: true },
        ],
      },
    });
    expect(await screen.findByText('Template saved')).toBeTruthy();
    // The saved template stays open (its next save is an update).
    expect(await within(screen.getByTestId('template-editor')).findByRole('heading', { name: 'Edit template' })).toBeTruthy();
    expect(await row('Night shift')).toBeTruthy();
  });

  it('removes a step and updates a template with PATCH', async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training-management');
    await user.click(within(await row('Patrol phase one')).getByRole('button', { name: 'Edit Patrol phase one' }));
    const editor = screen.getByTestId('template-editor');
    expect((within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Title' })).value).toBe('Patrol phase one');
    await user.click(within(editor).getByRole('button', { name: 'Remove step 2' }));
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]?.method).toBe('PATCH');
    expect(writes[0]?.path).toBe('/api/trainings/7');
    expect((writes[0]?.body as TemplateDraft).steps.map((s) => s.id)).toEqual(['s1', 's3']);
    expect(await screen.findByText('Template saved')).toBeTruthy();
  });

  it("shows the server's refusal, or 'Failed to save template'", async () => {
    const user = userEvent.setup();
    let answer = json({ error: 'Template title is required' }, 400);
    serve({ write: () => answer });
    renderApp('/fto/training-management');
    await user.click(within(await row('Traffic enforcement')).getByRole('button', { name: 'Edit Traffic enforcement' }));
    const editor = screen.getByTestId('template-editor');
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    expect((await within(editor).findByTestId('template-save-error')).textContent).toBe('Template title is required');
    answer = new Response('', { status: 502 });
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    await waitFor(() => {
      expect(within(editor).getByTestId('template-save-error').textContent).toBe('Failed to save template');
    });
  });

  it("duplicates a template into the editor as a new one: 'Editing duplicate — remember to save'", async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training-management');
    await user.click(within(await row('Patrol phase one')).getByRole('button', { name: 'Duplicate Patrol phase one' }));
    const editor = screen.getByTestId('template-editor');
    expect(within(editor).getByTestId('duplicate-notice').textContent).toBe('Editing duplicate — remember to save');
    expect(within(editor).getByRole('heading', { name: 'New template' })).toBeTruthy();
    expect((within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Title' })).value).toBe('Patrol phase one (copy)');
    expect(writes).toHaveLength(0);
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]?.method).toBe('POST');
    expect(writes[0]?.body).toEqual({
      title: 'Patrol phase one (copy)',
      description: 'The first two weeks on patrol.',
      steps: [
        { id: '', text: 'Radio procedure', required: true },
        { id: '', text: 'Traffic stop', required: true },
        { id: '', text: 'Pursuit briefing', required: false },
      ],
    });
    await waitFor(() => {
      expect(screen.queryByTestId('duplicate-notice')).toBeNull();
    });
  });

  it("deletes after 'Delete this training template?': 'Template deleted'; failures say 'Unable to delete template'", async () => {
    const user = userEvent.setup();
    let fail = true;
    const { writes } = serve({ write: () => (fail ? new Response('', { status: 500 }) : undefined) });
    renderApp('/fto/training-management');
    await user.click(within(await row('Traffic enforcement')).getByRole('button', { name: 'Delete Traffic enforcement' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this training template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete template')).toBeTruthy();
    expect(screen.getByText('Failed to delete template')).toBeTruthy();
    fail = false;
    await user.click(within(await row('Traffic enforcement')).getByRole('button', { name: 'Delete Traffic enforcement' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this training template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Template deleted')).toBeTruthy();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(['DELETE /api/trainings/8', 'DELETE /api/trainings/8']);
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Traffic enforcement' })).toBeNull();
    });
  });

  it('asks before dropping unsaved edits for another template', async () => {
    const user = userEvent.setup();
    serve();
    renderApp('/fto/training-management');
    await user.click(within(await row('Patrol phase one')).getByRole('button', { name: 'Edit Patrol phase one' }));
    await user.type(within(screen.getByTestId('template-editor')).getByRole('textbox', { name: 'Title' }), ' 2');
    await user.click(within(await row('Traffic enforcement')).getByRole('button', { name: 'Edit Traffic enforcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(within(screen.getByTestId('template-editor')).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe(
      'Patrol phase one 2',
    );
  });

  it('is read-only for a member on leave', async () => {
    const user = userEvent.setup();
    serve({ onLeave: true });
    renderApp('/fto/training-management');
    await user.click(within(await row('Patrol phase one')).getByRole('button', { name: 'View Patrol phase one' }));
    expect(screen.getByTestId('loa-notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Duplicate / })).toBeNull();
    const editor = screen.getByTestId('template-editor');
    expect(within(editor).queryByRole('button', { name: 'Save template' })).toBeNull();
    expect((within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Title' })).readOnly).toBe(true);
  });
});
