import { Alert, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { callFailureOf } from '@/components/catalogue-calls';
import { confirmThenMutate } from '@/components/confirm';
import { sourceDownloadHref, useRemoveSource, useUploadSource, type SourceInfo } from '../api/sources';
import {
  CONFIRM_REMOVE_SOURCE,
  NO_SOURCE,
  SOURCE_ACCEPT,
  SOURCE_HINT,
  SOURCE_NOT_REMOVED,
  sourceByline,
  sourceErrorText,
  sourceProblem,
  sourceSavedText,
  sourceSummary,
} from '../lib/sources';

export interface SourcePanelProps {
  slug: string;
  documentId: string;
  /** The document's title, for the confirmation. */
  title: string;
  source: SourceInfo | undefined;
  /** With the editor configured the card's 'Open in OnlyOffice' opens the file; else it downloads. */
  editorEnabled: boolean;
  /** Attach, replace and remove (false for members on leave). */
  canChange: boolean;
}

/**
 * A document's Office file on the management screen (issue 28, "Office files"): its name, size,
 * version, who stored it and when, or that there is none; Attach or Replace (a .docx or .pptx,
 * at most 20 MB, the server's refusal shown under it), Remove (after a confirmation), and
 * Download when the document editor is not configured.
 */
export function SourcePanel({ slug, documentId, title, source, editorEnabled, canChange }: SourcePanelProps) {
  const upload = useUploadSource(slug);
  const remove = useRemoveSource(slug);
  const [error, setError] = useState<string | null>(null);

  const send = (file: File | null) => {
    if (file === null) return;
    const problem = sourceProblem(file);
    setError(problem);
    if (problem !== null) return;
    upload.mutate(
      { id: documentId, file },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: sourceSavedText(saved) });
        },
        onError: (failure) => {
          setError(sourceErrorText(callFailureOf(failure)));
        },
      },
    );
  };

  return (
    <Paper withBorder={source !== undefined} bg={source === undefined ? 'transparent' : undefined} radius="sm" p={source === undefined ? 0 : 'xs'} data-testid="document-source">
      <Stack gap={6}>
        {source === undefined ? null : (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="document-source-summary">
              Office file: {sourceSummary(source)}
            </Text>
            <Text size="xs" c="dimmed" data-testid="document-source-byline">
              {sourceByline(source)}
            </Text>
          </Stack>
        )}
        <Group gap="xs" wrap="wrap">
          {source === undefined && (
            <Text size="sm" c="dimmed">
              {NO_SOURCE}
            </Text>
          )}
          {canChange && (
            <FileButton onChange={send} accept={SOURCE_ACCEPT}>
              {(props) => (
                <Button size="xs" variant="default" loading={upload.isPending} title={SOURCE_HINT} {...props}>
                  {source === undefined ? 'Attach Office file' : 'Replace Office file'}
                </Button>
              )}
            </FileButton>
          )}
          {source !== undefined && !editorEnabled && (
            <Button size="xs" variant="default" component="a" href={sourceDownloadHref(documentId, slug)} download={source.fileName}>
              Download
            </Button>
          )}
          {canChange && source !== undefined && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => {
                setError(null);
                confirmThenMutate({
                  title: `Remove the Office file of ${title}`,
                  message: CONFIRM_REMOVE_SOURCE,
                  confirmLabel: 'Remove',
                  mutation: remove,
                  variables: documentId,
                  done: `Office file ${source.fileName} removed.`,
                  failedTitle: `${source.fileName} not removed`,
                  errorText: (failure) => sourceErrorText(callFailureOf(failure), SOURCE_NOT_REMOVED),
                });
              }}
            >
              Remove Office file
            </Button>
          )}
        </Group>
        {error !== null && (
          <Alert color="red" variant="light" role="alert" p="xs" data-testid="document-source-error">
            {error}
            <Text size="xs" c="dimmed" mt={4}>
              {SOURCE_HINT}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
