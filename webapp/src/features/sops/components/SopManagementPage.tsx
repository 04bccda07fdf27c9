import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { callFailureOf } from '@/components/catalogue-calls';
import { CatalogueManager, type CatalogueTexts } from '@/components/CatalogueManager';
import { useNavAccess } from '@/session/use-nav-access';
import {
  managedDocumentsQueryOptions,
  useEditorConfig,
  useSaveDocuments,
  type DraftStateOfList,
  type SopDocument,
} from '../api/sops';
import { sourcesQueryOptions, useRereadSources } from '../api/sources';
import {
  CONFIRM_REMOVE_DOCUMENT,
  defaultMinLevel,
  DOCUMENT_REMOVED,
  EDITOR_NAME,
  editorErrorText,
  formatDate,
  groupDocuments,
  integrationStatusText,
  levelLabel,
  manageLoadErrorText,
  MANAGEMENT_TITLE,
  NO_DOCUMENTS_PUBLISHED,
  saveErrorText,
  UNABLE_TO_LOAD_DOCUMENTS,
  type LevelOption,
} from '../lib/sops';
import { DocumentModal } from './DocumentModal';
import { DraftDialog } from './DraftDialog';
import { EditorPreviewModal } from './EditorPreviewModal';
import { HistoryDialog } from './HistoryDialog';
import { SourcePanel } from './SourcePanel';

const TEXTS: CatalogueTexts = {
  title: MANAGEMENT_TITLE,
  description: "The agency's SOPs and presentations, and the lowest rank that may read each.",
  add: 'New document',
  loading: 'Loading documents…',
  unableToLoad: UNABLE_TO_LOAD_DOCUMENTS,
  empty: NO_DOCUMENTS_PUBLISHED,
  confirmRemove: CONFIRM_REMOVE_DOCUMENT,
  removed: DOCUMENT_REMOVED,
};

interface DocumentCardProps {
  document: SopDocument;
  /** Its published version and whether a draft waits (none for a document never published). */
  state: DraftStateOfList | undefined;
  levels: readonly LevelOption[];
  /** Edit and Delete, or null when read-only. */
  actions: ReactNode;
  /** The document's Office file (issue 28). */
  source: ReactNode;
  onOpen: () => void;
  onEditDraft: () => void;
  onHistory: () => void;
}

/** A document card: title, 'Minimum rank', summary, 'Last updated'; Open in OnlyOffice, Edit, Delete. */
function DocumentCard({ document, state, levels, actions, source, onOpen, onEditDraft, onHistory }: DocumentCardProps) {
  const titleId = useId();
  const summary = (document.summary ?? '').trim();
  const updated = formatDate(document.updatedAt);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="document-card">
      <Stack gap="xs">
        <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {document.title}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" tt="none" data-testid="document-min-level">
            Minimum rank: {levelLabel(levels, document.minLevel)}
          </Badge>
          <Text size="xs" c="dimmed" data-testid="document-updated">
            Last updated: {updated ?? 'never'}
          </Text>
          {state !== undefined && (
            <Badge variant="dot" color={state.unpublished ? 'yellow' : 'green'} tt="none" data-testid="document-state">
              {state.unpublished ? `Version ${String(state.publishedVersion)} published · draft waiting` : `Version ${String(state.publishedVersion)} published`}
            </Badge>
          )}
        </Group>
        {summary !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {summary}
          </Text>
        )}
        {source}
        <Group gap="xs" wrap="wrap" mt={4}>
          <Button size="xs" variant="light" onClick={onOpen}>
            Open in {EDITOR_NAME}
          </Button>
          {actions !== null && (
            <Button size="xs" variant="light" onClick={onEditDraft}>
              Edit draft
            </Button>
          )}
          {actions !== null && (
            <Button size="xs" variant="light" onClick={onHistory}>
              History
            </Button>
          )}
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Document management (command-and-reports §2 "Document management", §4, §5, §7, §8): the
 * SOPs and presentations the manager's level reaches, grouped by type and sorted by title,
 * with New document and Refresh and a status line saying whether the document-editor
 * integration (OnlyOffice) is active. Each card opens the document in the editor ('Open in
 * OnlyOffice'), Edit and Delete. Edits are applied to the list, which is saved whole at the
 * version read; the server's answer replaces it. Content is rich text edited as a draft (Edit
 * draft: save, publish) with every published version kept (History: word diff, restore; issue
 * 28). Members on leave see the list read-only (and
 * may still open a document in the editor, which changes nothing). The screen itself is the
 * shared CatalogueManager.
 */
