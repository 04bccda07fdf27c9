import { Accordion, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { callFailureOf } from '@/components/catalogue-calls';
import { Page } from '@/components/Page';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { SearchField } from '@/components/SearchField';
import { documentsQueryOptions, type SopDocument } from '../api/sops';
import { sourceDownloadHref, sourcesQueryOptions, useRereadSources, useSourceEditorConfig, type SourceInfo } from '../api/sources';
import {
  filterDocuments,
  formatDate,
  groupDocuments,
  levelLabel,
  memberLoadErrorText,
  NO_DOCUMENTS_YET,
  NO_MATCHES,
  UNABLE_TO_LOAD_SOPS,
  type DocumentGroup,
  type LevelOption,
  EDITOR_NAME,
  editorErrorText,
} from '../lib/sops';
import { sourceSummary } from '../lib/sources';
import { DocumentContent } from './DocumentContent';
import { EditorPreviewModal } from './EditorPreviewModal';

/** What a reader does with a document's Office file: open it in the editor (view mode), or download it. */
interface SourceAccess {
  slug: string;
  sources: readonly SourceInfo[];
  editorEnabled: boolean;
  onOpen: (document: SopDocument) => void;
}

/** The Office file line of a document: its name, size and version, and Open in OnlyOffice or Download. */
function SourceLine({ document, access }: { document: SopDocument; access: SourceAccess }) {
  const source = access.sources.find((s) => s.documentId === document.id);
  if (source === undefined || document.id == null) return null;
  const id = document.id;
  return (
    <Group gap="xs" wrap="wrap" data-testid="sop-source">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Office file: {sourceSummary(source)}
      </Text>
      {access.editorEnabled ? (
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            access.onOpen(document);
          }}
        >
          Open in {EDITOR_NAME}
        </Button>
      ) : (
        <Button size="xs" variant="light" component="a" href={sourceDownloadHref(id, access.slug)} download={source.fileName}>
          Download
        </Button>
      )}
    </Group>
  );
}

/** One document: the title and summary in the control; minimum rank, updated date and content inside. */
function DocumentItem({ document, value, levels, access }: { document: SopDocument; value: string; levels: readonly LevelOption[]; access: SourceAccess }) {
  const summary = (document.summary ?? '').trim();
  const updated = formatDate(document.updatedAt);
  return (
    <Accordion.Item value={value} data-testid="sop-item">
      <Accordion.Control>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="sop-title">
            {document.title}
          </Text>
          {summary !== '' && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {summary}
            </Text>
          )}
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" tt="none">
              Minimum rank: {levelLabel(levels, document.minLevel)}
            </Badge>
            {updated !== null && (
              <Text size="xs" c="dimmed">
                Updated {updated}
              </Text>
            )}
          </Group>
          <SourceLine document={document} access={access} />
          <Paper withBorder radius="sm" p="sm">
            <DocumentContent content={document.content} />
          </Paper>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function GroupSection({ group, levels, access }: { group: DocumentGroup<SopDocument>; levels: readonly LevelOption[]; access: SourceAccess }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid={`sop-group-${group.type}`}>
      <Title order={2} size="h3" id={headingId}>
        {group.label}
      </Title>
      <Accordion variant="separated" multiple order={3} chevronPosition="right">
        {group.documents.map((document, index) => (
          <DocumentItem
            key={document.id ?? String(index)}
            value={document.id ?? `doc-${String(index)}`}
            document={document}
            levels={levels}
            access={access}
          />
        ))}
      </Accordion>
    </Stack>
  );
}

/**
 * SOPs (member-portal §2.10, §4, §8): the documents the viewer's rank may read (the server
 * filters them by minimum level), grouped under 'Standard operating procedures' and
 * 'Presentations', sorted by title; each opens to show its minimum rank, updated date and
 * content (plain text, line breaks kept). Not in the spec: a search box over titles and
 * summaries, handy on a phone with many documents.
 */
export function SopsPage() {
  const slug = useActiveSlug();
  const { levels } = useAgency();
  const query = useQuery(documentsQueryOptions(slug));
  const [search, setSearch] = useState('');
  const documents = query.data?.documents ?? [];
  const groups = groupDocuments(filterDocuments(documents, search));
  const sources = useQuery(sourcesQueryOptions(slug, 'member'));
  const editor = useSourceEditorConfig();
  const rereadSources = useRereadSources(slug);
  const [opening, setOpening] = useState<SopDocument | null>(null);
  const access: SourceAccess = {
    slug,
    sources: sources.data?.sources ?? [],
    editorEnabled: sources.data?.editorEnabled ?? false,
    onOpen: (document) => {
      setOpening(document);
      editor.mutate(document.id ?? '');
    },
  };

  return (
    <Page title="SOPs" description="Standard operating procedures and presentations for your rank.">
      <QueryStatus
        query={query}
        loading="Loading documents…"
        errorTitle={UNABLE_TO_LOAD_SOPS}
        errorText={(error) => memberLoadErrorText(callFailureOf(error))}
        empty={documents.length === 0 ? NO_DOCUMENTS_YET : null}
        emptyTestId="sops-empty"
      >
        <Stack gap="lg">
          <SearchField type="search" label="Search documents" placeholder="Title or summary" value={search} onSearch={setSearch} />
          {groups.length === 0 ? (
            <EmptyNotice text={NO_MATCHES} testId="sops-no-match" />
          ) : (
            groups.map((group) => <GroupSection key={group.type} group={group} levels={levels} access={access} />)
          )}
        </Stack>
      </QueryStatus>
      {opening !== null && (
        <EditorPreviewModal
          title={opening.title}
          status={editor.status}
          answer={editor.data}
          error={editor.isError ? editorErrorText(callFailureOf(editor.error)) : null}
          onClose={() => {
            if (editor.data?.config?.editorConfig.mode === 'edit') void rereadSources(opening.id ?? '');
            setOpening(null);
            editor.reset();
          }}
        />
      )}
    </Page>
  );
}
