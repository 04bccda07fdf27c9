import { describe, expect, it } from 'vitest';
import openapiText from '../../../../openapi.json?raw';
import {
  DOCUMENT_CONTENT_MAX,
  DOCUMENT_SUMMARY_MAX,
  DOCUMENT_TITLE_MAX,
  defaultMinLevel,
  documentType,
  draftOf,
  draftProblems,
  editorErrorText,
  entryOf,
  filterDocuments,
  formatDate,
  groupDocuments,
  hasProblems,
  integrationStatusText,
  isStale,
  levelLabel,
  manageLoadErrorText,
  memberLoadErrorText,
  pictureAlt,
  prettyConfig,
  publishableLevels,
  saveErrorText,
  withoutTrailingEmpty,
  writersText,
} from './sops';

const LEVELS = [
  { id: 'deputy', label: 'Deputy' },
  { id: 'supervisor', label: 'Supervisor' },
  { id: 'command', label: 'Command' },
  { id: 'high_command', label: 'High Command' },
];

const doc = (title: string, type?: string, summary = '') => ({ id: title, title, type, summary, content: 'x' });

describe('documentType', () => {
  it('is sop for sop (any case) and blank, presentation for anything else', () => {
    expect(documentType('sop')).toBe('sop');
    expect(documentType(' SOP ')).toBe('sop');
    expect(documentType('')).toBe('sop');
    expect(documentType(undefined)).toBe('sop');
    expect(documentType('presentation')).toBe('presentation');
    expect(documentType('Slides')).toBe('presentation');
  });
});

describe('groupDocuments', () => {
  it('groups SOPs before presentations, sorted by title, and leaves out empty groups', () => {
    const groups = groupDocuments([
      doc('Vehicle pursuits', 'sop'),
      doc('Onboarding', 'presentation'),
      doc('use of force', 'SOP'),
      doc('Annual briefing', 'presentation'),
      doc('SOP 10'),
      doc('SOP 2'),
    ]);
    expect(groups.map((g) => [g.label, g.documents.map((d) => d.title)])).toEqual([
      ['Standard operating procedures', ['SOP 2', 'SOP 10', 'use of force', 'Vehicle pursuits']],
      ['Presentations', ['Annual briefing', 'Onboarding']],
    ]);
    expect(groupDocuments([doc('Deck', 'presentation')]).map((g) => g.type)).toEqual(['presentation']);
    expect(groupDocuments([])).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    const list = [doc('B'), doc('A')];
    groupDocuments(list);
    expect(list.map((d) => d.title)).toEqual(['B', 'A']);
  });
});

describe('filterDocuments', () => {
  it('matches title or summary, case-insensitively; a blank query keeps all', () => {
    const list = [doc('Use of force', 'sop', 'Levels of force'), doc('Pursuits', 'sop', 'When to stop a chase')];
    expect(filterDocuments(list, 'FORCE').map((d) => d.title)).toEqual(['Use of force']);
    expect(filterDocuments(list, 'chase').map((d) => d.title)).toEqual(['Pursuits']);
    expect(filterDocuments(list, '  ')).toHaveLength(2);
    expect(filterDocuments(list, 'nothing')).toEqual([]);
  });
});

describe('levels', () => {
  it("labels a document's minimum level with the agency's label", () => {
    expect(levelLabel(LEVELS, 'high_command')).toBe('High Command');
    expect(levelLabel(LEVELS, ' Supervisor ')).toBe('Supervisor');
    expect(levelLabel(LEVELS, '')).toBe('Deputy');
    expect(levelLabel(LEVELS, undefined)).toBe('Deputy');
    expect(levelLabel(LEVELS, 'chief')).toBe('chief');
  });

  it('defaults to deputy, or the lowest level of agencies without one', () => {
    expect(defaultMinLevel(LEVELS)).toBe('deputy');
    expect(defaultMinLevel([{ id: 'cadet', label: 'Cadet' }, { id: 'officer', label: 'Officer' }])).toBe('cadet');
    expect(defaultMinLevel([])).toBe('deputy');
  });

  it('offers the viewer their own level and those below (every level for High Command)', () => {
    const ids = (viewer: string | null, current: string | null = null) =>
      publishableLevels(LEVELS, viewer, current).map((l) => l.id);
    expect(ids('deputy')).toEqual(['deputy']);
    expect(ids('command')).toEqual(['deputy', 'supervisor', 'command']);
    expect(ids(' Command ')).toEqual(['deputy', 'supervisor', 'command']);
    expect(ids('high_command')).toEqual(['deputy', 'supervisor', 'command', 'high_command']);
    // Without a level: the lowest only; an unknown level: nothing.
    expect(ids(null)).toEqual(['deputy']);
    expect(ids('chief')).toEqual([]);
    // An edited document keeps its level listed.
    expect(ids('supervisor', 'command')).toEqual(['deputy', 'supervisor', 'command']);
  });
});

