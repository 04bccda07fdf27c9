/**
 * Equipment screens (member-portal §2.8, §4, §8; command-and-reports §2 "Equipment management",
 * §4, §5, §8): texts, the editor's draft and its rules, the whole-list edits. Pure.
 *
 * The API calls the sections of a kit `categories`; the screens say sections.
 */

import { catalogueFailureTexts } from '@/lib/catalogue-failure';
import { countText, type CatalogueBasics, type CatalogueEntryLike } from '@/lib/catalogue-list';

export const EQUIPMENT_UNAVAILABLE = 'Equipment unavailable';
export const FAILED_TO_LOAD_EQUIPMENT = 'Failed to load equipment';
export const FAILED_TO_SAVE_EQUIPMENT = 'Failed to save equipment';
/** Not given by the spec: what the member list says when the viewer's rank may use nothing. */
export const NO_EQUIPMENT_YET = 'No equipment yet';
export const NO_EQUIPMENT_CONFIGURED = 'No equipment configured';
export const UNABLE_TO_LOAD_EQUIPMENT = 'Unable to load equipment';
export const EQUIPMENT_NAME_REQUIRED = 'Equipment name is required';
export const EQUIPMENT_CREATED = 'Equipment created';
export const EQUIPMENT_UPDATED = 'Equipment updated';
export const EQUIPMENT_REMOVED = 'Equipment removed';
export const CONFIRM_REMOVE_EQUIPMENT = 'Remove this equipment entry?';

/** The shared rules of the catalogue screens (what a call failure is, when a save was stale). */
export { isStale, type CallFailure } from '@/lib/catalogue-failure';

/** The member list's, the management list's and the save's failure texts ('Failed to load equipment', 'Failed to save equipment'). */
export const { memberLoadErrorText, manageLoadErrorText, saveErrorText } = catalogueFailureTexts(
  FAILED_TO_LOAD_EQUIPMENT,
  FAILED_TO_SAVE_EQUIPMENT,
);

/** '1 section', '3 sections' (the section count of a management card). */
export function sectionCountText(count: number): string {
  return countText(count, 'section');
}

/** A section as the API holds it (`categories[]`). */
export interface SectionLike {
  name?: string;
  items?: string[];
}

/** An equipment entry as the API holds it. */
export interface EquipmentLike extends CatalogueEntryLike {
  categories?: SectionLike[];
}

/** A section of the display: a name (maybe blank) and its non-blank items. */
export interface DisplaySection {
  name: string;
  items: string[];
}

/** Sections as they are shown and saved: text trimmed, blank items dropped, a section with neither name nor items dropped. */
function tidySections(sections: readonly SectionLike[]): DisplaySection[] {
  return sections
    .map((section) => ({
      name: (section.name ?? '').trim(),
      items: (section.items ?? []).map((item) => item.trim()).filter((item) => item !== ''),
    }))
    .filter((section) => section.name !== '' || section.items.length > 0);
}

/** The sections to show: items trimmed, blank ones left out; sections with nothing to show are dropped. */
export function displaySections(entry: EquipmentLike): DisplaySection[] {
  return tidySections(entry.categories ?? []);
}

// ——— The editor ———

export interface SectionDraft {
  name: string;
  /** Never empty: a section always shows at least one (maybe blank) item input. */
  items: string[];
}

/** The Add/Edit equipment form. */
export interface EquipmentDraft extends CatalogueBasics {
  /** '' for a new entry (the server gives it an id). */
  id: string;
  sections: SectionDraft[];
}

export function emptySection(): SectionDraft {
  return { name: '', items: [''] };
}

/** The form of `entry`, or of a new entry (one empty section) when there is none. */
export function draftOf(entry: EquipmentLike | null): EquipmentDraft {
  if (entry === null) {
    return { id: '', name: '', image: '', notes: '', allowedRanks: [], requiredQualifications: [], sections: [emptySection()] };
  }
  const sections = (entry.categories ?? []).map((section) => {
    const items = [...(section.items ?? [])];
    return { name: section.name ?? '', items: items.length > 0 ? items : [''] };
  });
  return {
    id: entry.id ?? '',
    name: entry.name,
    image: entry.image ?? '',
    notes: entry.notes ?? '',
    allowedRanks: [...(entry.allowedRanks ?? [])],
    requiredQualifications: [...(entry.requiredQualifications ?? [])],
    sections,
  };
}

function withSection(draft: EquipmentDraft, index: number, change: (section: SectionDraft) => SectionDraft): EquipmentDraft {
  return {
    ...draft,
    sections: draft.sections.map((section, i) => (i === index ? change(section) : section)),
  };
}

export function addSection(draft: EquipmentDraft): EquipmentDraft {
  return { ...draft, sections: [...draft.sections, emptySection()] };
}

export function removeSection(draft: EquipmentDraft, index: number): EquipmentDraft {
  return { ...draft, sections: draft.sections.filter((_, i) => i !== index) };
}

export function addItem(draft: EquipmentDraft, sectionIndex: number): EquipmentDraft {
  return withSection(draft, sectionIndex, (section) => ({ ...section, items: [...section.items, ''] }));
}

export function setItem(draft: EquipmentDraft, sectionIndex: number, itemIndex: number, value: string): EquipmentDraft {
  return withSection(draft, sectionIndex, (section) => ({
    ...section,
    items: section.items.map((item, i) => (i === itemIndex ? value : item)),
  }));
}

/** Removes an item (the ✕); removing the last item of a section leaves one empty item. */
export function removeItem(draft: EquipmentDraft, sectionIndex: number, itemIndex: number): EquipmentDraft {
  return withSection(draft, sectionIndex, (section) => {
    const items = section.items.filter((_, i) => i !== itemIndex);
    return { ...section, items: items.length > 0 ? items : [''] };
  });
}

/** The form's problem, or null: the name is required ('Equipment name is required'). */
export function draftProblem(draft: EquipmentDraft): string | null {
  return draft.name.trim() === '' ? EQUIPMENT_NAME_REQUIRED : null;
}

/** A saved entry: the shape the API takes (`categories`, every field present). */
export interface EquipmentEntry extends CatalogueBasics {
  id: string;
  categories: { name: string; items: string[] }[];
}

/**
 * The entry the form saves (command-and-reports §5): text trimmed, blank items dropped, a
 * section with neither name nor items dropped. The rank list is sent as chosen (the server
 * de-duplicates it and collapses All).
 */
export function entryOf(draft: EquipmentDraft): EquipmentEntry {
  return {
    id: draft.id,
    name: draft.name.trim(),
    image: draft.image.trim(),
    notes: draft.notes.trim(),
    allowedRanks: [...draft.allowedRanks],
    requiredQualifications: [...draft.requiredQualifications],
    categories: tidySections(draft.sections),
  };
}
