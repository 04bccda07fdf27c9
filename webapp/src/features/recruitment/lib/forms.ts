/**
 * Command → Recruitment's form editor (issue 26): the draft of a form (title, description,
 * open or closed, questions and stages in order, reviewers), the edits of its lists, and the
 * refusals the server would give, in its own sentences (`features/recruitment/model.rs`). Pure
 * (apart from the local keys of new rows).
 */

import { arrayMove } from '@dnd-kit/sortable';
import { isChoice, QUESTION_KINDS, type QuestionKind } from './answers';

export const PAGE_TITLE = 'Recruitment';
export const PAGE_DESCRIPTION = 'Application forms: the questions applicants answer, the stages reviewers move them through, and who reviews them.';
export const NO_FORMS = 'No application forms yet.';
export const FORMS_UNAVAILABLE = 'Failed to load application forms';
export const CONFIRM_DELETE = 'Delete this form? Only a form that never had an application can be deleted; close one that has.';

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 4000;
export const QUESTION_LABEL_MAX = 300;
export const QUESTION_HELP_MAX = 500;
export const OPTION_MAX = 120;
export const STAGE_NAME_MAX = 60;
export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 25;
export const MAX_STAGES = 12;

export const TITLE_REQUIRED = 'Give the form a title.';
export const NO_QUESTIONS = 'Add at least one question.';
export const LABEL_REQUIRED = 'Every question needs its text.';
export const STAGE_NAME_REQUIRED = 'Every stage needs a name.';
export const STAGE_KINDS_NEEDED = 'A form needs at least one open stage, one accepted stage and one denied stage.';