describe('texts', () => {
  it('formats dates, and gives null without one', () => {
    expect(formatDate('2026-03-03T10:00:00Z', new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }))).toBe(
      '3 Mar 2026',
    );
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });

  it('gives the failure texts of the spec', () => {
    expect(memberLoadErrorText(null)).toBe('Failed to load documents');
    expect(memberLoadErrorText({ status: 500, serverMessage: 'Database down' })).toBe('HTTP 500');
    expect(manageLoadErrorText(null)).toBe('Failed to load documents');
    expect(manageLoadErrorText({ status: 503, serverMessage: null })).toBe('HTTP 503');
    expect(manageLoadErrorText({ status: 403, serverMessage: 'Access denied' })).toBe('Access denied');
    expect(saveErrorText(null)).toBe('Failed to save documents');
    expect(saveErrorText({ status: 400, serverMessage: 'Title is required' })).toBe('Title is required');
    expect(saveErrorText({ status: 502, serverMessage: null })).toBe('HTTP 502');
    expect(editorErrorText(null)).toBe('Failed to prepare OnlyOffice config');
    expect(editorErrorText({ status: 404, serverMessage: 'Document not found' })).toBe('Document not found');
    expect(isStale({ status: 409, serverMessage: 'x' })).toBe(true);
    expect(isStale({ status: 400, serverMessage: 'x' })).toBe(false);
    expect(isStale(null)).toBe(false);
  });

  it('says whether the editor integration is active or inactive', () => {
    expect(integrationStatusText({ enabled: false, serverUrl: null })).toBe('OnlyOffice integration: inactive');
    expect(integrationStatusText({ enabled: true, serverUrl: 'https://docs.example.org/' })).toBe(
      'OnlyOffice integration: active (https://docs.example.org/)',
    );
    expect(integrationStatusText({ enabled: true })).toBe('OnlyOffice integration: active');
  });

  it('pretty-prints the editor configuration', () => {
    expect(prettyConfig({ a: { b: 1 } })).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
  });
});

describe('the editor draft', () => {
  it('starts from the document, or a new SOP at the default level', () => {
    expect(draftOf(null, 'deputy')).toEqual({ id: '', title: '', summary: '', content: '', type: 'sop', minLevel: 'deputy' });
    expect(
      draftOf({ id: 'd1', title: 'Deck', type: 'Presentation', minLevel: 'Command', summary: 's', content: 'c' }, 'deputy'),
    ).toEqual({ id: 'd1', title: 'Deck', summary: 's', content: 'c', type: 'presentation', minLevel: 'command' });
  });

  it("requires a title ('Title is required') and content ('Content is required')", () => {
    const blank = draftOf(null, 'deputy');
    expect(draftProblems(blank)).toEqual({ title: 'Title is required', content: 'Content is required' });
    expect(hasProblems(draftProblems({ ...blank, title: '  ', content: 'Body' }))).toBe(true);
    expect(draftProblems({ ...blank, title: 'T', content: ' \n ' })).toEqual({ title: null, content: 'Content is required' });
    expect(hasProblems(draftProblems({ ...blank, title: 'T', content: 'Body' }))).toBe(false);
  });

  it('saves trimmed text, the level lowercased (the default when blank)', () => {
    const draft = { id: '', title: ' Pursuits ', summary: ' When to stop ', content: '\n1. Stop\n2. Go \n', type: 'sop' as const, minLevel: ' ' };
    expect(entryOf(draft, 'deputy')).toEqual({
      id: '',
      title: 'Pursuits',
      summary: 'When to stop',
      content: '1. Stop\n2. Go',
      type: 'sop',
      minLevel: 'deputy',
    });
    expect(entryOf({ ...draft, minLevel: 'Command' }, 'deputy').minLevel).toBe('command');
  });
});

describe('limits', () => {
  /** `components.schemas.Document.properties.<field>.maxLength` of the server's OpenAPI description. */
  function maxLength(field: string): unknown {
    let node: unknown = JSON.parse(openapiText);
    for (const key of ['components', 'schemas', 'Document', 'properties', field, 'maxLength']) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  }

  it('match the server', () => {
    expect(maxLength('title')).toBe(DOCUMENT_TITLE_MAX);
    expect(maxLength('content')).toBe(DOCUMENT_CONTENT_MAX);
    expect(maxLength('summary')).toBe(DOCUMENT_SUMMARY_MAX);
  });
});

describe('withoutTrailingEmpty', () => {
  it("drops the editor's empty paragraphs at the end only", () => {
    expect(withoutTrailingEmpty('<h2>Title</h2><p></p>')).toBe('<h2>Title</h2>');
    expect(withoutTrailingEmpty('<p>a</p><p></p> <p></p>')).toBe('<p>a</p>');
    expect(withoutTrailingEmpty('<p></p><p>a</p>')).toBe('<p></p><p>a</p>');
    expect(withoutTrailingEmpty('<p>a</p>')).toBe('<p>a</p>');
  });
});

describe('pictureAlt', () => {
  it("describes a picture by its file name's words", () => {
    expect(pictureAlt('patrol-map_2.png')).toBe('patrol map 2');
    expect(pictureAlt('Station front.JPEG')).toBe('Station front');
    expect(pictureAlt('scan.v2.webp')).toBe('scan.v2');
    expect(pictureAlt('noextension')).toBe('noextension');
  });
});

describe('writersText', () => {
  it('names the writers of a version in a sentence, or nothing when none is named', () => {
    expect(writersText(['Jordan Reyes'])).toBe('Written by Jordan Reyes.');
    expect(writersText(['Jordan Reyes', 'Alex Mercer'])).toBe('Written by Jordan Reyes and Alex Mercer.');
    expect(writersText(['A', 'B', 'C'])).toBe('Written by A, B and C.');
    expect(writersText([])).toBeNull();
    expect(writersText(undefined)).toBeNull();
  });
});
