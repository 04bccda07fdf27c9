import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { callFailureOf } from '@/components/catalogue-calls';
import { confirmThenMutate } from '@/components/confirm';
import { Dialog, useDirtyInDialog } from '@/components/Dialog';
import { QueryStatus } from '@/components/QueryStatus';
import { SaveProblemAlert } from '@/components/SaveProblemAlert';
import { failureText, saveProblemOf, type SaveProblem } from '@/lib/catalogue-failure';
import { draftQueryOptions, usePublish, useSaveDraft, type DocumentDraftState } from '../api/sops';
import {
  CONFIRM_PUBLISH,
  CONFIRM_PUBLISH_TITLE,
  CONTENT_REQUIRED,
  DOCUMENT_PUBLISHED,
  DRAFT_SAVED,
  FAILED_TO_PUBLISH,
  FAILED_TO_SAVE_DRAFT,
  isBlankHtml,
  NOTHING_UNPUBLISHED,
  SAVE_BEFORE_PUBLISHING,
  UNABLE_TO_LOAD_DRAFT,
} from '../lib/sops';
import { DraftStatus } from './DraftStatus';
import { RichTextField } from './RichTextField';

/** The draft's editor: the content, Save draft and Publish. */
function DraftEditor({ slug, draft, reload, reloading }: { slug: string; draft: DocumentDraftState; reload: () => void; reloading: boolean }) {
  const save = useSaveDraft(slug);
  const publish = usePublish(slug);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const form = useForm({
    initialValues: { content: draft.content },
    validate: { content: (value) => (isBlankHtml(value) ? CONTENT_REQUIRED : null) },
  });
  const dirty = form.isDirty();
  useDirtyInDialog(dirty);
  const busy = save.isPending || publish.isPending;
  const { resetDirty } = form;
  // The editor's own rendering of what was loaded is the unchanged state.
  const loaded = useCallback(
    (html: string) => {
      resetDirty({ content: html });
    },
    [resetDirty],
  );

  const submit = form.onSubmit(({ content }) => {
    setProblem(null);
    save.mutate(
      { id: draft.id, content, revision: draft.revision },
      {
        onSuccess: () => {
          // What the editor shows is now the saved draft (the caret stays where it is).
          form.resetDirty();
          notifications.show({ color: 'green', message: DRAFT_SAVED });
        },
        onError: (error) => {
          setProblem(saveProblemOf(callFailureOf(error), (failure) => failureText(failure, FAILED_TO_SAVE_DRAFT)));
        },
      },
    );
  });

  const askToPublish = () => {
    confirmThenMutate({
      title: CONFIRM_PUBLISH_TITLE,
      message: CONFIRM_PUBLISH,
      confirmLabel: 'Publish',
      mutation: publish,
      variables: { id: draft.id, revision: draft.revision },
      done: DOCUMENT_PUBLISHED,
      failedTitle: FAILED_TO_PUBLISH,
      errorText: (error) => failureText(callFailureOf(error), FAILED_TO_PUBLISH),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DraftStatus draft={draft} />
        <RichTextField
          label="Content"
          required
          value={form.values.content}
          onChange={(html) => {
            form.setFieldValue('content', html);
          }}
          onLoaded={loaded}
          error={form.errors.content as string | undefined}
          disabled={busy}
          data-testid="draft-content"
        />
        {problem !== null && (
          <SaveProblemAlert
            problem={problem}
            reloading={reloading}
            onReload={() => {
              setProblem(null);
              reload();
            }}
            data-testid="draft-problem"
          />
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" data-testid="publish-hint">
            {dirty ? SAVE_BEFORE_PUBLISHING : draft.unpublished ? '' : NOTHING_UNPUBLISHED}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button type="submit" variant="default" loading={save.isPending} disabled={!dirty || publish.isPending}>
              Save draft
            </Button>
            <Button type="button" loading={publish.isPending} disabled={dirty || !draft.unpublished || save.isPending} onClick={askToPublish}>
              Publish
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Edit draft' (issue 28): the draft of one document in the rich text editor. Members keep
 * reading the published version; Save draft keeps the draft (refused when someone else saved
 * it since it was opened: Reload shows theirs), Publish (after a question) makes it the
 * version members read. Closing with unsaved changes asks first.
 */
export function DraftDialog({ slug, id, title, onClose }: { slug: string; id: string; title: string; onClose: () => void }) {
  const query = useQuery(draftQueryOptions(slug, id));
  // The editor starts again from the draft only when it is reloaded (a save keeps it as it is).
  const [generation, setGeneration] = useState(0);
  return (
    <Dialog title={`Draft: ${title}`} size="xl" onClose={onClose}>
      <QueryStatus
        query={query}
        loading="Loading the draft…"
        errorTitle={UNABLE_TO_LOAD_DRAFT}
        errorText={(error) => failureText(callFailureOf(error), UNABLE_TO_LOAD_DRAFT)}
      >
        {query.data !== undefined && (
          <DraftEditor
            key={`${query.data.id}-${String(generation)}`}
            slug={slug}
            draft={query.data}
            reloading={query.isFetching}
            reload={() => {
              void query.refetch().then(() => {
                setGeneration((g) => g + 1);
              });
            }}
          />
        )}
      </QueryStatus>
    </Dialog>
  );
}
