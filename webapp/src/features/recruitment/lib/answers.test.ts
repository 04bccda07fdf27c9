import { describe, expect, it } from 'vitest';
import { answerErrors, answersBody, answerText, emptyAnswers, type QuestionLike } from './answers';

/** The demo form's questions (server/src/demo_recruitment.rs). */
const QUESTIONS: QuestionLike[] = [
  { id: 'name', label: "Your character's full name", kind: 'short_text', required: true },
  { id: 'age', label: 'Your age', kind: 'number', required: true },
  { id: 'playtime', label: 'When do you usually play?', kind: 'choice', required: true, options: ['European evenings', 'US evenings'] },
  { id: 'languages', label: 'Languages you speak on the radio', kind: 'multiple_choice', required: false, options: ['English', 'Spanish'] },
  { id: 'microphone', label: 'Do you have a working microphone?', kind: 'yes_no', required: true },
  { id: 'why', label: 'Why do you want to join?', kind: 'long_text', required: true },
  { id: 'start', label: 'When could you start?', kind: 'date', required: false },
];

const FILLED = {
  name: ' Drew Collins ',
  age: 24,
  playtime: 'US evenings',
  languages: ['English'],
  microphone: 'yes',
  why: 'Patrol.',
  start: '2026-12-01',
};

describe('answerErrors (the server’s check_answers)', () => {
  it('names every required question left blank, in the server’s words', () => {
    const errors = answerErrors(QUESTIONS, emptyAnswers(QUESTIONS));
    expect(errors).toEqual({
      name: 'Answer "Your character\'s full name".',
      age: 'Answer "Your age".',
      playtime: 'Answer "When do you usually play?".',
      microphone: 'Answer "Do you have a working microphone?".',
      why: 'Answer "Why do you want to join?".',
    });
  });

  it('accepts a filled form and leaves optional blanks alone', () => {
    expect(answerErrors(QUESTIONS, FILLED)).toEqual({});
    expect(answerErrors(QUESTIONS, { ...FILLED, languages: [], start: '' })).toEqual({});
  });

  it('checks each kind as the server does', () => {
    const errors = answerErrors(QUESTIONS, {
      ...FILLED,
      name: 'x'.repeat(201),
      age: '12abc',
      playtime: 'Mornings',
      languages: ['Klingon'],
      microphone: 'maybe',
      why: 'y'.repeat(4001),
      start: '2026-02-30',
    });
    expect(errors).toEqual({
      name: '"Your character\'s full name" must be at most 200 characters.',
      age: '"Your age" must be a number.',
      playtime: 'Choose one of the options of "When do you usually play?".',
      languages: 'Choose among the options of "Languages you speak on the radio".',
      microphone: 'Answer "Do you have a working microphone?" with yes or no.',
      why: '"Why do you want to join?" must be at most 4000 characters.',
      start: '"When could you start?" must be a date such as 2026-12-01.',
    });
    expect(answerErrors(QUESTIONS, { ...FILLED, start: '2101-01-01' }).start).toBe('"When could you start?" must be between 1900 and 2100.');
    expect(answerErrors(QUESTIONS, { ...FILLED, age: '17' })).toEqual({});
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(answerErrors(QUESTIONS, { ...FILLED, name: '🚓'.repeat(200) })).toEqual({});
  });
});

describe('answersBody', () => {
  it('sends blanks left out, text trimmed, yes/no as true/false and numbers as numbers', () => {
    expect(answersBody(QUESTIONS, { ...FILLED, age: '24', microphone: 'no', start: '' })).toEqual({
      name: 'Drew Collins',
      age: 24,
      playtime: 'US evenings',
      languages: ['English'],
      microphone: false,
      why: 'Patrol.',
    });
  });
});

describe('answerText', () => {
  it('reads an answer as the reviewers see it', () => {
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('No');
    expect(answerText(['English', 'Spanish'])).toBe('English, Spanish');
    expect(answerText(22)).toBe('22');
    expect(answerText('')).toBe('-');
    expect(answerText(null)).toBe('-');
  });
});
