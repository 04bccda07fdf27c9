/**
 * The training template editor's rules (command-and-reports §2 "Training templates", §5, §8):
 * title required, description and steps trimmed, steps with empty text dropped, a new step
 * required by default, steps in the order the manager put them. Pure (apart from the local
 * keys of new rows).
 */

export const TITLE_REQUIRED = 'Template title is required';
export const DELETE_TEMPLATE = 'Delete this training template?';
export const EDITING_DUPLICATE = 'Editing duplicate — remember to save';
export const TEMPLATE_SAVED = 'Template saved';
export const TEMPLATE_DELETED = 'Template deleted';
export const SAVE_FAILED = 'Failed to save template';
export const DELETE_FAILED = 'Failed to delete template';
export const UNABLE_TO_DELETE = 'Unable to delete template';
export const LOAD_FAILED = 'Failed to load templates';
export const UNABLE_TO_LOAD = 'Unable to load templates';

/** What the editor needs of a stored template. */
export interface TemplateLike {
  id: number;
  title: string;
  description: string;
  steps: readonly { id: string; text: string; required: boolean }[];
}

/** A step row of the editor: `key` is local (rows and drag handles), `id` the stored one ('' for new). */
export interface EditorStep {
  key: string;
  id: string;
  text: string;
  required: boolean;
}

export interface TemplateEditorDraft {
  /** The stored template's id; null for a new template (or a duplicate). */
  id: number | null;
  title: string;
  description: string;
  steps: EditorStep[];
}

/** What the server takes: `POST /api/trainings`, `PATCH /api/trainings/{id}`. */
export interface TemplateBody {
  title: string;
  description: string;
  steps: { id: string; text: string; required: boolean }[];
}

let keys = 0;
/** A fresh local key for a step row. */
export function stepKey(): string {
  keys += 1;
  return `step-row-${String(keys)}`;
}

/** A new, empty step: required by default (§5). */
export function newStep(): EditorStep {
  return { key: stepKey(), id: '', text: '', required: true };
}

/** A new template starts with one empty step. */
export function emptyDraft(): TemplateEditorDraft {
  return { id: null, title: '', description: '', steps: [newStep()] };
}

/** The editor opened on a stored template. */
export function draftOf(template: TemplateLike): TemplateEditorDraft {
  return {
    id: template.id,
    title: template.title,
    description: template.description,
    steps: template.steps.map((step) => ({ key: stepKey(), id: step.id, text: step.text, required: step.required })),
  };
}

/**
 * Duplicate: the template copied into the editor as a new one (not saved until the manager
 * saves it). Its title gets ' (copy)' so the two can be told apart in the list; its steps get
 * new ids on saving.
 */
export function duplicateOf(template: TemplateLike): TemplateEditorDraft {
  const draft = draftOf(template);
  return {
    ...draft,
    id: null,
    title: `${template.title} (copy)`,
    steps: draft.steps.map((step) => ({ ...step, id: '' })),
  };
}

/** The refusals of a draft (§5), by field: a title is required. */
export function draftErrors(draft: TemplateEditorDraft): { title?: string } {
  return draft.title.trim() === '' ? { title: TITLE_REQUIRED } : {};
}

/** The body to save: text trimmed, steps with empty text dropped, order kept (§5). */
export function templateBodyOf(draft: TemplateEditorDraft): TemplateBody {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    steps: draft.steps
      .map((step) => ({ id: step.id, text: step.text.trim(), required: step.required }))
      .filter((step) => step.text !== ''),
  };
}

/** `list` with the item at `from` moved to `to` (indexes out of range: unchanged). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
}

/** Steps after dropping the row `activeKey` on the row `overKey` (no target or unknown keys: unchanged). */
export function dropStep(steps: readonly EditorStep[], activeKey: string, overKey: string | null): EditorStep[] {
  if (overKey === null) return [...steps];
  return moveItem(
    steps,
    steps.findIndex((step) => step.key === activeKey),
    steps.findIndex((step) => step.key === overKey),
  );
}

/** Templates whose title, description or a step contains `query` (trimmed, any case); all for a blank one. */
export function filterTemplates<T extends TemplateLike>(templates: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...templates];
  return templates.filter(
    (template) =>
      template.title.toLowerCase().includes(needle) ||
      template.description.toLowerCase().includes(needle) ||
      template.steps.some((step) => step.text.toLowerCase().includes(needle)),
  );
}

/** '4 steps (3 required)', '1 step', 'No steps'. */
export function stepSummary(steps: readonly { required: boolean }[]): string {
  if (steps.length === 0) return 'No steps';
  const required = steps.filter((step) => step.required).length;
  const count = `${String(steps.length)} ${steps.length === 1 ? 'step' : 'steps'}`;
  return required === steps.length ? count : `${count} (${String(required)} required)`;
}
