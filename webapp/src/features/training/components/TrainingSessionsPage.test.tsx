import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Me } from '@/api/types';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { bodyOf, json, type RecordedRequest, serveAgency, signedIn } from '@/test-utils/fixtures';
import { screen, waitFor, within } from '@/test-utils/render';
import type { Session, SessionPatch } from '../api/training';
import { FTO_AND_TRAINEE, FTO_ONLY_HINT, MANAGERS_ONLY, OWN_STEPS } from '../lib/sessions';
import { CASEY, PATROL, ROSTER, SAM, session, STRUCTURE, TRAFFIC } from './fixtures';

type Answer = (request: RecordedRequest) => Response | Promise<Response> | undefined;

/** Only supervisors and up manage training (the viewer's level decides). */
const MANAGED = { fto_training_management: { public: false, levels: ['supervisor'], roles: [] } };

function serve({
  me = signedIn(SAM),
  sessions = [session()],
  templates,
  list,
  detail,
  write,
  roster,
}: {
  me?: Me;
  sessions?: Session[];
  templates?: Answer;
  list?: Answer;
  detail?: Answer;
  write?: Answer;
  roster?: Answer;
} = {}) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let stored = [...sessions];
  serveAgency({
    me,
    items: MANAGED,
    handle: (request, url) => {
      if (url.pathname === '/api/roster') return roster?.(request) ?? json(ROSTER);
      if (url.pathname === '/api/structure') return json(STRUCTURE);
      if (url.pathname === '/api/trainings' && request.method === 'GET') return templates?.(request) ?? json([PATROL, TRAFFIC]);
      if (url.pathname === '/api/trainings/assignments' && request.method === 'GET') return list?.(request) ?? json(stored);
      const match = /^\/api\/trainings\/assignments\/(\d+)$/.exec(url.pathname);
      if (match && request.method === 'GET') {
        const found = stored.find((s) => s.id === Number(match[1]));
        return detail?.(request) ?? (found ? json(found) : json({ error: 'Session not found' }, 404));
      }
      if (!url.pathname.startsWith('/api/trainings')) return undefined;
      writes.push({ method: request.method, path: url.pathname, body: bodyOf(request) });
      const answer = write?.(request);
      if (answer !== undefined) return answer;
      if (url.pathname === '/api/trainings/assign') {
        const body = bodyOf(request) as Session;
        const created = session({ ...body, id: 50, templateTitle: 'Patrol phase one', status: 'scheduled' });
        stored = [created, ...stored];
        return json(created, 201);
      }
      const id = Number(match?.[1]);
      if (request.method === 'DELETE') {
        stored = stored.filter((s) => s.id !== id);
        return new Response(null, { status: 204 });
      }
      const patch = bodyOf(request) as SessionPatch;
      const current = stored.find((s) => s.id === id)!;
      let next: Session;
      if (patch.updateItem) {
        const item = patch.updateItem;
        next = {
          ...current,
          // As the server does: the first step done starts a scheduled session.
          status: item.done && current.status === 'scheduled' ? 'in_progress' : current.status,
          checklist: current.checklist.map((c) =>
            c.id === item.id
              ? {
                  ...c,
                  done: item.done,
                  doneBy: item.done ? 'Sam Whitaker' : null,
                  doneAt: item.done ? '2026-03-12T19:00:00Z' : null,
                  doneById: item.done ? '3' : null,
                }
              : c,
          ),
        };
      } else {
        next = {
          ...current,
          sessionName: patch.sessionName ?? current.sessionName,
          notes: patch.notes ?? current.notes,
          status: patch.status ?? current.status,
          scheduledAt: patch.scheduledAt ?? null,
          ftos: patch.ftos ?? current.ftos,
          trainees: patch.trainees ?? current.trainees,
        };
      }
      stored = stored.map((s) => (s.id === id ? next : s));
      return json(next);
    },
  });
  return { writes };
}

const card = async (name: string) =>
  (await screen.findAllByTestId('session-card', {}, { timeout: 5000 })).find((c) => within(c).queryByRole('heading', { name }) !== null)!;

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create session' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Create session' });
}

