import { describe, expect, it } from 'vitest';
import { docsEditorConfig, editorLoadErrorText, editorLoadingText, type PortalEditorConfig } from './editor';

const SOURCE: PortalEditorConfig = {
  document: {
    fileType: 'pptx',
    key: 'bcso-doc-1-v2',
    title: 'Codes.pptx',
    url: 'https://portal.example.org/api/sops/doc-1/source/file?agency=bcso&token=f',
    permissions: { edit: true, download: true, print: true },
  },
  documentType: 'slide',
  editorConfig: {
    mode: 'edit',
    lang: 'en',
    user: { id: '42', name: 'Jordan Reyes' },
    callbackUrl: 'https://portal.example.org/api/sops/doc-1/onlyoffice/callback?agency=bcso&token=c',
  },
  token: 'signed',
};

describe('docsEditorConfig', () => {
  it('hands the editor the configuration field for field, as its token signs it', () => {
    expect(docsEditorConfig(SOURCE)).toEqual(SOURCE);
    const text: PortalEditorConfig = {
      ...SOURCE,
      document: { ...SOURCE.document, fileType: 'txt', title: 'Pursuits.txt' },
      documentType: 'word',
      editorConfig: { mode: 'view', lang: 'en', user: { id: '7', name: 'Casey Nguyen' } },
    };
    expect(docsEditorConfig(text)).toEqual(text);
  });

  it('leaves out what the API sends as null (the server never signs it)', () => {
    const config = docsEditorConfig({ ...SOURCE, token: null, editorConfig: { ...SOURCE.editorConfig, callbackUrl: null } });
    expect(config).not.toHaveProperty('token');
    expect(config?.editorConfig).not.toHaveProperty('callbackUrl');
  });

  it('refuses types, modes and languages the portal never sends', () => {
    expect(docsEditorConfig({ ...SOURCE, documentType: 'cell' })).toBeNull();
    expect(docsEditorConfig({ ...SOURCE, document: { ...SOURCE.document, fileType: 'xlsx' } })).toBeNull();
    expect(docsEditorConfig({ ...SOURCE, editorConfig: { ...SOURCE.editorConfig, mode: 'review' } })).toBeNull();
    expect(docsEditorConfig({ ...SOURCE, editorConfig: { ...SOURCE.editorConfig, lang: 'xx' } })).toBeNull();
  });
});

describe("the editor's texts", () => {
  it('name the document server', () => {
    expect(editorLoadingText('https://docs.example.org/')).toBe('Loading OnlyOffice from https://docs.example.org/…');
    expect(editorLoadErrorText('https://docs.example.org/', ' Error load DocsAPI from https://docs.example.org/ ')).toBe(
      'OnlyOffice could not be loaded from https://docs.example.org/ (Error load DocsAPI from https://docs.example.org/). Check that the document server is running and that this page can reach it.',
    );
    expect(editorLoadErrorText('https://docs.example.org/', '')).toBe(
      'OnlyOffice could not be loaded from https://docs.example.org/. Check that the document server is running and that this page can reach it.',
    );
  });
});