/** What a stage means, whatever it is called. */
export const STAGE_KINDS = ['open', 'accepted', 'denied'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const STAGE_KIND_LABELS: Readonly<Record<StageKind, string>> = {
  open: 'Open (under review)',
  accepted: 'Accepted (may be hired)',
  denied: 'Denied',
};

/** A question row of the editor: `key` is local (rows and drag handles), `id` the stored one ('' for new). */
export interface EditorQuestion {
  key: string;
  id: string;
  label: string;
  help: string;
  kind: QuestionKind;
  required: boolean;
  options: string[];
}

/** A stage row: `id` null for a new stage; `applications` it holds now (such a stage keeps its kind and stays). */
export interface EditorStage {
  key: string;
  id: number | null;
  name: string;
  kind: StageKind;
  applications: number;
}

export interface FormDraft {
  title: string;
  description: string;
  isOpen: boolean;
  questions: EditorQuestion[];
  stages: EditorStage[];
  reviewerLevels: string[];
  reviewerRoles: string[];
}

/** What the editor needs of a stored form. */
export interface FormLike {
  title: string;
  description: string;
  isOpen: boolean;
  questions: readonly { id?: string; label: string; help?: string; kind: string; required?: boolean; options?: readonly string[] }[];
  stages: readonly { id: number; name: string; kind: string; applications: number }[];
  reviewerLevels: readonly string[];
  reviewerRoles: readonly string[];
}

/** What the server takes (`POST` and `PUT /api/applications/forms`). */
export interface FormBody {
  title: string;
  description: string;
  isOpen: boolean;
  questions: { id?: string; label: string; help: string; kind: string; required: boolean; options: string[] }[];
  stages: { id: number | null; name: string; kind: string }[];
  reviewerLevels: string[];
  reviewerRoles: string[];
  version?: number | null;
}

let keys = 0;
function rowKey(prefix: string): string {
  keys += 1;
  return `${prefix}-${String(keys)}`;
}

const asKind = (kind: string): QuestionKind => QUESTION_KINDS.find((k) => k === kind) ?? 'short_text';
const asStageKind = (kind: string): StageKind => STAGE_KINDS.find((k) => k === kind) ?? 'open';

/** A new question: short text, required. */
export function newQuestion(kind: QuestionKind = 'short_text'): EditorQuestion {
  return { key: rowKey('question'), id: '', label: '', help: '', kind, required: true, options: [] };
}

/** A new stage, open. */
export function newStage(): EditorStage {
  return { key: rowKey('stage'), id: null, name: '', kind: 'open', applications: 0 };
}

/** The stages a new form starts with (the server's defaults). */
export function defaultStages(): EditorStage[] {
  return (
    [
      ['Submitted', 'open'],
      ['Interview', 'open'],
      ['Accepted', 'accepted'],
      ['Denied', 'denied'],
    ] as const
  ).map(([name, kind]) => ({ ...newStage(), name, kind }));
}

/** The editor opened on a stored form, or on a new one (null): open, one question, the default stages. */
export function draftOf(form: FormLike | null): FormDraft {
  if (form === null) {
    return {
      title: '',
      description: '',
      isOpen: true,
      questions: [newQuestion()],
      stages: defaultStages(),
      reviewerLevels: [],
      reviewerRoles: [],
    };
  }
  return {
    title: form.title,
    description: form.description,
    isOpen: form.isOpen,
    questions: form.questions.map((q) => ({
      key: rowKey('question'),
      id: q.id ?? '',
      label: q.label,
      help: q.help ?? '',
      kind: asKind(q.kind),
      required: q.required ?? false,
      options: [...(q.options ?? [])],
    })),
    stages: form.stages.map((s) => ({ key: rowKey('stage'), id: s.id, name: s.name, kind: asStageKind(s.kind), applications: s.applications })),
    reviewerLevels: [...form.reviewerLevels],
    reviewerRoles: [...form.reviewerRoles],
  };
}

/** `rows` after dropping the row `activeKey` on the row `overKey` (no target or unknown keys: unchanged). */
export function dropRow<T extends { key: string }>(rows: readonly T[], activeKey: string, overKey: string | null): T[] {
  const from = rows.findIndex((row) => row.key === activeKey);
  const to = overKey === null ? -1 : rows.findIndex((row) => row.key === overKey);
  if (from < 0 || to < 0 || from === to) return [...rows];
  return arrayMove([...rows], from, to);
}

/** `rows` with the row at `from` moved to `to` (out of range: unchanged); the up and down buttons. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  return arrayMove([...rows], from, to);
}

/** A question given another kind: a choice keeps its options, any other kind has none. */
export function withKind(question: EditorQuestion, kind: QuestionKind): EditorQuestion {
  return { ...question, kind, options: isChoice(kind) ? question.options : [] };
}

/** The refusals of a draft, by field path (`title`, `questions`, `questions.2.label`, `stages.1.name`, `stages`). */
export function draftErrors(draft: FormDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.title.trim() === '') errors.title = TITLE_REQUIRED;
  if (draft.questions.length === 0) errors.questions = NO_QUESTIONS;
  else if (draft.questions.length > MAX_QUESTIONS) errors.questions = `A form has at most ${String(MAX_QUESTIONS)} questions.`;
  draft.questions.forEach((question, index) => {
    const label = question.label.trim();
    if (label === '') {
      errors[`questions.${String(index)}.label`] = LABEL_REQUIRED;
      return;
    }
    if (!isChoice(question.kind)) return;
    const options = question.options.map((o) => o.trim()).filter((o) => o !== '');
    const seen = new Set<string>();
    for (const option of options) {
      if (seen.has(option.toLowerCase())) {
        errors[`questions.${String(index)}.options`] = `Question "${label}" lists "${option}" twice.`;
        return;
      }
      seen.add(option.toLowerCase());
    }
    if (options.length < 2) errors[`questions.${String(index)}.options`] = `Question "${label}" needs at least two options.`;
    else if (options.length > MAX_OPTIONS)
      errors[`questions.${String(index)}.options`] = `Question "${label}" has more than ${String(MAX_OPTIONS)} options.`;
  });
  const names = new Set<string>();
  draft.stages.forEach((stage, index) => {
    const name = stage.name.trim();
    if (name === '') errors[`stages.${String(index)}.name`] = STAGE_NAME_REQUIRED;
    else if (names.has(name.toLowerCase())) errors[`stages.${String(index)}.name`] = `Two stages are called ${name}.`;
    names.add(name.toLowerCase());
  });
  if (draft.stages.length > MAX_STAGES) errors.stages = `A form has at most ${String(MAX_STAGES)} stages.`;
  else if (STAGE_KINDS.some((kind) => !draft.stages.some((stage) => stage.kind === kind))) errors.stages = STAGE_KINDS_NEEDED;
  return errors;
}

/** The body to save: text trimmed, options only for choices, lists in the editor's order. */
export function formBody(draft: FormDraft, version: number | null): FormBody {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    isOpen: draft.isOpen,
    questions: draft.questions.map((q) => ({
      ...(q.id === '' ? {} : { id: q.id }),
      label: q.label.trim(),
      help: q.help.trim(),
      kind: q.kind,
      required: q.required,
      options: isChoice(q.kind) ? q.options.map((o) => o.trim()).filter((o) => o !== '') : [],
    })),
    stages: draft.stages.map((s) => ({ id: s.id, name: s.name.trim(), kind: s.kind })),
    reviewerLevels: [...draft.reviewerLevels],
    reviewerRoles: [...draft.reviewerRoles],
    ...(version === null ? {} : { version }),
  };
}

/** '8 questions', '1 question'. */
export function questionCount(count: number): string {
  return `${String(count)} ${count === 1 ? 'question' : 'questions'}`;
}
