import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  draftOf,
  dropRow,
  formBody,
  moveRow,
  newQuestion,
  newStage,
  NO_QUESTIONS,
  STAGE_KINDS_NEEDED,
  TITLE_REQUIRED,
  withKind,
  type FormLike,
} from './forms';

const STORED: FormLike = {
  title: 'Join BCSO',
  description: 'Tell us about yourself.',
  isOpen: true,
  questions: [
    { id: 'name', label: 'Your name', help: '', kind: 'short_text', required: true, options: [] },
    { id: 'shift', label: 'Shift', kind: 'choice', required: false, options: ['Day', 'Night'] },
  ],
  stages: [
    { id: 1, name: 'Submitted', kind: 'open', applications: 2 },
    { id: 2, name: 'Accepted', kind: 'accepted', applications: 0 },
    { id: 3, name: 'Denied', kind: 'denied', applications: 0 },
  ],
  reviewerLevels: ['supervisor'],
  reviewerRoles: [],
};

describe('draftOf', () => {
  it('starts a new form open, with one question and the four default stages', () => {
    const draft = draftOf(null);
    expect(draft.isOpen).toBe(true);
    expect(draft.questions).toHaveLength(1);
    expect(draft.stages.map((s) => [s.name, s.kind])).toEqual([
      ['Submitted', 'open'],
      ['Interview', 'open'],
      ['Accepted', 'accepted'],
      ['Denied', 'denied'],
    ]);
  });

  it('opens a stored form with distinct row keys', () => {
    const draft = draftOf(STORED);
    expect(draft.questions.map((q) => q.id)).toEqual(['name', 'shift']);
    expect(new Set([...draft.questions, ...draft.stages].map((row) => row.key)).size).toBe(5);
    expect(draft.stages[0]?.applications).toBe(2);
  });
});

describe('question list edits', () => {
  it('reorders by drop and by the up and down buttons', () => {
    const [a, b, c] = [newQuestion(), newQuestion(), newQuestion()];
    expect(dropRow([a, b, c], c.key, a.key)).toEqual([c, a, b]);
    expect(dropRow([a, b, c], a.key, null)).toEqual([a, b, c]);
    expect(dropRow([a, b, c], 'unknown', a.key)).toEqual([a, b, c]);
    expect(moveRow([a, b, c], 1, 0)).toEqual([b, a, c]);
    expect(moveRow([a, b, c], 2, 3)).toEqual([a, b, c]);
  });

  it('keeps options only for a choice', () => {
    const choice = { ...newQuestion('choice'), options: ['Day', 'Night'] };
    expect(withKind(choice, 'multiple_choice').options).toEqual(['Day', 'Night']);
    expect(withKind(choice, 'number').options).toEqual([]);
  });
});

describe('draftErrors (the server’s sentences)', () => {
  it('asks for a title, questions with text, two distinct options and a stage of each kind', () => {
    const draft = draftOf(null);
    expect(draftErrors({ ...draft, questions: [] })).toMatchObject({ title: TITLE_REQUIRED, questions: NO_QUESTIONS });
    const choice = { ...newQuestion('choice'), label: 'Shift', options: ['Day', 'day'] };
    expect(draftErrors({ ...draft, title: 'Join', questions: [newQuestion(), choice] })).toEqual({
      'questions.0.label': 'Every question needs its text.',
      'questions.1.options': 'Question "Shift" lists "day" twice.',
    });
    const single = { ...choice, options: ['Day'] };
    expect(draftErrors({ ...draft, title: 'Join', questions: [single] })['questions.0.options']).toBe(
      'Question "Shift" needs at least two options.',
    );
    const stages = draft.stages.filter((s) => s.kind !== 'denied');
    expect(draftErrors({ ...draftOf(STORED), stages }).stages).toBe(STAGE_KINDS_NEEDED);
    const twice = [...draft.stages, { ...newStage(), name: 'interview ' }];
    expect(draftErrors({ ...draftOf(STORED), stages: twice })['stages.4.name']).toBe('Two stages are called interview.');
  });

  it('accepts a stored form', () => {
    expect(draftErrors(draftOf(STORED))).toEqual({});
  });
});

describe('formBody', () => {
  it('sends the whole form in order, trimmed, at the version edited', () => {
    const draft = draftOf(STORED);
    const added = { ...newQuestion('yes_no'), label: ' Microphone? ', options: ['stale'] };
    const body = formBody({ ...draft, questions: [added, ...draft.questions] }, 7);
    expect(body.version).toBe(7);
    expect(body.questions.map((q) => q.label)).toEqual(['Microphone?', 'Your name', 'Shift']);
    expect(body.questions[0]).not.toHaveProperty('id');
    expect(body.questions[0]?.options).toEqual([]);
    expect(body.questions[2]?.options).toEqual(['Day', 'Night']);
    expect(body.stages).toEqual([
      { id: 1, name: 'Submitted', kind: 'open' },
      { id: 2, name: 'Accepted', kind: 'accepted' },
      { id: 3, name: 'Denied', kind: 'denied' },
    ]);
    expect(formBody(draft, null)).not.toHaveProperty('version');
  });
});
