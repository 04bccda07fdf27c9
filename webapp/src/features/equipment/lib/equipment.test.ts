import { describe, expect, it } from 'vitest';
import {
  addItem,
  addSection,
  displaySections,
  draftOf,
  draftProblem,
  entryOf,
  EQUIPMENT_NAME_REQUIRED,
  isStale,
  manageLoadErrorText,
  memberLoadErrorText,
  removeItem,
  removeSection,
  saveErrorText,
  sectionCountText,
  setItem,
} from './equipment';

const KIT = {
  id: 'eq_1',
  name: 'Patrol loadout',
  image: '/media/kit.png',
  notes: 'Every sworn member.',
  allowedRanks: ['All'],
  categories: [
    { name: 'Weapons', items: ['Pistol', 'Taser'] },
    { name: 'Gear', items: [] },
  ],
};

describe('failure texts', () => {
  it('member list: HTTP {status} or Failed to load equipment', () => {
    expect(memberLoadErrorText({ status: 503, serverMessage: 'busy' })).toBe('HTTP 503');
    expect(memberLoadErrorText(null)).toBe('Failed to load equipment');
  });

  it('management: the message, HTTP {status}, or the default', () => {
    expect(manageLoadErrorText({ status: 403, serverMessage: 'Access denied' })).toBe('Access denied');
    expect(manageLoadErrorText({ status: 500, serverMessage: null })).toBe('HTTP 500');
    expect(manageLoadErrorText(null)).toBe('Failed to load equipment');
    expect(saveErrorText({ status: 400, serverMessage: 'Unknown rank ids: x.' })).toBe('Unknown rank ids: x.');
    expect(saveErrorText({ status: 502, serverMessage: null })).toBe('HTTP 502');
    expect(saveErrorText(null)).toBe('Failed to save equipment');
  });

  it('a 409 is a stale save', () => {
    expect(isStale({ status: 409, serverMessage: 'Someone else saved' })).toBe(true);
    expect(isStale({ status: 400, serverMessage: null })).toBe(false);
    expect(isStale(null)).toBe(false);
  });
});

describe('display', () => {
  it('counts sections', () => {
    expect(sectionCountText(1)).toBe('1 section');
    expect(sectionCountText(2)).toBe('2 sections');
  });

  it('shows sections with a name or items, items trimmed and blanks left out', () => {
    expect(
      displaySections({
        name: 'x',
        categories: [{ name: ' A ', items: [' one ', ' '] }, { name: '', items: [''] }, { items: ['loose'] }, {}],
      }),
    ).toEqual([
      { name: 'A', items: ['one'] },
      { name: '', items: ['loose'] },
    ]);
    expect(displaySections({ name: 'x' })).toEqual([]);
  });
});

describe('the editor draft', () => {
  it('a new entry starts with one empty section holding one empty item', () => {
    const draft = draftOf(null);
    expect(draft).toEqual({
      id: '',
      name: '',
      image: '',
      notes: '',
      allowedRanks: [],
      requiredQualifications: [],
      sections: [{ name: '', items: [''] }],
    });
    expect(draftProblem(draft)).toBe(EQUIPMENT_NAME_REQUIRED);
    expect(draftProblem({ ...draft, name: '   ' })).toBe(EQUIPMENT_NAME_REQUIRED);
    expect(draftProblem({ ...draft, name: 'Kit' })).toBeNull();
  });

  it('an entry opens with its fields; a section without items shows one empty item', () => {
    const draft = draftOf(KIT);
    expect(draft.sections).toEqual([
      { name: 'Weapons', items: ['Pistol', 'Taser'] },
      { name: 'Gear', items: [''] },
    ]);
    expect(draft.allowedRanks).toEqual(['All']);
  });

  it('adds and removes sections and items', () => {
    let draft = draftOf(KIT);
    draft = addSection(draft);
    expect(draft.sections).toHaveLength(3);
    expect(draft.sections[2]).toEqual({ name: '', items: [''] });
    draft = addItem(draft, 0);
    draft = setItem(draft, 0, 2, 'Baton');
    expect(draft.sections[0]?.items).toEqual(['Pistol', 'Taser', 'Baton']);
    draft = removeItem(draft, 0, 1);
    expect(draft.sections[0]?.items).toEqual(['Pistol', 'Baton']);
    draft = removeSection(draft, 1);
    expect(draft.sections.map((s) => s.name)).toEqual(['Weapons', '']);
  });

  it('keeps the qualifications an entry requires (issue 23), none for a new one', () => {
    expect(draftOf(null).requiredQualifications).toEqual([]);
    expect(entryOf(draftOf({ name: 'K', requiredQualifications: ['1', '4'] })).requiredQualifications).toEqual(['1', '4']);
  });

  it('removing the last item of a section leaves one empty item', () => {
    let draft = draftOf({ name: 'K', categories: [{ name: 'S', items: ['Only'] }] });
    draft = removeItem(draft, 0, 0);
    expect(draft.sections[0]?.items).toEqual(['']);
    draft = removeItem(draft, 0, 0);
    expect(draft.sections[0]?.items).toEqual(['']);
  });

  it('saves trimmed text, drops blank items and empty sections', () => {
    const draft = {
      id: 'eq_1',
      name: '  Kit ',
      image: ' /media/a.png ',
      notes: ' n ',
      allowedRanks: ['r1'],
      requiredQualifications: ['3'],
      sections: [
        { name: ' Weapons ', items: [' Pistol ', '  ', ''] },
        { name: '', items: [''] },
        { name: 'Named only', items: [''] },
        { name: ' ', items: ['Loose'] },
      ],
    };
    expect(entryOf(draft)).toEqual({
      id: 'eq_1',
      name: 'Kit',
      image: '/media/a.png',
      notes: 'n',
      allowedRanks: ['r1'],
      requiredQualifications: ['3'],
      categories: [
        { name: 'Weapons', items: ['Pistol'] },
        { name: 'Named only', items: [] },
        { name: '', items: ['Loose'] },
      ],
    });
  });
});
