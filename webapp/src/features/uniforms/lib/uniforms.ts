/**
 * Uniform screens (member-portal §2.9, §4, §8; command-and-reports §2 "Uniform management",
 * §3, §4, §5, §8, §9): texts, the gear slots and their layout, the editor's draft and its
 * rules. Pure.
 */

import { catalogueFailureTexts } from '@/lib/catalogue-failure';
import { countText, type CatalogueBasics, type CatalogueEntryLike } from '@/lib/catalogue-list';

export const UNIFORMS_UNAVAILABLE = 'Uniforms unavailable';
export const FAILED_TO_LOAD_UNIFORMS = 'Failed to load uniforms';
export const FAILED_TO_SAVE_UNIFORMS = 'Failed to save uniforms';
/** Not given by the spec: what the member list says when the viewer's rank may wear nothing. */
export const NO_UNIFORMS_YET = 'No uniforms yet';
export const NO_UNIFORMS_CONFIGURED = 'No uniforms configured';
export const UNABLE_TO_LOAD_UNIFORMS = 'Unable to load uniforms';
export const UNIFORM_NAME_REQUIRED = 'Uniform name is required';
export const UNIFORM_CREATED = 'Uniform created';
export const UNIFORM_UPDATED = 'Uniform updated';
export const UNIFORM_REMOVED = 'Uniform removed';
export const CONFIRM_REMOVE_UNIFORM = 'Remove this uniform entry?';
/** A gear slot left blank (member-portal §2.9). */
export const NOT_SPECIFIED = 'Not specified';

/** The gear slots of a uniform (command-and-reports §9), `notes` last. */
export type GearSlot = 'helmet' | 'eyewear' | 'uniform' | 'vest' | 'backpack' | 'notes';

/**
 * The slots in the order of the spec, with their display labels (not given by the spec:
 * Helmet, Eyewear, Uniform, Vest, Backpack, Notes).
 */
export const GEAR_SLOTS: readonly { slot: GearSlot; label: string }[] = [
  { slot: 'helmet', label: 'Helmet' },
  { slot: 'eyewear', label: 'Eyewear' },
  { slot: 'uniform', label: 'Uniform' },
  { slot: 'vest', label: 'Vest' },
  { slot: 'backpack', label: 'Backpack' },
  { slot: 'notes', label: 'Notes' },
];

/** Member cards (member-portal §2.9): eyewear, vest and backpack on the left… */
export const LEFT_SLOTS: readonly GearSlot[] = ['eyewear', 'vest', 'backpack'];
/** …helmet and uniform on the right. */
export const RIGHT_SLOTS: readonly GearSlot[] = ['helmet', 'uniform'];

export function slotLabel(slot: GearSlot): string {
  return GEAR_SLOTS.find((entry) => entry.slot === slot)?.label ?? slot;
}

/** A uniform's gear as the API holds it: absent or null means blank. */
export type GearLike = Partial<Record<GearSlot, string | null>>;

/** The text of a slot, trimmed ('' when blank). */
export function slotText(gear: GearLike | undefined, slot: GearSlot): string {
  return (gear?.[slot] ?? '').trim();
}

/** The slots with text, in slot order (the gear notes included). */
export function filledSlots(gear: GearLike | undefined): { slot: GearSlot; label: string; text: string }[] {
  return GEAR_SLOTS.map(({ slot, label }) => ({ slot, label, text: slotText(gear, slot) })).filter(
    (entry) => entry.text !== '',
  );
}

/** '1 gear slot', '4 gear slots': how many slots have text (a management card). */
export function gearSlotCountText(gear: GearLike | undefined): string {
  return countText(filledSlots(gear).length, 'gear slot');
}

/** The attachments to show: trimmed, blanks left out. */
export function displayAttachments(attachments: readonly string[] | undefined): string[] {
  return (attachments ?? []).map((a) => a.trim()).filter((a) => a !== '');
}

