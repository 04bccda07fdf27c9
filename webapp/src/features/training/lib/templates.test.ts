import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftErrors,
  dropStep,
  duplicateOf,
  emptyDraft,
  filterTemplates,
  moveItem,
  newStep,
  stepSummary,
  templateBodyOf,
  TITLE_REQUIRED,
  type TemplateLike,
} from './templates';

const PATROL: TemplateLike = {
  id: 7,
  title: 'Patrol phase one',
  description: 'The first two weeks.',
  steps: [
    { id: 's1', text: 'Radio procedure', required: true },
    { id: 's2', text: 'Traffic stop', required: false },
  ],
};
const TRAFFIC: TemplateLike = { id: 8, title: 'Traffic enforcement', description: 'Radar', steps: [] };

describe('training templates', () => {
  it('starts a new template with one empty required step', () => {
    const draft = emptyDraft();
    expect(draft.id).toBeNull();
    expect(draft.steps).toHaveLength(1);
    expect(draft.steps[0]).toMatchObject({ id: '', text: '', required: true });
    expect(newStep().required).toBe(true);
    expect(newStep().key).not.toBe(newStep().key);
  });

  it('needs a title', () => {
    expect(draftErrors({ ...emptyDraft(), title: '   ' })).toEqual({ title: TITLE_REQUIRED });
    expect(draftErrors({ ...emptyDraft(), title: 'X' })).toEqual({});
  });

  it('trims text and drops empty steps, keeping the order', () => {
    const draft = draftOf(PATROL);
    draft.title = '  Patrol  ';
    draft.description = ' Two weeks ';
    draft.steps = [
      { ...newStep(), text: '  Report writing ', required: false },
      { ...newStep(), text: '   ' },
      ...draft.steps,
    ];
    expect(templateBodyOf(draft)).toEqual({
      title: 'Patrol',
      description: 'Two weeks',
      steps: [
        { id: '', text: 'Report writing', required: false },
        { id: 's1', text: 'Radio procedure', required: true },
        { id: 's2', text: 'Traffic stop', required: false },
      ],
    });
  });

  it('duplicates as a new template with new step ids', () => {
    const copy = duplicateOf(PATROL);
    expect(copy.id).toBeNull();
    expect(copy.title).toBe('Patrol phase one (copy)');
    expect(copy.steps.map((s) => [s.id, s.text, s.required])).toEqual([
      ['', 'Radio procedure', true],
      ['', 'Traffic stop', false],
    ]);
  });

  it('moves and drops steps', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
    const steps = draftOf(PATROL).steps;
    const [first, second] = steps as [(typeof steps)[0], (typeof steps)[0]];
    expect(dropStep(steps, first.key, second.key).map((s) => s.id)).toEqual(['s2', 's1']);
    expect(dropStep(steps, first.key, null).map((s) => s.id)).toEqual(['s1', 's2']);
    expect(dropStep(steps, 'unknown', second.key).map((s) => s.id)).toEqual(['s1', 's2']);
  });

  it('searches titles, descriptions and steps in any case', () => {
    expect(filterTemplates([PATROL, TRAFFIC], '  ')).toEqual([PATROL, TRAFFIC]);
    expect(filterTemplates([PATROL, TRAFFIC], 'TRAFFIC')).toEqual([PATROL, TRAFFIC]);
    expect(filterTemplates([PATROL, TRAFFIC], 'radar')).toEqual([TRAFFIC]);
    expect(filterTemplates([PATROL, TRAFFIC], 'radio')).toEqual([PATROL]);
    expect(filterTemplates([PATROL, TRAFFIC], 'nothing')).toEqual([]);
  });

  it('summarises steps', () => {
    expect(stepSummary([])).toBe('No steps');
    expect(stepSummary([{ required: true }])).toBe('1 step');
    expect(stepSummary(PATROL.steps)).toBe('2 steps (1 required)');
    expect(stepSummary([{ required: false }, { required: false }])).toBe('2 steps (0 required)');
  });
});
