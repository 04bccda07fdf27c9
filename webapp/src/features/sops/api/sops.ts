/**
 * Document calls (member-portal §2.10, §7; command-and-reports §2, §7): the documents the
 * viewer's level reaches, the documents to manage with the editor integration, whole-list
 * saves at a version, and the document-editor configuration of one document.
 */

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import type { components } from '@/api/schema';

export type SopDocument = components['schemas']['Document'];
export type DocumentList = components['schemas']['DocumentList'];
export type DocumentManagement = components['schemas']['DocumentManagement'];
export type DocumentSave = components['schemas']['DocumentSave'];
export type EditorAnswer = components['schemas']['EditorAnswer'];

/** GET /api/sops: the documents the viewer's level reaches, and the viewer. */
export function getDocuments(signal?: AbortSignal): Promise<DocumentList> {
  return api.get<DocumentList>('/api/sops', { signal: signal ?? null });
}

/** GET /api/sops?scope=manage: the documents to manage, the editor integration and the version a save starts from. */
export function getManagedDocuments(signal?: AbortSignal): Promise<DocumentManagement> {
  return api.get<DocumentManagement>('/api/sops?scope=manage', { signal: signal ?? null });
}

/** PUT /api/sops?scope=manage: the whole list at the version it was read → the list as saved (new version). */
export function putDocuments(body: DocumentSave): Promise<DocumentManagement> {
  return api.put<DocumentManagement>('/api/sops?scope=manage', body);
}

/** POST /api/sops/{id}/onlyoffice (no body): the editor configuration, or why the editor is unavailable. */
export function postEditorConfig(id: string): Promise<EditorAnswer> {
  return apiFetch<EditorAnswer>(`/api/sops/${encodeURIComponent(id)}/onlyoffice`, { method: 'POST' });
}

export const documentsQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.sops(slug, 'member'), queryFn: ({ signal }) => getDocuments(signal) });

export const managedDocumentsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.sops(slug, 'manage'),
    queryFn: ({ signal }) => getManagedDocuments(signal),
    // Edits start from the version read; a background refetch would only move it under them.
    refetchOnWindowFocus: false,
  });

/**
 * Saves the whole list (command-and-reports §4: document edits are applied to the list, which
 * is then saved whole); the server's answer replaces the management list, and the member list
 * reloads.
 */
export function useSaveDocuments(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentSave) => putDocuments(body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(managedDocumentsQueryOptions(slug).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sops(slug, 'member') });
    },
  });
}

/** Prepares the document-editor configuration of one document. */
export function useEditorConfig() {
  return useMutation({ mutationFn: (id: string) => postEditorConfig(id) });
}
