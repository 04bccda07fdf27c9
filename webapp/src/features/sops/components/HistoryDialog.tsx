import { Box, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callFailureOf } from '@/components/catalogue-calls';
import { confirmThenMutate } from '@/components/confirm';
import { Dialog } from '@/components/Dialog';
import { QueryStatus } from '@/components/QueryStatus';
import { failureText } from '@/lib/catalogue-failure';
import { draftQueryOptions, useRestore, versionQueryOptions, versionsQueryOptions, type DiffPart } from '../api/sops';
import {
  FAILED_TO_RESTORE,
  formatDate,
  NO_VERSIONS,
  RESTORE_MESSAGE,
  restoredText,
  restoreTitle,
  UNABLE_TO_LOAD_HISTORY,
  writersText,
} from '../lib/sops';

const DIFF_STYLE = {
  added: { background: 'var(--mantine-color-green-light)', textDecoration: 'none' },
  removed: { background: 'var(--mantine-color-red-light)', textDecoration: 'line-through' },
} as const;

/** A word diff: unchanged text plain, added text marked green (ins), removed red and struck (del). */
function Diff({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <Text component="div" size="sm" data-testid="version-diff" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}>
      {parts.map((part, index) =>
        part.change === 'added' ? (
          <ins key={index} style={DIFF_STYLE.added}>
            {part.text}
          </ins>
        ) : part.change === 'removed' ? (
          <del key={index} style={DIFF_STYLE.removed}>
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

/** One version: who published it and when, its changes from the version before, Restore. */
function VersionView({ slug, id, version }: { slug: string; id: string; version: number }) {
  const detail = useQuery(versionQueryOptions(slug, id, version));
  const draft = useQuery(draftQueryOptions(slug, id));
  const restore = useRestore(slug);
  const data = detail.data;
  const writers = writersText(data?.contributors);
  return (
    <QueryStatus
      query={detail}
      loading="Loading the version…"
      errorTitle={UNABLE_TO_LOAD_HISTORY}
      errorText={(error) => failureText(callFailureOf(error), UNABLE_TO_LOAD_HISTORY)}
    >
      {data !== undefined && (
        <Stack gap="sm">
          <Text size="sm" data-testid="version-line">
            Version {data.version}, published {formatDate(data.publishedAt) ?? ''} by {data.author}.{' '}
            {writers === null ? '' : `${writers} `}
            {data.previous === null || data.previous === undefined
              ? 'The first version: all of it is new.'
              : `Changes from version ${String(data.previous)}:`}
          </Text>
          <Paper withBorder radius="sm" p="sm">
            <Diff parts={data.diff} />
          </Paper>
          <Group justify="flex-end">
            <Button
              variant="light"
              disabled={draft.data === undefined}
              loading={restore.isPending}
              onClick={() => {
                if (draft.data === undefined) return;
                confirmThenMutate({
                  title: restoreTitle(data.version),
                  message: RESTORE_MESSAGE,
                  confirmLabel: 'Restore',
                  mutation: restore,
                  variables: { id, version: data.version, revision: draft.data.revision },
                  done: restoredText(data.version),
                  failedTitle: FAILED_TO_RESTORE,
                  errorText: (error) => failureText(callFailureOf(error), FAILED_TO_RESTORE),
                });
              }}
            >
              Restore as draft
            </Button>
          </Group>
        </Stack>
      )}
    </QueryStatus>
  );
}

/**
 * 'History' (issue 28): every published version of a document, newest first, with who
 * published it and when; the chosen one's word diff from the version before it, and Restore
 * (its content becomes the draft, to publish again).
 */
export function HistoryDialog({ slug, id, title, onClose }: { slug: string; id: string; title: string; onClose: () => void }) {
  const query = useQuery(versionsQueryOptions(slug, id));
  const [chosen, setChosen] = useState<number | null>(null);
  const versions = query.data?.versions ?? [];
  const version = chosen ?? versions[0]?.version ?? null;
  return (
    <Dialog title={`History: ${title}`} size="xl" onClose={onClose}>
      <QueryStatus
        query={query}
        loading="Loading the history…"
        errorTitle={UNABLE_TO_LOAD_HISTORY}
        errorText={(error) => failureText(callFailureOf(error), UNABLE_TO_LOAD_HISTORY)}
        empty={versions.length === 0 ? NO_VERSIONS : null}
        emptyTestId="history-empty"
      >
        <Stack gap="md">
          <NativeSelect
            label="Version"
            value={version === null ? '' : String(version)}
            onChange={(event) => {
              setChosen(Number(event.currentTarget.value));
            }}
            data={versions.map((v) => ({
              value: String(v.version),
              label: `Version ${String(v.version)} · ${formatDate(v.publishedAt) ?? ''} · ${v.author}`,
            }))}
          />
          <Box>{version !== null && <VersionView key={version} slug={slug} id={id} version={version} />}</Box>
        </Stack>
      </QueryStatus>
    </Dialog>
  );
}
