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
export type DocumentDraftState = components['schemas']['Draft'];
export type DraftStateOfList = components['schemas']['DraftState'];
export type VersionList = components['schemas']['VersionList'];
export type VersionDetail = components['schemas']['VersionDetail'];
export type DiffPart = components['schemas']['DiffPart'];

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

// ——— Drafts, publishing and the history (issue 28) ———

const documentPath = (id: string) => `/api/sops/${encodeURIComponent(id)}`;

/** GET /api/sops/{id}/draft: the draft, the revision a save starts from, and what is published. */
export function getDraft(id: string, signal?: AbortSignal): Promise<DocumentDraftState> {
  return api.get<DocumentDraftState>(`${documentPath(id)}/draft`, { signal: signal ?? null });
}

/** POST /api/sops/{id}/publish: the draft at the revision seen becomes the version members read. */
export function postPublish({ id, revision }: { id: string; revision: number }): Promise<DocumentDraftState> {
  return api.post<DocumentDraftState>(`${documentPath(id)}/publish`, { revision });
}

/** GET /api/sops/{id}/versions: every published version, newest first. */
export function getVersions(id: string, signal?: AbortSignal): Promise<VersionList> {
  return api.get<VersionList>(`${documentPath(id)}/versions`, { signal: signal ?? null });
}

/** GET /api/sops/{id}/versions/{version}: one version and its word diff from the one before. */
export function getVersion(id: string, version: number, signal?: AbortSignal): Promise<VersionDetail> {
  return api.get<VersionDetail>(`${documentPath(id)}/versions/${String(version)}`, { signal: signal ?? null });
}

/** POST /api/sops/{id}/versions/{version}/restore: an old version becomes the draft again. */
export function postRestore({ id, version, revision }: { id: string; version: number; revision: number }): Promise<DocumentDraftState> {
  return api.post<DocumentDraftState>(`${documentPath(id)}/versions/${String(version)}/restore`, { revision });
}

export const draftQueryOptions = (slug: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.sopDraft(slug, id),
    queryFn: ({ signal }) => getDraft(id, signal),
    // The editor starts from the revision read; a background refetch would move it under them.
    refetchOnWindowFocus: false,
  });

export const versionsQueryOptions = (slug: string, id: string) =>
  queryOptions({ queryKey: queryKeys.sopVersions(slug, id), queryFn: ({ signal }) => getVersions(id, signal) });

export const versionQueryOptions = (slug: string, id: string, version: number) =>
  queryOptions({
    queryKey: queryKeys.sopVersions(slug, id, version),
    queryFn: ({ signal }) => getVersion(id, version, signal),
  });

/** After a draft write: the draft answered replaces the cached one; the lists read again. */
function useDraftWrite<V>(slug: string, call: (variables: V) => Promise<DocumentDraftState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (draft) => {
      queryClient.setQueryData(queryKeys.sopDraft(slug, draft.id), draft);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sopsAll(slug), predicate: (q) => q.queryKey[3] !== 'draft' });
    },
  });
}

/** Publishes a draft. */
export function usePublish(slug: string) {
  return useDraftWrite(slug, postPublish);
}

/** Makes an old version the draft again. */
export function useRestore(slug: string) {
  return useDraftWrite(slug, postRestore);
}

export type UploadedPicture = components['schemas']['UploadedPicture'];

/**
 * POST /api/uploads/sop-image (multipart field `file`; PNG, JPEG or WebP, at most 2 MB) →
 * `{url}`, the `/media/sops/…` address of a picture in a document's content. Failures throw
 * `ApiError` with the server's text.
 */
export function uploadDocumentPicture(file: File): Promise<UploadedPicture> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedPicture>('/api/uploads/sop-image', { method: 'POST', body: form });
}
