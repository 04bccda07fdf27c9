import './collab.css';
import '@mantine/tiptap/styles.css';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RichTextEditor } from '@mantine/tiptap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEditor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import { callFailureOf } from '@/components/catalogue-calls';
import { confirmThenMutate } from '@/components/confirm';
import { Dialog, useDirtyInDialog } from '@/components/Dialog';
import { QueryStatus } from '@/components/QueryStatus';
import { failureText } from '@/lib/catalogue-failure';
import { userLabel } from '@/lib/identity';
import { useMe } from '@/session/use-me';
import { draftQueryOptions, usePublish, type DocumentDraftState } from '../api/sops';
import { caretColor, PUBLISH_NEEDS_CONNECTION, SAVES_ITSELF } from '../lib/collab';
import {
  CONFIRM_PUBLISH,
  CONFIRM_PUBLISH_TITLE,
  DOCUMENT_PUBLISHED,
  FAILED_TO_PUBLISH,
  NOTHING_UNPUBLISHED,
  UNABLE_TO_LOAD_DRAFT,
} from '../lib/sops';
import { ConnectionStatus, PeopleEditing } from './CollabStatus';
import { DraftStatus } from './DraftStatus';
import { EditorToolbar } from './EditorToolbar';
import { collaborativeExtensions, type CaretUser } from './rich-text';
import { useCollabSession, type CollabSession } from './use-collab-session';

/** How often the open draft's state (what is published) is read again. */
const DRAFT_REFRESH_MS = 10_000;
const LOADED = { status: 'success', error: null } as const;

/** The signed-in member's name and caret colour (the server puts their own name in anyway). */
function useCaretUser(): CaretUser {
  const me = useMe();
  const user = me.data?.user ?? null;
  if (user === null) return { name: 'Editor', color: caretColor('') };
  return { name: userLabel(user, me.data?.rosterMatches[0]), color: caretColor(user.id) };
}

/** The rich text editor on the shared document; made once per session, read-only unless `editable`. */
function LiveEditor({ session, user, editable }: { session: CollabSession; user: CaretUser; editable: boolean }) {
  const labelId = useId();
  // Options that stay the same object from render to render (see RichTextField).
  const [options] = useState(() => ({
    extensions: collaborativeExtensions(session.doc, session.provider, user),
    editable: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
  }));
  const editor = useEditor(options);
  useEffect(() => {
    editor.setEditable(editable, false);
  }, [editor, editable]);

  return (
    <Input.Wrapper label="Content" labelProps={{ id: labelId }} description={SAVES_ITSELF} data-testid="draft-content">
      <RichTextEditor editor={editor} mt={4} style={{ minWidth: 0 }}>
        {/* Read-only (before the document has come, or once refused): nothing to format. */}
        {editable && <EditorToolbar />}
        <RichTextEditor.Content style={{ minHeight: 240, overflowWrap: 'anywhere' }} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

/**
 * The live draft: who else is editing, the connection, the shared editor and Publish. Publish
 * reads the draft first (the server writes what was typed so far, so its revision is current),
 * asks, and publishes that revision.
 */
function LiveDraft({ slug, draft, loadedAt }: { slug: string; draft: DocumentDraftState; loadedAt: number }) {
  const user = useCaretUser();
  const { session, state, people, unsent, loaded, changedAt } = useCollabSession(slug, draft.id, user);
  const queryClient = useQueryClient();
  const publish = usePublish(slug);
  const [checking, setChecking] = useState(false);
  // Closing drops changes the server has not had yet.
  useDirtyInDialog(unsent);

  const refused = state.kind === 'refused';
  // Nothing to edit before the document first comes; offline after that, edits wait to be sent.
  const editable = !refused && loaded;
  // The draft read says whether it differs from what is published; a change since says it may now.
  const unpublished = draft.unpublished || changedAt > loadedAt;

  const askToPublish = async () => {
    setChecking(true);
    let current: DocumentDraftState;
    try {
      current = await queryClient.query({ ...draftQueryOptions(slug, draft.id), staleTime: 0 });
    } catch (error) {
      notifications.show({ color: 'red', title: FAILED_TO_PUBLISH, message: failureText(callFailureOf(error), FAILED_TO_PUBLISH) });
      return;
    } finally {
      setChecking(false);
    }
    if (!current.unpublished) return;
    confirmThenMutate({
      title: CONFIRM_PUBLISH_TITLE,
      message: CONFIRM_PUBLISH,
      confirmLabel: 'Publish',
      mutation: publish,
      variables: { id: current.id, revision: current.revision },
      done: DOCUMENT_PUBLISHED,
      failedTitle: FAILED_TO_PUBLISH,
      errorText: (error) => failureText(callFailureOf(error), FAILED_TO_PUBLISH),
    });
  };

  const hint = refused ? '' : unsent ? PUBLISH_NEEDS_CONNECTION : unpublished ? '' : NOTHING_UNPUBLISHED;
  return (
    <Stack gap="md">
      <DraftStatus draft={{ ...draft, unpublished }} />
      <Stack gap={6}>
        <ConnectionStatus state={state} />
        {!refused && <PeopleEditing people={people} />}
      </Stack>
      <LiveEditor session={session} user={user} editable={editable} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" data-testid="publish-hint">
          {hint}
        </Text>
        <Button
          type="button"
          loading={checking || publish.isPending}
          disabled={refused || unsent || !unpublished}
          onClick={() => {
            void askToPublish();
          }}
        >
          Publish
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * 'Edit draft' (issue 28): the draft of one document, written together live. Everyone with the
 * editor open sees the others' text and carets as they type; changes save themselves (the
 * server keeps the draft); members keep reading the published version until Publish (after a
 * question) makes the draft the version they read. Closing while changes have not reached the
 * server (offline) asks first; a refused session (rank or permission lost, document removed)
 * says why and leaves the editor read-only.
 */
export function DraftDialog({ slug, id, title, onClose }: { slug: string; id: string; title: string; onClose: () => void }) {
  // Read again now and then: someone else's publish shows (and what is published changes).
  const query = useQuery({ ...draftQueryOptions(slug, id), refetchInterval: DRAFT_REFRESH_MS });
  // When the draft was first read: changes after it may be unpublished.
  const [openedAt] = useState(() => Date.now());
  return (
    <Dialog title={`Draft: ${title}`} size="xl" onClose={onClose}>
      <QueryStatus
        // Once loaded, a failed refresh (offline) leaves the editor as it is.
        query={query.data === undefined ? query : LOADED}
        loading="Loading the draft…"
        errorTitle={UNABLE_TO_LOAD_DRAFT}
        errorText={(error) => failureText(callFailureOf(error), UNABLE_TO_LOAD_DRAFT)}
      >
        {query.data !== undefined && (
          <LiveDraft key={query.data.id} slug={slug} draft={query.data} loadedAt={Math.max(openedAt, query.dataUpdatedAt)} />
        )}
      </QueryStatus>
    </Dialog>
  );
}
