import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type SyntheticEvent } from 'react';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { withEntry } from '@/lib/catalogue-list';
import { callFailure, useSaveDocuments, type DocumentManagement, type SopDocument } from '../api/sops';
import {
  DOCUMENT_CONTENT_MAX,
  DOCUMENT_CREATED,
  DOCUMENT_SUMMARY_MAX,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TYPES,
  DOCUMENT_UPDATED,
  draftOf,
  draftProblems,
  entryOf,
  hasProblems,
  isDirty,
  isStale,
  publishableLevels,
  saveErrorText,
  type DocumentDraft,
  type DraftProblems,
  type LevelOption,
} from '../lib/sops';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };
const NO_PROBLEMS: DraftProblems = { title: null, content: null };

export interface DocumentModalProps {
  slug: string;
  /** The document to edit, or null to add one. */
  document: SopDocument | null;
  /** The management list as loaded now (its documents and version). */
  list: DocumentManagement;
  /** The agency's levels, lowest first. */
  levels: readonly LevelOption[];
  /** The minimum level of a new document (deputy, or the agency's lowest). */
  defaultLevel: string;
  /** The viewer's level: documents are published for it or a level below. */
  viewerLevel: string | null;
  /** Reloads the list (after a stale save). */
  onReload: () => void;
  onClose: () => void;
}

interface SaveProblem {
  message: string;
  stale: boolean;
}

/**
 * 'New document' or 'Edit {title}' (command-and-reports §2 "Document management", §4, §5, §8):
 * Title, Short summary, Content, Document type (SOP or Presentation) and Minimum rank (the
 * agency's levels the viewer may publish for: their own and those below).
 *
 * The edit is applied to the list, which is saved whole at the version read; the server's
 * answer replaces the list. The dialog stays open until then, so a refused save keeps what was
 * typed: the error shows here, and a stale save (409) offers Reload, after which saving again
 * applies this document to the list as it is now. Leaving the screen with changes asks first.
 */
export function DocumentModal({
  slug,
  document,
  list,
  levels,
  defaultLevel,
  viewerLevel,
  onReload,
  onClose,
}: DocumentModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [initial] = useState<DocumentDraft>(() => draftOf(document, defaultLevel));
  const [draft, setDraft] = useState<DocumentDraft>(initial);
  const [problems, setProblems] = useState<DraftProblems>(NO_PROBLEMS);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const save = useSaveDocuments(slug);
  const busy = save.isPending;
  const dirty = isDirty(initial, draft);
  useUnsavedChanges(dirty && !save.isSuccess);

  const creating = document === null;
  const title = creating ? 'New document' : `Edit ${document.title}`;
  const levelOptions = publishableLevels(levels, viewerLevel, initial.minLevel).map((level) => ({
    value: level.id,
    label: level.label,
  }));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    if (hasProblems(found)) return;
    setProblem(null);
    const saved = entryOf(draft, defaultLevel);
    save.mutate(
      { documents: withEntry<SopDocument>(list.documents, saved), version: list.version },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: creating ? DOCUMENT_CREATED : DOCUMENT_UPDATED,
            message: saved.title,
          });
          onClose();
        },
        onError: (error) => {
          const failure = callFailure(error);
          setProblem({ message: saveErrorText(failure), stale: isStale(failure) });
        },
      },
    );
  };

  return (
    <Modal
      opened
      title={title}
      size="xl"
      fullScreen={phone}
      closeButtonProps={MODAL_CLOSE}
      closeOnClickOutside={!dirty}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Title"
            required
            data-autofocus
            maxLength={DOCUMENT_TITLE_MAX}
            value={draft.title}
            error={problems.title}
            disabled={busy}
            onChange={(event) => {
              setProblems({ ...problems, title: null });
              setDraft({ ...draft, title: event.currentTarget.value });
            }}
          />
          <Textarea
            label="Short summary"
            description="Shown under the title in the list."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={DOCUMENT_SUMMARY_MAX}
            value={draft.summary}
            disabled={busy}
            onChange={(event) => {
              setDraft({ ...draft, summary: event.currentTarget.value });
            }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Document type"
              data={DOCUMENT_TYPES.map((type) => ({ value: type.value, label: type.label }))}
              value={draft.type}
              allowDeselect={false}
              disabled={busy}
              onChange={(value) => {
                if (value !== null) setDraft({ ...draft, type: value });
              }}
            />
            <Select
              label="Minimum rank"
              description="Members of this level and above can read it."
              data={levelOptions}
              value={draft.minLevel}
              allowDeselect={false}
              disabled={busy}
              onChange={(value) => {
                if (value !== null) setDraft({ ...draft, minLevel: value });
              }}
            />
          </SimpleGrid>
          <Textarea
            label="Content"
            description="Plain text; line breaks are kept."
            required
            autosize
            minRows={12}
            maxRows={28}
            maxLength={DOCUMENT_CONTENT_MAX}
            value={draft.content}
            error={problems.content}
            disabled={busy}
            onChange={(event) => {
              setProblems({ ...problems, content: null });
              setDraft({ ...draft, content: event.currentTarget.value });
            }}
          />

          {problem !== null && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{problem.message}</Text>
                {problem.stale && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setProblem(null);
                      onReload();
                    }}
                  >
                    Reload
                  </Button>
                )}
              </Stack>
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {creating ? 'Create document' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