describe('TrainingSessionsPage', { timeout: 30_000 }, () => {
  beforeEach(resetAppStores);

  it('groups sessions under Scheduled, In progress and Completed (an unknown status under Scheduled)', async () => {
    serve({
      sessions: [
        session({ id: 1, sessionName: 'Week one', status: 'scheduled' }),
        session({ id: 2, sessionName: 'Week two', status: 'in_progress' }),
        session({ id: 3, sessionName: 'Traffic day', status: 'completed', templateTitle: 'Traffic enforcement' }),
        session({ id: 4, sessionName: '', status: 'paused', templateTitle: 'Oddity' }),
      ],
    });
    renderApp('/fto/training');
    expect(await screen.findByRole('heading', { level: 1, name: 'Training sessions' }, { timeout: 5000 })).toBeTruthy();
    await card('Week one');
    const names = (group: string) =>
      within(screen.getByTestId(`sessions-${group}`))
        .queryAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(names('scheduled')).toEqual(['Week one', 'Oddity']);
    expect(names('in_progress')).toEqual(['Week two']);
    expect(names('completed')).toEqual(['Traffic day']);
    const week = await card('Week one');
    expect(within(week).getByText('Jordan Reyes')).toBeTruthy();
    expect(within(week).getByText('Casey Nguyen')).toBeTruthy();
    expect(within(week).getByText('0 of 3 done (0 of 2 required)')).toBeTruthy();
  });

  it("joins both load failures with ' | '", async () => {
    serve({ templates: () => new Response('', { status: 500 }), list: () => new Response('', { status: 500 }) });
    renderApp('/fto/training');
    expect((await screen.findByTestId('training-load-error', {}, { timeout: 5000 })).textContent).toBe(
      'Failed to load templates | Failed to load sessions',
    );
  });

  it("creates a session: 'Select a training template', 'Add at least one trainee', then 'Session created'", async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training');
    const dialog = await openCreate(user);
    // The viewer starts as the FTO.
    expect(within(within(dialog).getByRole('list', { name: 'FTOs' })).getByText('Sam Whitaker')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(within(dialog).getByText('Select a training template')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Training template' }));
    await user.click(await screen.findByRole('option', { name: 'Patrol phase one' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(within(dialog).getByText('Add at least one trainee')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Session name' }), ' Night ride ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), ' Bring a radio ');

    // The FTO picker lists FTO-like members (by role name or rank) first.
    await user.click(within(dialog).getByRole('button', { name: 'Add FTO' }));
    const ftoPicker = await screen.findByRole('dialog', { name: 'Select FTOs' });
    const people = await within(ftoPicker).findAllByTestId('picker-person');
    expect(people.map((p) => within(p).getByText(/^[A-Z][a-z]+ [A-Z][a-z]+$/).textContent)).toEqual([
      'Avery Alvarez',
      'Finley Patel',
      'Casey Nguyen',
      'Jordan Reyes',
      'Sam Whitaker',
    ]);
    expect(within(people[0]!).getByText('FTO')).toBeTruthy();
    expect(within(people[2]!).queryByText('FTO')).toBeNull();
    expect(within(ftoPicker).getByRole('button', { name: 'Remove Sam Whitaker' })).toBeTruthy();
    await user.click(within(ftoPicker).getByRole('button', { name: 'Add Avery Alvarez' }));
    await user.click(within(ftoPicker).getByRole('button', { name: 'Done' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add trainee' }));
    const traineePicker = await screen.findByRole('dialog', { name: 'Select trainees' });
    await user.type(within(traineePicker).getByRole('textbox', { name: 'Search' }), 'r-13{Enter}');
    expect(within(traineePicker).getByRole('button', { name: 'Remove Casey Nguyen' })).toBeTruthy();
    await user.click(within(traineePicker).getByRole('button', { name: 'Done' }));
    expect(within(dialog).queryByText('Add at least one trainee')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/trainings/assign',
      body: {
        templateId: 7,
        sessionName: 'Night ride',
        scheduledAt: null,
        notes: 'Bring a radio',
        ftos: [
          { id: '3', name: 'Sam Whitaker' },
          { id: '10', name: 'Avery Alvarez' },
        ],
        trainees: [{ id: '4', name: 'Casey Nguyen' }],
      },
    });
    expect(await screen.findByText('Session created')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Create session' })).toBeNull();
    });
    expect(await card('Night ride')).toBeTruthy();
  });

  it('Escape in the trainee picker closes the picker only; on Create session with changes it asks first (issue 21)', async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Session name' }), 'Night ride');
    await user.click(within(dialog).getByRole('button', { name: 'Add trainee' }));
    const picker = await screen.findByRole('dialog', { name: 'Select trainees' });
    await user.click(await within(picker).findByRole('button', { name: 'Add Casey Nguyen' }));
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Select trainees' })).toBeNull();
    });
    // Before: the dialog beneath closed too, and what was typed and picked was lost.
    expect(screen.getByRole('dialog', { name: 'Create session' })).toBe(dialog);
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Session name' }).value).toBe('Night ride');
    expect(within(within(dialog).getByRole('list', { name: 'Trainees' })).getByText('Casey Nguyen')).toBeTruthy();

    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
    });
    expect(screen.getByRole('dialog', { name: 'Create session' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Close this dialog' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Create session' })).toBeNull();
    });
    expect(writes).toHaveLength(0);
  });

  it("shows 'Failed to create session' or the server's text", async () => {
    const user = userEvent.setup();
    let answer = json({ error: 'Select a training template' }, 400);
    serve({ write: () => answer });
    renderApp('/fto/training');
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Training template' }));
    await user.click(await screen.findByRole('option', { name: 'Traffic enforcement' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add trainee' }));
    const picker = await screen.findByRole('dialog', { name: 'Select trainees' });
    await user.click(await within(picker).findByRole('button', { name: 'Add Casey Nguyen' }));
    await user.click(within(picker).getByRole('button', { name: 'Done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect((await within(dialog).findByTestId('create-session-error')).textContent).toBe('Select a training template');
    answer = new Response('', { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    await waitFor(() => {
      expect(within(dialog).getByTestId('create-session-error').textContent).toBe('Failed to create session');
    });
  });

  it("shows 'Unable to load roster' in the picker", async () => {
    const user = userEvent.setup();
    serve({ roster: () => new Response('', { status: 500 }) });
    renderApp('/fto/training');
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add trainee' }));
    const picker = await screen.findByRole('dialog', { name: 'Select trainees' });
    const alert = await within(picker).findByRole('alert');
    expect(within(alert).getByText('Unable to load roster')).toBeTruthy();
    expect(within(alert).getByText('Failed to load roster')).toBeTruthy();
  });

  it('ticks a checklist item (who and when shown), sets the status and saves the session', async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training');
    await user.click(within(await card('Week one ride-along')).getByRole('button', { name: 'Manage Week one ride-along' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage: Week one ride-along' });
    const radio = await within(dialog).findByRole('checkbox', { name: 'Radio procedure' });
    await user.click(radio);
    await waitFor(() => {
      expect(within(dialog).getByTestId('checklist-done-by').textContent).toMatch(/^Done by Sam Whitaker on 12 Mar 2026, /);
    });
    expect((within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Radio procedure' })).checked).toBe(true);
    expect(within(dialog).getByTestId('session-progress').textContent).toBe('1 of 3 done (1 of 2 required)');
    expect(writes[0]).toEqual({
      method: 'PATCH',
      path: '/api/trainings/assignments/1',
      body: { updateItem: { id: 's1', done: true, doneBy: null, doneById: null } },
    });
    // The card follows.
    expect(within(await card('Week one ride-along')).getByText('1 of 3 done (1 of 2 required)')).toBeTruthy();
    // A quiet confirmation, and the first step done started the session (issue 21).
    expect(await screen.findByText('Step marked done.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'In progress' }).checked).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: 'Completed' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Notes' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Passed.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes).toHaveLength(2);
    });
    // The session as stored, with the notes and status changed here.
    const { sessionName, ftos, trainees } = session();
    expect(writes[1]?.body).toEqual({ sessionName, scheduledAt: '2026-03-12T18:30:00.000Z', notes: 'Passed.', status: 'completed', ftos, trainees });
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    await waitFor(() => {
      expect(within(screen.getByTestId('sessions-completed')).getByRole('heading', { name: 'Week one ride-along' })).toBeTruthy();
    });
  });

  it("refuses a session without trainees: 'A session must have at least one trainee'", async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training');
    await user.click(within(await card('Week one ride-along')).getByRole('button', { name: 'Manage Week one ride-along' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage: Week one ride-along' });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Casey Nguyen from Trainees' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A session must have at least one trainee')).toBeTruthy();
    expect(writes).toHaveLength(0);
  });

  it("says 'Failed to update checklist' and 'Failed to save session' on failures", async () => {
    const user = userEvent.setup();
    serve({ write: () => new Response('', { status: 500 }) });
    renderApp('/fto/training');
    await user.click(within(await card('Week one ride-along')).getByRole('button', { name: 'Manage Week one ride-along' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage: Week one ride-along' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Traffic stop' }));
    expect(await screen.findByText('Failed to update checklist')).toBeTruthy();
    expect(screen.getByText('Failed to update checklist item')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('save-session-error')).textContent).toBe('Failed to save session');
  });

  it("closes with 'Unable to open session' when the session cannot be read", async () => {
    const user = userEvent.setup();
    serve({ detail: () => new Response('', { status: 500 }) });
    renderApp('/fto/training');
    await user.click(within(await card('Week one ride-along')).getByRole('button', { name: 'Manage Week one ride-along' }));
    expect(await screen.findByText('Unable to open session')).toBeTruthy();
    expect(screen.getByText('Unable to load session')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: /Week one/ })).toBeNull();
    });
  });

  it("deletes after 'Delete this training session?'", async () => {
    const user = userEvent.setup();
    const { writes } = serve();
    renderApp('/fto/training');
    await user.click(within(await card('Week one ride-along')).getByRole('button', { name: 'Delete Week one ride-along' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this training session?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(writes).toEqual([{ method: 'DELETE', path: '/api/trainings/assignments/1', body: undefined }]);
    });
    expect(await screen.findByText('Session deleted')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Week one ride-along' })).toBeNull();
    });
  });

  it('shows a deputy the sessions read-only, and lets an FTO of a session manage it', async () => {
    const user = userEvent.setup();
    serve({
      me: signedIn(CASEY),
      sessions: [
        session({ id: 1, sessionName: 'Week one ride-along' }),
        session({ id: 2, sessionName: 'Coached', ftos: [{ id: '4', name: 'Casey Nguyen' }], trainees: [{ id: '2', name: 'Jordan Reyes' }] }),
      ],
    });
    renderApp('/fto/training');
    const week = await card('Week one ride-along');
    expect(screen.queryByRole('button', { name: 'Create session' })).toBeNull();
    expect(within(week).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(await card('Coached')).getByRole('button', { name: 'Manage Coached' })).toBeTruthy();
    await user.click(within(week).getByRole('button', { name: 'View Week one ride-along' }));
    const dialog = await screen.findByRole('dialog', { name: 'Week one ride-along' });
    expect((await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Radio procedure' })).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Add trainee' })).toBeNull();
  });

  describe("issue 19's FTO powers", () => {
    const COACHED = session({
      id: 2,
      sessionName: 'Coached',
      ftos: [{ id: '4', name: 'Casey Nguyen' }],
      trainees: [{ id: '2', name: 'Jordan Reyes' }],
    });

    it('shows an FTO who is not a training manager the name, time and people read-only; they tick, and save notes and status only', async () => {
      const user = userEvent.setup();
      let refuse = false;
      const { writes } = serve({
        me: signedIn(CASEY),
        sessions: [COACHED],
        write: () => (refuse ? json({ error: MANAGERS_ONLY }, 403) : undefined),
      });
      renderApp('/fto/training');
      await user.click(within(await card('Coached')).getByRole('button', { name: 'Manage Coached' }));
      const dialog = await screen.findByRole('dialog', { name: 'Manage: Coached' });
      expect((await within(dialog).findByTestId('fto-only-hint')).textContent).toBe(FTO_ONLY_HINT);
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Session name' }).readOnly).toBe(true);
      expect(within(dialog).getByRole('button', { name: 'Scheduled time' }).hasAttribute('data-read-only')).toBe(true);
      expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Notes' }).readOnly).toBe(false);
      expect(within(dialog).queryByRole('button', { name: 'Add FTO' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Add trainee' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: /^Remove / })).toBeNull();
      expect(within(within(dialog).getByRole('list', { name: 'FTOs' })).getByText('Casey Nguyen')).toBeTruthy();
      expect(within(within(dialog).getByRole('list', { name: 'Trainees' })).getByText('Jordan Reyes')).toBeTruthy();
      expect(within(dialog).queryByTestId('trainee-hint')).toBeNull();

      // Ticks a step.
      await user.click(within(dialog).getByRole('checkbox', { name: 'Radio procedure' }));
      await waitFor(() => {
        expect(writes).toHaveLength(1);
      });
      expect(writes[0]?.body).toEqual({ updateItem: { id: 's1', done: true, doneBy: null, doneById: null } });

      // Notes and status: only they are sent.
      await user.click(within(dialog).getByRole('radio', { name: 'In progress' }));
      await user.clear(within(dialog).getByRole('textbox', { name: 'Notes' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Good radio work.');
      // Should the server still refuse, its sentence is shown.
      refuse = true;
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect((await within(dialog).findByTestId('save-session-error')).textContent).toBe(MANAGERS_ONLY);
      refuse = false;
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        expect(writes).toHaveLength(3);
      });
      expect(writes[2]?.body).toEqual({ notes: 'Good radio work.', status: 'in_progress' });
      expect(await screen.findByText('Changes saved')).toBeTruthy();
    });

    it("shows a trainee the steps disabled with 'Trainees cannot tick their own training steps.', even a training manager", async () => {
      const user = userEvent.setup();
      serve({
        me: signedIn(CASEY),
        sessions: [session({ id: 1, sessionName: 'Week one ride-along' })],
      });
      renderApp('/fto/training');
      await user.click(within(await card('Week one ride-along')).getByRole('button', { name: 'View Week one ride-along' }));
      const dialog = await screen.findByRole('dialog', { name: 'Week one ride-along' });
      expect((await within(dialog).findByTestId('trainee-hint')).textContent).toBe(OWN_STEPS);
      for (const box of within(dialog).getAllByRole<HTMLInputElement>('checkbox')) expect(box.disabled).toBe(true);
    });

    it('keeps a training manager who is a trainee from ticking, and shows the refusal the server still sends', async () => {
      const user = userEvent.setup();
      serve({
        sessions: [
          session({ id: 1, sessionName: 'Sergeant refresher', trainees: [{ id: '3', name: 'Sam Whitaker' }] }),
          session({ id: 2, sessionName: 'Week one ride-along' }),
        ],
        write: () => json({ error: OWN_STEPS }, 403),
      });
      renderApp('/fto/training');
      await user.click(within(await card('Sergeant refresher')).getByRole('button', { name: 'Manage Sergeant refresher' }));
      let dialog = await screen.findByRole('dialog', { name: 'Manage: Sergeant refresher' });
      expect((await within(dialog).findByTestId('trainee-hint')).textContent).toBe(OWN_STEPS);
      expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Radio procedure' }).disabled).toBe(true);
      // The manager still changes the people.
      expect(within(dialog).getByRole('button', { name: 'Add FTO' })).toBeTruthy();
      expect(within(dialog).queryByTestId('fto-only-hint')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));

      // Where the screen allows a tick and the server refuses it, its sentence is shown.
      await user.click(within(await card('Week one ride-along')).getByRole('button', { name: 'Manage Week one ride-along' }));
      dialog = await screen.findByRole('dialog', { name: 'Manage: Week one ride-along' });
      await user.click(await within(dialog).findByRole('checkbox', { name: 'Traffic stop' }));
      expect(await screen.findByText(OWN_STEPS)).toBeTruthy();
    });

    it('does not offer an FTO as a trainee or a trainee as an FTO when creating, and shows the server\'s refusal', async () => {
      const user = userEvent.setup();
      const { writes } = serve({ write: () => json({ error: FTO_AND_TRAINEE }, 400) });
      renderApp('/fto/training');
      const dialog = await openCreate(user);
      await user.click(within(dialog).getByRole('combobox', { name: 'Training template' }));
      await user.click(await screen.findByRole('option', { name: 'Patrol phase one' }));

      // The viewer is the FTO: the trainee picker marks them and does not add them.
      await user.click(within(dialog).getByRole('button', { name: 'Add trainee' }));
      const trainees = await screen.findByRole('dialog', { name: 'Select trainees' });
      const sam = (await within(trainees).findAllByTestId('picker-person')).find((p) => within(p).queryByText('Sam Whitaker'))!;
      expect(within(sam).getByTestId('picker-taken').textContent).toBe('Already an FTO');
      expect(within(sam).getByRole<HTMLButtonElement>('button', { name: 'Add Sam Whitaker' }).disabled).toBe(true);
      await user.type(within(trainees).getByRole('textbox', { name: 'Search' }), 'Whitaker{Enter}');
      expect(within(trainees).queryByRole('button', { name: 'Remove Sam Whitaker' })).toBeNull();
      await user.clear(within(trainees).getByRole('textbox', { name: 'Search' }));
      await user.click(within(trainees).getByRole('button', { name: 'Add Casey Nguyen' }));
      await user.click(within(trainees).getByRole('button', { name: 'Done' }));

      // The FTO picker marks the trainee.
      await user.click(within(dialog).getByRole('button', { name: 'Add FTO' }));
      const ftos = await screen.findByRole('dialog', { name: 'Select FTOs' });
      expect(within(ftos).getByRole<HTMLButtonElement>('button', { name: 'Add Casey Nguyen' }).disabled).toBe(true);
      expect(within(ftos).getAllByTestId('picker-taken').map((t) => t.textContent)).toEqual(['Already a trainee']);
      await user.click(within(ftos).getByRole('button', { name: 'Done' }));
      expect(within(dialog).queryByText(FTO_AND_TRAINEE)).toBeNull();

      // Should the server still refuse (it compares names where an id is missing), its sentence is shown.
      await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
      expect((await within(dialog).findByTestId('create-session-error')).textContent).toBe(FTO_AND_TRAINEE);
      expect(writes).toHaveLength(1);
    });

    it('marks a session that lists someone as FTO and trainee, and refuses to save it before sending', async () => {
      const user = userEvent.setup();
      const { writes } = serve({
        sessions: [
          session({
            id: 1,
            sessionName: 'Mixed up',
            ftos: [{ id: '2', name: 'Jordan Reyes' }],
            trainees: [
              { id: '4', name: 'Casey Nguyen' },
              { id: '2', name: 'Jordan Reyes' },
            ],
          }),
        ],
      });
      renderApp('/fto/training');
      await user.click(within(await card('Mixed up')).getByRole('button', { name: 'Manage Mixed up' }));
      const dialog = await screen.findByRole('dialog', { name: 'Manage: Mixed up' });
      expect(await within(dialog).findByText(FTO_AND_TRAINEE)).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(writes).toHaveLength(0);
      // The trainee picker leaves out the FTO, but still lets them be removed there.
      await user.click(within(dialog).getByRole('button', { name: 'Add trainee' }));
      const picker = await screen.findByRole('dialog', { name: 'Select trainees' });
      await user.click(await within(picker).findByRole('button', { name: 'Remove Jordan Reyes' }));
      expect(within(picker).getByRole<HTMLButtonElement>('button', { name: 'Add Jordan Reyes' }).disabled).toBe(true);
      await user.click(within(picker).getByRole('button', { name: 'Done' }));
      await waitFor(() => {
        expect(within(dialog).queryByText(FTO_AND_TRAINEE)).toBeNull();
      });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        expect(writes).toHaveLength(1);
      });
      expect((writes[0]?.body as SessionPatch).trainees).toEqual([{ id: '4', name: 'Casey Nguyen' }]);
    });
  });
});
