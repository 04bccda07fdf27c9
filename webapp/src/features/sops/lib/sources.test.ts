import { describe, expect, it } from 'vitest';
import { sourceByline, sourceErrorText, sourceProblem, sourceSavedText, sourceSummary, SOURCE_MAX_BYTES, SOURCE_NOT_SAVED } from './sources';

const source = { fileName: 'Pursuits.docx', size: 12_700, version: 2, updatedAt: '2026-11-27T10:00:00Z', updatedBy: 'Cole Command' };

describe('Office file texts', () => {
  it('summarise a file with its size and version', () => {
    expect(sourceSummary(source)).toBe('Pursuits.docx · 12.4 KB · version 2');
    expect(sourceSavedText(source)).toBe('Pursuits.docx saved as version 2.');
  });

  it('name who stored it only when the server says', () => {
    expect(sourceByline(source)).toMatch(/^Stored by Cole Command on .*2026/);
    expect(sourceByline({ ...source, updatedBy: null })).toMatch(/^Stored on .*2026/);
  });

  it('refuse an empty or too large file before sending it', () => {
    expect(sourceProblem({ size: SOURCE_MAX_BYTES })).toBeNull();
    expect(sourceProblem({ size: SOURCE_MAX_BYTES + 1 })).toBe('File too large (max 20 MB)');
    expect(sourceProblem({ size: 0 })).toBe('No file provided');
  });

  it("show the server's sentence, else the fallback", () => {
    expect(sourceErrorText({ status: 415, serverMessage: 'Only Word documents (.docx) and PowerPoint presentations (.pptx) can be attached.' })).toMatch(/^Only Word/);
    expect(sourceErrorText(null)).toBe(SOURCE_NOT_SAVED);
    expect(sourceErrorText({ status: 502, serverMessage: null })).toBe('HTTP 502');
  });
});