export function SopManagementPage() {
  const slug = useActiveSlug();
  const { levels } = useAgency();
  const access = useNavAccess();
  const query = useQuery(managedDocumentsQueryOptions(slug));
  const sources = useQuery(sourcesQueryOptions(slug, 'manage'));
  const remove = useSaveDocuments(slug);
  const editor = useEditorConfig();
  const rereadSources = useRereadSources(slug);
  const [previewing, setPreviewing] = useState<SopDocument | null>(null);
  // The document whose draft or history is open.
  const [drafting, setDrafting] = useState<SopDocument | null>(null);
  const [history, setHistory] = useState<SopDocument | null>(null);

  const openInEditor = (document: SopDocument) => {
    setPreviewing(document);
    editor.mutate(document.id ?? '');
  };

  return (
    <CatalogueManager
      texts={TEXTS}
      testId="documents"
      query={query}
      remove={remove}
      entriesOf={(list) => list.documents}
      saveBody={(documents, version) => ({ documents, version })}
      nameOf={(document) => document.title}
      loadErrorText={manageLoadErrorText}
      saveErrorText={saveErrorText}
      status={(list) => (
        <Group gap="xs" data-testid="integration-status">
          <Badge color={list.integration.enabled ? 'green' : 'gray'} variant="dot" tt="none" size="lg">
            {integrationStatusText(list.integration)}
          </Badge>
        </Group>
      )}
      renderEntries={(documents, card) =>
        groupDocuments(documents).map((group) => (
          <Stack key={group.type} gap="sm" component="section" data-testid={`document-group-${group.type}`}>
            <Title order={2} size="h3">
              {group.label}
            </Title>
            {group.documents.map(card)}
          </Stack>
        ))
      }
      renderCard={(document, actions) => (
        <DocumentCard
          document={document}
          levels={levels}
          state={query.data?.drafts.find((d) => d.id === document.id)}
          actions={actions}
          source={
            <SourcePanel
              slug={slug}
              documentId={document.id ?? ''}
              title={document.title}
              source={sources.data?.sources.find((s) => s.documentId === document.id)}
              editorEnabled={query.data?.integration.enabled ?? false}
              canChange={actions !== null && document.id != null}
            />
          }
          onOpen={() => {
            openInEditor(document);
          }}
          onEditDraft={() => {
            setDrafting(document);
          }}
          onHistory={() => {
            setHistory(document);
          }}
        />
      )}
      renderDialog={(props) => (
        <DocumentModal
          slug={slug}
          levels={levels}
          defaultLevel={defaultMinLevel(levels)}
          viewerLevel={access.viewer?.level ?? null}
          {...props}
        />
      )}
    >
      {drafting !== null && (
        <DraftDialog
          slug={slug}
          id={drafting.id ?? ''}
          title={drafting.title}
          onClose={() => {
            setDrafting(null);
          }}
        />
      )}
      {history !== null && (
        <HistoryDialog
          slug={slug}
          id={history.id ?? ''}
          title={history.title}
          onClose={() => {
            setHistory(null);
          }}
        />
      )}
      {previewing !== null && (
        <EditorPreviewModal
          title={previewing.title}
          status={editor.status}
          answer={editor.data}
          error={editor.isError ? editorErrorText(callFailureOf(editor.error)) : null}
          onClose={() => {
            if (editor.data?.config?.editorConfig.mode === 'edit') void rereadSources(previewing.id ?? '');
            setPreviewing(null);
            editor.reset();
          }}
        />
      )}
    </CatalogueManager>
  );
}
