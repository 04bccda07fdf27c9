/**
 * Documents' Office files (issue 28, "Office files"): the current file of each document the
 * viewer's level reaches, attaching or replacing one (multipart field `file`, a .docx or
 * .pptx of at most 20 MB), removing it, its versions, the download link, and the
 * document-editor configuration of the file (edit mode for managers, view for readers).
 */

import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiFetch, withAgencyParam } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';
import type { EditorAnswer } from './sops';

export type SourceInfo = components['schemas']['SourceInfo'];
export type SourceList = components['schemas']['SourceList'];
export type SourceHistory = components['schemas']['SourceHistory'];
export type SourceVersion = components['schemas']['SourceVersion'];

type Scope = 'member' | 'manage';

const sourcePath = (id: string) => `/api/sops/${encodeURIComponent(id)}/source`;

/** GET /api/sops/sources (`?scope=manage` adds who stored each file). */
export function getSources(scope: Scope, signal?: AbortSignal): Promise<SourceList> {
  const path = scope === 'manage' ? '/api/sops/sources?scope=manage' : '/api/sops/sources';
  return api.get<SourceList>(path, { signal: signal ?? null });
}

/** POST /api/sops/{id}/source: attaches or replaces the file → the new current version. */
export function uploadSource({ id, file }: { id: string; file: File }): Promise<SourceInfo> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<SourceInfo>(sourcePath(id), { method: 'POST', body: form });
}

/** DELETE /api/sops/{id}/source: removes the file (its versions stay in the history). */
export function deleteSource(id: string): Promise<undefined> {
  return api.delete<undefined>(sourcePath(id));
}

/** GET /api/sops/{id}/source/versions: every version, newest first. */
export function getSourceVersions(id: string, signal?: AbortSignal): Promise<SourceHistory> {
  return api.get<SourceHistory>(`${sourcePath(id)}/versions`, { signal: signal ?? null });
}

/** POST /api/sops/{id}/source/onlyoffice: the editor configuration of the file. */
export function postSourceEditorConfig(id: string): Promise<EditorAnswer> {
  return apiFetch<EditorAnswer>(`${sourcePath(id)}/onlyoffice`, { method: 'POST' });
}

/** Where the browser downloads the current file (with the session, for the agency `slug`). */
export function sourceDownloadHref(id: string, slug: string): string {
  return withAgencyParam(`${sourcePath(id)}/download`, slug);
}

export const sourcesQueryOptions = (slug: string, scope: Scope) =>
  queryOptions({ queryKey: queryKeys.sopSources(slug, scope), queryFn: ({ signal }) => getSources(scope, signal) });

export const sourceVersionsQueryOptions = (slug: string, id: string) =>
  queryOptions({ queryKey: queryKeys.sopSourceVersions(slug, id), queryFn: ({ signal }) => getSourceVersions(id, signal) });

/** The file lists and document `id`'s versions, read again. */
async function rereadSources(queryClient: QueryClient, slug: string, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sopSources(slug, 'manage') }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sopSources(slug, 'member') }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sopSourceVersions(slug, id) }),
  ]);
}

/** After a change: the file lists and that document's versions read again. */
function useSourceWrite<V extends { id: string } | string, T>(slug: string, call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (_data, variables) => {
      await rereadSources(queryClient, slug, typeof variables === 'string' ? variables : variables.id);
    },
  });
}

/**
 * Reads the file lists and a document's versions again once the editor, open for editing, is
 * closed: its saves reach the portal from the document server (the save callback), not from
 * this page.
 */
export function useRereadSources(slug: string): (id: string) => Promise<void> {
  const queryClient = useQueryClient();
  return (id) => rereadSources(queryClient, slug, id);
}

export function useUploadSource(slug: string) {
  return useSourceWrite(slug, uploadSource);
}

export function useRemoveSource(slug: string) {
  return useSourceWrite(slug, deleteSource);
}

/** Prepares the editor configuration of one document's file. */
export function useSourceEditorConfig() {
  return useMutation({ mutationFn: (id: string) => postSourceEditorConfig(id) });
}
