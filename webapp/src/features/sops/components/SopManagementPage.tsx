import { Alert, Badge, Button, Card, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { LoaNotice } from '@/components/LoaNotice';
import { withoutEntry } from '@/lib/catalogue-list';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import {
  callFailure,
  managedDocumentsQueryOptions,
  useEditorConfig,
  useSaveDocuments,
  type DocumentManagement,
  type SopDocument,
} from '../api/sops';
import {
  CONFIRM_REMOVE_DOCUMENT,
  defaultMinLevel,
  DOCUMENT_REMOVED,
  EDITOR_NAME,
  editorErrorText,
  formatDate,
  groupDocuments,
  integrationStatusText,
  isStale,
  levelLabel,
  manageLoadErrorText,
  MANAGEMENT_TITLE,
  NO_DOCUMENTS_PUBLISHED,
  saveErrorText,
  UNABLE_TO_LOAD_DOCUMENTS,
  type LevelOption,
} from '../lib/sops';
import { DocumentModal } from './DocumentModal';
import { EditorPreviewModal } from './EditorPreviewModal';

interface ManageCardProps {
  document: SopDocument;
  levels: readonly LevelOption[];
  writable: boolean;
  busy: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A document card: title, 'Minimum rank', summary, 'Last updated'; Open in OnlyOffice, Edit, Delete. */
function ManageCard({ document, levels, writable, busy, onOpen, onEdit, onDelete }: ManageCardProps) {
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
        </Group>
        {summary !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {summary}
          </Text>
        )}
        <Group gap="xs" wrap="wrap" mt={4}>
          <Button size="xs" variant="light" onClick={onOpen}>
            Open in {EDITOR_NAME}
          </Button>
          {writable && (
            <>
              <Button size="xs" variant="default" onClick={onEdit} disabled={busy}>
                Edit
              </Button>
              <Button size="xs" variant="light" color="red" onClick={onDelete} disabled={busy}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

interface PageProblem {
  message: string;
  stale: boolean;
}

type Editing = { kind: 'new' } | { kind: 'edit'; document: SopDocument };

/**
 * Document management (command-and-reports §2 "Document management", §4, §5, §7, §8): the
 * SOPs and presentations the manager's level reaches, grouped by type and sorted by title,
 * with New document and Refresh and a status line saying whether the document-editor
 * integration (OnlyOffice) is active. Each card opens the editor configuration ('Open in
 * OnlyOffice'), Edit and Delete. Edits are applied to the list, which is saved whole at the
 * version read; the server's answer replaces it. Members on leave see the list read-only (and
 * may still open a document in the editor, which changes nothing).
 */
export function SopManagementPage() {
  const slug = useActiveSlug();
  const { levels } = useAgency();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(managedDocumentsQueryOptions(slug));
  const remove = useSaveDocuments(slug);
  const editor = useEditorConfig();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<SopDocument | null>(null);
  const [problem, setProblem] = useState<PageProblem | null>(null);

  const data: DocumentManagement | undefined = query.data;
  const groups = groupDocuments(data?.documents ?? []);
  const defaultLevel = defaultMinLevel(levels);

  const reload = () => {
    setProblem(null);
    void query.refetch();
  };

  const openInEditor = (document: SopDocument) => {
    setPreviewing(document);
    editor.mutate(document.id ?? '');
  };

  const confirmDelete = (document: SopDocument) => {
    if (data === undefined) return;
    modals.openConfirmModal({
      title: `Delete ${document.title}`,
      children: <Text size="sm">{CONFIRM_REMOVE_DOCUMENT}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setProblem(null);
        const current = query.data ?? data;
        remove.mutate(
          { documents: withoutEntry(current.documents, document.id ?? ''), version: current.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', title: DOCUMENT_REMOVED, message: document.title });
            },
            onError: (error) => {
              const failure = callFailure(error);
              setProblem({ message: saveErrorText(failure), stale: isStale(failure) });
            },
          },
        );
      },
    });
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1}>{MANAGEMENT_TITLE}</Title>
            <Text c="dimmed" size="sm">
              The agency&apos;s SOPs and presentations, and the lowest rank that may read each.
            </Text>
          </Stack>
          <Group gap="xs">
            {writable && (
              <Button
                disabled={data === undefined}
                onClick={() => {
                  setEditing({ kind: 'new' });
                }}
              >
                New document
              </Button>
            )}
            <Button variant="default" onClick={reload} loading={query.isFetching && !query.isPending}>
              Refresh
            </Button>
          </Group>
        </Group>

        {data !== undefined && (
          <Group gap="xs" data-testid="integration-status">
            <Badge color={data.integration.enabled ? 'green' : 'gray'} variant="dot" tt="none" size="lg">
              {integrationStatusText(data.integration)}
            </Badge>
          </Group>
        )}

        {isOnLeave(access.viewer) && <LoaNotice />}

        {problem !== null && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{problem.message}</Text>
              {problem.stale && (
                <Button size="xs" variant="default" onClick={reload}>
                  Reload
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        {query.isPending ? (
          <Group gap="sm" py="lg" aria-busy="true">
            <Loader size="sm" />
            <Text>Loading documents…</Text>
          </Group>
        ) : data === undefined ? (
          <Card withBorder radius="md" padding="lg" role="alert">
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h4">
                {UNABLE_TO_LOAD_DOCUMENTS}
              </Title>
              <Text c="red" size="sm">
                {manageLoadErrorText(callFailure(query.error))}
              </Text>
              <Button variant="default" onClick={reload} loading={query.isFetching}>
                Retry
              </Button>
            </Stack>
          </Card>
        ) : (
          <>
            {query.isError && (
              <Text c="red" size="sm" role="alert">
                {manageLoadErrorText(callFailure(query.error))}
              </Text>
            )}
            {groups.length === 0 ? (
              <Paper withBorder p="lg" radius="md">
                <Text c="dimmed" ta="center" data-testid="documents-empty">
                  {NO_DOCUMENTS_PUBLISHED}
                </Text>
              </Paper>
            ) : (
              groups.map((group) => (
                <Stack key={group.type} gap="sm" component="section" data-testid={`document-group-${group.type}`}>
                  <Title order={2} size="h3">
                    {group.label}
                  </Title>
                  {group.documents.map((document, index) => (
                    <ManageCard
                      key={document.id !== undefined && document.id !== '' ? document.id : `new-${String(index)}`}
                      document={document}
                      levels={levels}
                      writable={writable}
                      busy={remove.isPending}
                      onOpen={() => {
                        openInEditor(document);
                      }}
                      onEdit={() => {
                        setEditing({ kind: 'edit', document });
                      }}
                      onDelete={() => {
                        confirmDelete(document);
                      }}
                    />
                  ))}
                </Stack>
              ))
            )}
          </>
        )}
      </Stack>

      {editing !== null && data !== undefined && (
        <DocumentModal
          slug={slug}
          document={editing.kind === 'edit' ? editing.document : null}
          list={data}
          levels={levels}
          defaultLevel={defaultLevel}
          viewerLevel={access.viewer?.level ?? null}
          onReload={reload}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}

      {previewing !== null && (
        <EditorPreviewModal
          title={previewing.title}
          status={editor.status}
          answer={editor.data}
          error={editor.isError ? editorErrorText(callFailure(editor.error)) : null}
          onClose={() => {
            setPreviewing(null);
            editor.reset();
          }}
        />
      )}
    </Container>
  );
}
