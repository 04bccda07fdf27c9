/**
 * An application's answers as the form page holds them, checked the way the server checks them
 * (`features/recruitment/model.rs`, `check_answers`): required answers, options, yes or no,
 * numbers, dates from 1900 to 2100, short text up to 200 characters and long text up to 4,000;
 * each refusal names the question with the server's own sentence. Pure.
 */

/** What a question asks for (the server's `QUESTION_KINDS`). */
export const QUESTION_KINDS = ['short_text', 'long_text', 'choice', 'multiple_choice', 'yes_no', 'number', 'date'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Readonly<Record<QuestionKind, string>> = {
  short_text: 'Short text',
  long_text: 'Long text',
  choice: 'Choice',
  multiple_choice: 'Multiple choice',
  yes_no: 'Yes / no',
  number: 'Number',
  date: 'Date',
};

/** Answers of a short text question, and of a long one, are at most this long. */
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 4000;
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

/** What the answers need of a question. */
export interface QuestionLike {
  id?: string;
  label: string;
  kind: string;
  required?: boolean;
  options?: readonly string[];
}

/** One answer as the form holds it: text (short, long, choice, date, yes/no as 'yes'/'no'), a number, or chosen options. */
export type AnswerValue = string | number | string[];
export type AnswerValues = Record<string, AnswerValue>;

export function isChoice(kind: string): boolean {
  return kind === 'choice' || kind === 'multiple_choice';
}

const idOf = (question: QuestionLike): string => question.id ?? '';

/** The empty answers of a form: no option chosen, no text. */
export function emptyAnswers(questions: readonly QuestionLike[]): AnswerValues {
  return Object.fromEntries(questions.map((q) => [idOf(q), q.kind === 'multiple_choice' ? [] : '']));
}

function blank(value: AnswerValue | undefined): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' && value.trim() === '';
}

function numberOf(value: AnswerValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** 'YYYY-MM-DD' of a real day, or null. */
function dayOf(text: string): { year: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year };
}

// The server counts Unicode scalar values (Rust's `chars().count()`), as spreading a string does.
// eslint-disable-next-line @typescript-eslint/no-misused-spread
const chars = (text: string) => [...text].length;

/** The server's refusal of one answer that is not blank, or null. */
export function answerError(question: QuestionLike, value: AnswerValue): string | null {
  const label = question.label;
  const options = question.options ?? [];
  const text = typeof value === 'string' ? value.trim() : null;
  switch (question.kind) {
    case 'short_text':
    case 'long_text': {
      if (text === null) return `"${label}" must be text.`;
      const max = question.kind === 'short_text' ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX;
      return chars(text) > max ? `"${label}" must be at most ${String(max)} characters.` : null;
    }
    case 'choice':
      return text !== null && options.includes(text) ? null : `Choose one of the options of "${label}".`;
    case 'multiple_choice':
      return Array.isArray(value) && value.every((item) => options.includes(item.trim()))
        ? null
        : `Choose among the options of "${label}".`;
    case 'yes_no':
      return text === 'yes' || text === 'no' ? null : `Answer "${label}" with yes or no.`;
    case 'number': {
      const number = numberOf(value);
      return number !== null && Math.abs(number) < 1e15 ? null : `"${label}" must be a number.`;
    }
    case 'date': {
      const day = text === null ? null : dayOf(text);
      if (day === null) return `"${label}" must be a date such as 2026-12-01.`;
      return day.year < FIRST_YEAR || day.year > LAST_YEAR
        ? `"${label}" must be between ${String(FIRST_YEAR)} and ${String(LAST_YEAR)}.`
        : null;
    }
    default:
      return `Question "${label}" has an unknown kind '${question.kind}'.`;
  }
}

/** The refusals of the answers, by question id: a required answer missing, or an answer its kind refuses. */
export function answerErrors(questions: readonly QuestionLike[], values: AnswerValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const value = values[idOf(question)];
    if (value === undefined || blank(value)) {
      if (question.required === true) errors[idOf(question)] = `Answer "${question.label}".`;
      continue;
    }
    const error = answerError(question, value);
    if (error !== null) errors[idOf(question)] = error;
  }
  return errors;
}

/** The answers to send (`POST /api/apply/forms/{id}`): blanks left out, text trimmed, yes/no and numbers as JSON. */
export function answersBody(questions: readonly QuestionLike[], values: AnswerValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const question of questions) {
    const value = values[idOf(question)];
    if (value === undefined || blank(value)) continue;
    if (question.kind === 'yes_no') body[idOf(question)] = value === 'yes';
    else if (question.kind === 'number') body[idOf(question)] = numberOf(value) ?? value;
    else if (Array.isArray(value)) body[idOf(question)] = value.map((item) => item.trim());
    else body[idOf(question)] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

/** An answer as the reviewers read it: 'Yes', 'English, Spanish', the text, or a dash. */
export function answerText(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(String).join(', ');
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value.trim() === '' ? '-' : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
