import { describe, expect, it } from 'vitest';
import {
  addPerson,
  canChangeSession,
  fieldsOf,
  FTO_AND_TRAINEE,
  ftoFirst,
  groupSessions,
  isFtoLike,
  isTraineeOf,
  listsPerson,
  loadProblem,
  newSessionErrors,
  patchOf,
  personOf,
  removePerson,
  roleNamesOf,
  rolesProblem,
  samePerson,
  SESSION_NEEDS_TRAINEE,
  sessionPowers,
  sessionErrors,
  sessionTitle,
  TEMPLATE_REQUIRED,
  TRAINEE_REQUIRED,
} from './sessions';

const roles = roleNamesOf([
  { roles: [{ id: 'r-fto', name: 'Field Training Officer' }, { id: 'r-disp', name: 'Dispatch' }] },
  { roles: [{ id: 'r-trainer', name: 'Senior TRAINER' }] },
]);

describe('training sessions', () => {
  it('stores people once and ignores empty entries', () => {
    let list = addPerson([], { id: '4', name: 'Casey' });
    list = addPerson(list, { id: '4', name: 'Casey' });
    list = addPerson(list, { id: ' ', name: ' ' });
    list = addPerson(list, { id: '4', name: 'Casey N' });
    expect(list).toEqual([
      { id: '4', name: 'Casey' },
      { id: '4', name: 'Casey N' },
    ]);
    expect(removePerson(list, { id: '4', name: 'Casey' })).toEqual([{ id: '4', name: 'Casey N' }]);
    expect(personOf({ id: 12, name: ' Dale ' })).toEqual({ id: '12', name: 'Dale' });
    expect(listsPerson(list, { id: 4, name: 'x' })).toBe(true);
    expect(listsPerson(list, { id: 5, name: 'x' })).toBe(false);
  });

  it("finds FTO-like members by role name or rank ('fto', 'trainer', any case) and puts them first", () => {
    expect(isFtoLike({ id: 1, name: 'a', rank: 'FTO Sergeant' }, roles)).toBe(true);
    expect(isFtoLike({ id: 1, name: 'a', rank: 'Deputy', roles: ['r-trainer'] }, roles)).toBe(true);
    expect(isFtoLike({ id: 1, name: 'a', rank: 'Deputy', roles: ['r-fto'] }, roles)).toBe(true);
    expect(isFtoLike({ id: 1, name: 'a', rank: 'Deputy', roles: ['r-disp'] }, roles)).toBe(false);
    expect(isFtoLike({ id: 1, name: 'a', rank: 'Deputy', roles: ['unknown-fto-id'] }, roles)).toBe(true);
    expect(isFtoLike({ id: 1, name: 'a', rank: null, roles: null }, roles)).toBe(false);
    const people = [
      { id: 1, name: 'Ann', rank: 'Deputy' },
      { id: 2, name: 'Bo', rank: 'Deputy', roles: ['r-fto'] },
      { id: 3, name: 'Cy', rank: 'Sergeant' },
      { id: 4, name: 'Di', rank: 'Trainer' },
    ];
    expect(ftoFirst(people, roles).map((p) => p.name)).toEqual(['Bo', 'Di', 'Ann', 'Cy']);
  });

  it('validates a new session and a changed one', () => {
    const a = { id: '1', name: 'A' };
    const b = { id: '2', name: 'B' };
    expect(newSessionErrors({ templateId: null, ftos: [], trainees: [] })).toEqual({
      templateId: TEMPLATE_REQUIRED,
      trainees: TRAINEE_REQUIRED,
    });
    expect(newSessionErrors({ templateId: 3, ftos: [], trainees: [] })).toEqual({ trainees: TRAINEE_REQUIRED });
    expect(newSessionErrors({ templateId: 3, ftos: [b], trainees: [a] })).toEqual({});
    expect(newSessionErrors({ templateId: 3, ftos: [b, a], trainees: [a] })).toEqual({ trainees: FTO_AND_TRAINEE });
    expect(sessionErrors({ ftos: [b], trainees: [] })).toEqual({ trainees: SESSION_NEEDS_TRAINEE });
    expect(sessionErrors({ ftos: [b], trainees: [a] })).toEqual({});
    expect(sessionErrors({ ftos: [a], trainees: [a] })).toEqual({ trainees: FTO_AND_TRAINEE });
  });

  it('finds the same person as the server does: by roster id, else by name in any case', () => {
    expect(samePerson({ id: '4', name: 'Casey' }, { id: '4', name: 'Someone else' })).toBe(true);
    expect(samePerson({ id: '4', name: 'Casey' }, { id: '5', name: 'Casey' })).toBe(false);
    expect(samePerson({ id: '', name: 'Casey Nguyen' }, { id: '5', name: 'casey nguyen' })).toBe(true);
    expect(samePerson({ id: '', name: '' }, { id: '', name: '' })).toBe(false);
    expect(rolesProblem([{ id: '', name: 'Dale' }], [{ id: '7', name: 'DALE' }])).toBe(FTO_AND_TRAINEE);
    expect(rolesProblem([{ id: '1', name: 'Dale' }], [{ id: '7', name: 'Dale' }])).toBeNull();
  });

  it("joins the load failures with ' | '", () => {
    expect(loadProblem(null, null)).toBeNull();
    expect(loadProblem('Failed to load templates', null)).toBe('Failed to load templates');
    expect(loadProblem('Failed to load templates', 'Failed to load sessions')).toBe(
      'Failed to load templates | Failed to load sessions',
    );
  });

  it('groups sessions by status, unknown ones under scheduled', () => {
    const groups = groupSessions([
      { id: 1, status: 'completed' },
      { id: 2, status: 'weird' },
      { id: 3, status: 'in_progress' },
      { id: 4, status: 'scheduled' },
      { id: 5, status: 'Completed' },
    ]);
    expect(groups.scheduled.map((s) => s.id)).toEqual([2, 4]);
    expect(groups.in_progress.map((s) => s.id)).toEqual([3]);
    expect(groups.completed.map((s) => s.id)).toEqual([1, 5]);
  });

  it('lets managers and listed FTOs change a session, nobody on leave', () => {
    const session = { ftos: [{ id: '9', name: 'Fto' }] };
    const viewer = { isAuthenticated: true, canManage: true, roster: { id: 9 } };
    expect(canChangeSession(viewer, session, false)).toBe(true);
    expect(canChangeSession({ ...viewer, roster: { id: 10 } }, session, false)).toBe(false);
    expect(canChangeSession({ ...viewer, roster: { id: 10 } }, session, true)).toBe(true);
    expect(canChangeSession({ ...viewer, canManage: false }, session, true)).toBe(false);
    expect(canChangeSession(null, session, true)).toBe(false);
  });

  it('gives FTOs who are not managers the checklist, notes and status only, and trainees no ticks', () => {
    const session = { ftos: [{ id: '9', name: 'Fto' }], trainees: [{ id: '4', name: 'Casey' }] };
    const viewer = (id: number, name = '') => ({ isAuthenticated: true, canManage: true, roster: { id, name } });
    expect(sessionPowers(viewer(9), session, false)).toEqual({
      canChange: true,
      canChangePeople: false,
      canTick: true,
      isTrainee: false,
    });
    expect(sessionPowers(viewer(1), session, true)).toEqual({
      canChange: true,
      canChangePeople: true,
      canTick: true,
      isTrainee: false,
    });
    // A trainee never ticks their own steps, even as a manager.
    expect(sessionPowers(viewer(4), session, true)).toEqual({
      canChange: true,
      canChangePeople: true,
      canTick: false,
      isTrainee: true,
    });
    expect(sessionPowers(viewer(4), session, false)).toEqual({
      canChange: false,
      canChangePeople: false,
      canTick: false,
      isTrainee: true,
    });
    // Listed by name only.
    expect(isTraineeOf(viewer(12, 'Dale'), { trainees: [{ id: '', name: 'dale' }] })).toBe(true);
    expect(isTraineeOf(null, session)).toBe(false);
  });

  it('names a session and builds its patch', () => {
    expect(sessionTitle({ sessionName: ' ', templateTitle: 'Patrol' })).toBe('Patrol');
    expect(sessionTitle({ sessionName: 'Day 1', templateTitle: 'Patrol' })).toBe('Day 1');
    const fields = fieldsOf({
      sessionName: ' Day 1 ',
      scheduledAt: null,
      notes: ' Bring radio ',
      status: 'odd',
      ftos: [],
      trainees: [{ id: '4', name: 'Casey' }],
    });
    expect(fields.status).toBe('scheduled');
    expect(patchOf(fields)).toEqual({
      sessionName: 'Day 1',
      scheduledAt: null,
      notes: 'Bring radio',
      status: 'scheduled',
      ftos: [],
      trainees: [{ id: '4', name: 'Casey' }],
    });
    // An FTO who is not a training manager sends only what they may change.
    expect(patchOf(fields, false)).toEqual({ notes: 'Bring radio', status: 'scheduled' });
  });
});
