import { Alert, Group, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What the status needs of a query: TanStack Query's `status` and `error`. */
export interface QueryState {
  status: 'pending' | 'error' | 'success';
  error: unknown;
}

export interface QueryStatusProps {
  query: QueryState;
  /** The loading text, e.g. 'Loading roster…'. */
  loading: string;
  /** 'inline' (default): a small loader beside the text; 'spinner': the loader alone, labelled with the text. */
  loader?: 'inline' | 'spinner';
  /** Title of the error alert. Without it a failure is silent: the empty state (or children) show. */
  errorTitle?: string;
  /** The alert's text for the failure. */
  errorText?: (error: unknown) => ReactNode;
  /** The empty text once loaded; null or absent when there is something to show. */
  empty?: string | null;
  emptyTestId?: string;
  /** The loaded content. */
  children?: ReactNode;
}

/**
 * The loading, error and empty states of a screen's query, with the spec's texts passed in;
 * the children once there is something to show.
 */
export function QueryStatus({
  query,
  loading,
  loader = 'inline',
  errorTitle,
  errorText,
  empty = null,
  emptyTestId,
  children = null,
}: QueryStatusProps) {
  if (query.status === 'pending') {
    if (loader === 'spinner') return <Loader aria-label={loading} />;
    return (
      <Group gap="sm" py="lg" aria-busy="true">
        <Loader size="sm" />
        <Text>{loading}</Text>
      </Group>
    );
  }
  if (query.status === 'error' && errorTitle !== undefined) {
    return (
      <Alert color="red" variant="light" title={errorTitle} role="alert">
        {errorText?.(query.error)}
      </Alert>
    );
  }
  if (empty !== null) return <EmptyNotice text={empty} testId={emptyTestId} />;
  return children;
}

/** A list's empty state: its text, dimmed and centred in a bordered box. */
export function EmptyNotice({ text, testId }: { text: string; testId?: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Text c="dimmed" ta="center" data-testid={testId}>
        {text}
      </Text>
    </Paper>
  );
}
