import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { CatalogueItemDialog } from '@/components/CatalogueItemDialog';
import type { CatalogueDialogProps } from '@/components/CatalogueManager';
import { withEntry } from '@/lib/catalogue-list';
import { useSaveDocuments, type DocumentManagement, type SopDocument } from '../api/sops';
import {
  DOCUMENT_CREATED,
  DOCUMENT_SUMMARY_MAX,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TYPES,
  DOCUMENT_UPDATED,
  draftOf,
  draftProblems,
  entryOf,
  publishableLevels,
  saveErrorText,
  type DocumentDraft,
  type LevelOption,
} from '../lib/sops';
import { RichTextField } from './RichTextField';

const DOCUMENT_TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({ value: type.value, label: type.label }));

export interface DocumentModalProps extends CatalogueDialogProps<SopDocument, DocumentManagement> {
  slug: string;
  /** The agency's levels, lowest first. */
  levels: readonly LevelOption[];
  /** The minimum level of a new document (deputy, or the agency's lowest). */
  defaultLevel: string;
  /** The viewer's level: documents are published for it or a level below. */
  viewerLevel: string | null;
}

/**
 * 'New document' or 'Edit {title}' (command-and-reports §2 "Document management", §4, §5, §8):
 * Title, Short summary, Content, Document type (SOP or Presentation) and Minimum rank (the
 * agency's levels the viewer may publish for: their own and those below). The content is
 * rich text (issue 28): a new document's is published as version 1, and a change to an existing
 * document's content saved here is published as a new version at once (the server keeps every
 * version); Edit draft (DraftDialog) prepares changes before they are published.
 *
 * The edit is applied to the list, which is saved whole at the version read; the server's
 * answer replaces the list. The dialog stays open until then (CatalogueItemDialog).
 */
export function DocumentModal({
  slug,
  entry: document,
  list,
  levels,
  defaultLevel,
  viewerLevel,
  onReload,
  onClose,
}: DocumentModalProps) {
  const save = useSaveDocuments(slug);
  const creating = document === null;
  // The editor's own HTML of the stored content, once it has read it: content still equal to it
  // is the stored content untouched (the editor may spell a table or a space its own way), and
  // is sent back as stored, so that saving other fields never publishes a version.
  const loaded = useRef<string | null>(null);
  const levelOptions = publishableLevels(levels, viewerLevel, draftOf(document, defaultLevel).minLevel).map((level) => ({
    value: level.id,
    label: level.label,
  }));
  return (
    <CatalogueItemDialog
      title={creating ? 'New document' : `Edit ${document.title}`}
      size="xl"
      submitLabel={creating ? 'Create document' : 'Save changes'}
      start={() => draftOf(document, defaultLevel)}
      validate={draftProblems}
      prepare={(draft) => {
        const untouched = document !== null && draft.content === loaded.current;
        const saved = entryOf(untouched ? { ...draft, content: document.content } : draft, defaultLevel);
        return {
          input: { documents: withEntry<SopDocument>(list.documents, saved), version: list.version },
          name: saved.title,
        };
      }}
      save={save}
      savedText={creating ? DOCUMENT_CREATED : DOCUMENT_UPDATED}
      saveErrorText={saveErrorText}
      onReload={onReload}
      onClose={onClose}
    >
      {({ form, busy }) => {
        // A field bound to the form, waiting while a save is under way.
        const bound = (field: keyof DocumentDraft) => ({ disabled: busy, ...form.getInputProps(field) });
        return (
          <>
            <TextInput label="Title" required data-autofocus maxLength={DOCUMENT_TITLE_MAX} {...bound('title')} />
            <Textarea
              label="Short summary"
              description="Shown under the title in the list."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={DOCUMENT_SUMMARY_MAX}
              {...bound('summary')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Select label="Document type" data={DOCUMENT_TYPE_OPTIONS} allowDeselect={false} {...bound('type')} />
              <Select
                label="Minimum rank"
                description="Members of this level and above can read it."
                data={levelOptions}
                allowDeselect={false}
                {...bound('minLevel')}
              />
            </SimpleGrid>
            <RichTextField
              label="Content"
              description={
                creating
                  ? 'Published as version 1 when the document is created.'
                  : 'Saving a change here publishes it as a new version at once. To prepare changes before members see them, use Edit draft on the card.'
              }
              required
              value={form.values.content}
              onChange={(html) => {
                form.setFieldValue('content', html);
              }}
              onLoaded={(html) => {
                if (creating) return;
                // The unchanged state is the editor's reading of the stored content.
                loaded.current = html;
                form.setFieldValue('content', html);
                form.resetDirty({ ...form.getValues(), content: html });
              }}
              error={form.errors.content as string | undefined}
              disabled={busy}
              data-testid="document-content"
            />
          </>
        );
      }}
    </CatalogueItemDialog>
  );
}
