import { describe, expect, it } from 'vitest';
import { accountAgeText, boardColumns, dropStage, movedLocally, moveTargets, statusText, tallyText } from './board';

const STAGES = [
  { id: 1, name: 'Submitted', kind: 'open' },
  { id: 2, name: 'Interview', kind: 'open' },
  { id: 3, name: 'Accepted', kind: 'accepted' },
  { id: 4, name: 'Denied', kind: 'denied' },
];

const APPS = [
  { id: 10, formId: 1, stageId: 1, createdAt: '2026-05-03T10:00:00Z' },
  { id: 11, formId: 1, stageId: 2, createdAt: '2026-05-01T10:00:00Z' },
  { id: 12, formId: 1, stageId: 1, createdAt: '2026-05-01T09:00:00Z' },
  { id: 13, formId: 2, stageId: 1, createdAt: '2026-05-01T09:00:00Z' },
  { id: 14, formId: 1, stageId: 99, createdAt: '2026-05-01T09:00:00Z' },
];

describe('boardColumns', () => {
  it('groups a form’s applications by its stages, in order, oldest first', () => {
    const columns = boardColumns(STAGES, APPS, 1);
    expect(columns.map((c) => [c.stage.name, c.applications.map((a) => a.id)])).toEqual([
      ['Submitted', [12, 10]],
      ['Interview', [11]],
      ['Accepted', []],
      ['Denied', []],
    ]);
  });
});

describe('moves', () => {
  it('offers every other stage', () => {
    expect(moveTargets(STAGES, 2).map((s) => s.name)).toEqual(['Submitted', 'Accepted', 'Denied']);
  });

  it('finds the stage a card was dropped on: a column or a card in it', () => {
    expect(dropStage('stage-3', APPS)).toBe(3);
    expect(dropStage('application-11', APPS)).toBe(2);
    expect(dropStage('application-404', APPS)).toBeNull();
    expect(dropStage(null, APPS)).toBeNull();
  });

  it('shows a move at once', () => {
    expect(movedLocally(APPS, 10, 3).find((a) => a.id === 10)?.stageId).toBe(3);
  });
});

describe('texts', () => {
  it('says how old a Discord account is', () => {
    expect(accountAgeText(0)).toBe('less than a day');
    expect(accountAgeText(1)).toBe('1 day');
    expect(accountAgeText(45)).toBe('45 days');
    expect(accountAgeText(90)).toBe('3 months');
    expect(accountAgeText(400)).toBe('1 year');
    expect(accountAgeText(1200)).toBe('3 years');
  });

  it('counts the votes', () => {
    expect(tallyText(0, 0)).toBe('No votes');
    expect(tallyText(2, 1)).toBe('2 for · 1 against');
  });

  it('tells the applicant where the application stands', () => {
    expect(statusText({ stage: 'Interview', stageKind: 'open', hired: false })).toBe('Under review: Interview.');
    expect(statusText({ stage: 'Denied', stageKind: 'denied', hired: false })).toBe('Denied. You may apply again.');
    expect(statusText({ stage: 'Accepted', stageKind: 'accepted', hired: true })).toMatch(/^Hired/);
  });
});
