import { describe, expect, it } from 'vitest';
import {
  addAttachment,
  displayAttachments,
  draftOf,
  draftProblem,
  entryOf,
  filledSlots,
  GEAR_SLOTS,
  gearSlotCountText,
  isStale,
  LEFT_SLOTS,
  manageLoadErrorText,
  memberLoadErrorText,
  removeAttachment,
  RIGHT_SLOTS,
  saveErrorText,
  setAttachment,
  setGear,
  slotLabel,
  slotText,
  UNIFORM_NAME_REQUIRED,
} from './uniforms';

const CLASS_B = {
  id: 'uni_1',
  name: 'Class B',
  image: '',
  notes: 'Everyday.',
  allowedRanks: ['r1', 'r2'],
  gear: { helmet: 'None', uniform: 'Tan shirt\nGreen trousers', eyewear: null, notes: 'Sleeves down.' },
  attachments: ['Badge', ' ', 'Name tape'],
};

describe('gear slots', () => {
  it('has the six slots with their labels, and the member layout', () => {
    expect(GEAR_SLOTS.map((s) => s.slot)).toEqual(['helmet', 'eyewear', 'uniform', 'vest', 'backpack', 'notes']);
    expect(GEAR_SLOTS.map((s) => s.label)).toEqual(['Helmet', 'Eyewear', 'Uniform', 'Vest', 'Backpack', 'Notes']);
    expect(LEFT_SLOTS).toEqual(['eyewear', 'vest', 'backpack']);
    expect(RIGHT_SLOTS).toEqual(['helmet', 'uniform']);
    expect(slotLabel('backpack')).toBe('Backpack');
  });

  it('reads absent, null and blank slots as blank', () => {
    expect(slotText(CLASS_B.gear, 'helmet')).toBe('None');
    expect(slotText(CLASS_B.gear, 'eyewear')).toBe('');
    expect(slotText(CLASS_B.gear, 'vest')).toBe('');
    expect(slotText({ vest: '   ' }, 'vest')).toBe('');
    expect(slotText(undefined, 'vest')).toBe('');
  });

  it('lists and counts the filled slots', () => {
    expect(filledSlots(CLASS_B.gear).map((s) => s.label)).toEqual(['Helmet', 'Uniform', 'Notes']);
    expect(gearSlotCountText(CLASS_B.gear)).toBe('3 gear slots');
    expect(gearSlotCountText({ vest: 'Carrier' })).toBe('1 gear slot');
    expect(gearSlotCountText(undefined)).toBe('0 gear slots');
  });

  it('shows attachments trimmed, without blanks', () => {
    expect(displayAttachments([' Badge ', '', '  '])).toEqual(['Badge']);
    expect(displayAttachments(undefined)).toEqual([]);
  });
});

describe('failure texts', () => {
  it('member list: HTTP {status} or Failed to load uniforms', () => {
    expect(memberLoadErrorText({ status: 500, serverMessage: 'x' })).toBe('HTTP 500');
    expect(memberLoadErrorText(null)).toBe('Failed to load uniforms');
  });

  it('management: the message, HTTP {status}, or the default', () => {
    expect(manageLoadErrorText({ status: 403, serverMessage: 'Denied' })).toBe('Denied');
    expect(manageLoadErrorText({ status: 500, serverMessage: null })).toBe('HTTP 500');
    expect(manageLoadErrorText(null)).toBe('Failed to load uniforms');
    expect(saveErrorText({ status: 400, serverMessage: 'Uniform name is required' })).toBe('Uniform name is required');
    expect(saveErrorText({ status: 500, serverMessage: null })).toBe('HTTP 500');
    expect(saveErrorText(null)).toBe('Failed to save uniforms');
    expect(isStale({ status: 409, serverMessage: null })).toBe(true);
    expect(isStale(null)).toBe(false);
  });
});

describe('the editor draft', () => {
  it('a new uniform starts blank and needs a name', () => {
    const draft = draftOf(null);
    expect(draft.gear).toEqual({ helmet: '', eyewear: '', uniform: '', vest: '', backpack: '', notes: '' });
    expect(draft.attachments).toEqual([]);
    expect(draftProblem(draft)).toBe(UNIFORM_NAME_REQUIRED);
    expect(draftProblem({ ...draft, name: 'A' })).toBeNull();
  });

  it('opens a uniform with its summary (notes) and every slot', () => {
    const draft = draftOf(CLASS_B);
    expect(draft.summary).toBe('Everyday.');
    expect(draft.gear.helmet).toBe('None');
    expect(draft.gear.eyewear).toBe('');
  });

  it('adds, edits and removes attachments', () => {
    let draft = draftOf(null);
    draft = addAttachment(draft);
    draft = setAttachment(draft, 0, 'Badge');
    draft = addAttachment(draft);
    draft = setAttachment(draft, 1, 'Tape');
    expect(draft.attachments).toEqual(['Badge', 'Tape']);
    draft = removeAttachment(draft, 0);
    expect(draft.attachments).toEqual(['Tape']);
  });

  it('saves the summary as notes, drops blank slots and attachments, trims text', () => {
    const draft = setGear(setGear(draftOf(CLASS_B), 'vest', '  '), 'backpack', ' Kit \n bag ');
    expect(entryOf({ ...draft, name: ' Class B ', summary: ' Everyday. ' })).toEqual({
      id: 'uni_1',
      name: 'Class B',
      image: '',
      notes: 'Everyday.',
      allowedRanks: ['r1', 'r2'],
      requiredQualifications: [],
      gear: { helmet: 'None', uniform: 'Tan shirt\nGreen trousers', backpack: 'Kit \n bag', notes: 'Sleeves down.' },
      attachments: ['Badge', 'Name tape'],
    });
  });
});