/** The shared rules of the catalogue screens (what a call failure is, when a save was stale). */
export { isStale, type CallFailure } from '@/lib/catalogue-failure';

/** The member list's, the management list's and the save's failure texts ('Failed to load uniforms', 'Failed to save uniforms'). */
export const { memberLoadErrorText, manageLoadErrorText, saveErrorText } = catalogueFailureTexts(
  FAILED_TO_LOAD_UNIFORMS,
  FAILED_TO_SAVE_UNIFORMS,
);

// ——— The editor ———

/** A uniform as the API holds it. */
export interface UniformLike extends CatalogueEntryLike {
  gear?: GearLike;
  attachments?: string[];
}

/** The Add/Edit uniform form. */
export interface UniformDraft {
  /** '' for a new uniform (the server gives it an id). */
  id: string;
  name: string;
  image: string;
  /** The Summary field, stored as `notes`. */
  summary: string;
  allowedRanks: string[];
  requiredQualifications: string[];
  gear: Record<GearSlot, string>;
  attachments: string[];
}

function gearDraft(gear: GearLike | undefined): Record<GearSlot, string> {
  return {
    helmet: gear?.helmet ?? '',
    eyewear: gear?.eyewear ?? '',
    uniform: gear?.uniform ?? '',
    vest: gear?.vest ?? '',
    backpack: gear?.backpack ?? '',
    notes: gear?.notes ?? '',
  };
}

/** The form of `uniform`, or of a new uniform when there is none. */
export function draftOf(uniform: UniformLike | null): UniformDraft {
  return {
    id: uniform?.id ?? '',
    name: uniform?.name ?? '',
    image: uniform?.image ?? '',
    summary: uniform?.notes ?? '',
    allowedRanks: [...(uniform?.allowedRanks ?? [])],
    requiredQualifications: [...(uniform?.requiredQualifications ?? [])],
    gear: gearDraft(uniform?.gear),
    attachments: [...(uniform?.attachments ?? [])],
  };
}

export function setGear(draft: UniformDraft, slot: GearSlot, text: string): UniformDraft {
  return { ...draft, gear: { ...draft.gear, [slot]: text } };
}

export function addAttachment(draft: UniformDraft): UniformDraft {
  return { ...draft, attachments: [...draft.attachments, ''] };
}

export function setAttachment(draft: UniformDraft, index: number, text: string): UniformDraft {
  return { ...draft, attachments: draft.attachments.map((a, i) => (i === index ? text : a)) };
}

export function removeAttachment(draft: UniformDraft, index: number): UniformDraft {
  return { ...draft, attachments: draft.attachments.filter((_, i) => i !== index) };
}

/** The form's problem, or null: the name is required ('Uniform name is required'). */
export function draftProblem(draft: UniformDraft): string | null {
  return draft.name.trim() === '' ? UNIFORM_NAME_REQUIRED : null;
}

/** A saved uniform: the shape the API takes. */
export interface UniformEntry extends CatalogueBasics {
  id: string;
  gear: Partial<Record<GearSlot, string>>;
  attachments: string[];
}

/**
 * The uniform the form saves (command-and-reports §5): text trimmed, gear slots with blank
 * text dropped, attachments trimmed and blanks removed; the summary is stored as notes.
 */
export function entryOf(draft: UniformDraft): UniformEntry {
  const gear: Partial<Record<GearSlot, string>> = {};
  for (const { slot } of GEAR_SLOTS) {
    const text = draft.gear[slot].trim();
    if (text !== '') gear[slot] = text;
  }
  return {
    id: draft.id,
    name: draft.name.trim(),
    image: draft.image.trim(),
    notes: draft.summary.trim(),
    allowedRanks: [...draft.allowedRanks],
    requiredQualifications: [...draft.requiredQualifications],
    gear,
    attachments: displayAttachments(draft.attachments),
  };
}
