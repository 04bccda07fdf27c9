import { Button, Card, Stack, Text, Title, type MantineSize } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useState, type ReactNode } from 'react';
import { callFailureOf, type ListQuery, type ListSave } from '@/components/catalogue-calls';
import { EditDeleteButtons } from '@/components/EditDeleteButtons';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { SaveProblemAlert } from '@/components/SaveProblemAlert';
import { saveProblemOf, type CallFailure, type SaveProblem } from '@/lib/catalogue-failure';
import { withoutEntry } from '@/lib/catalogue-list';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { confirmAction } from './confirm';

export interface LoadFailureCardProps {
  /** 'Unable to load equipment', … */
  title: string;
  /** The failure: the server's text, 'HTTP {status}' or 'Failed to load …'. */
  message: string;
  retrying: boolean;
  onRetry: () => void;
  'data-testid'?: string;
}

/** A list that did not load at all (command-and-reports §8): 'Unable to load …', why, and Retry. */
export function LoadFailureCard({ title, message, retrying, onRetry, 'data-testid': testId }: LoadFailureCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" role="alert" data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="red" size="sm">
          {message}
        </Text>
        <Button variant="default" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Card>
  );
}

/** The spec's texts of one management screen. */
export interface CatalogueTexts {
  /** The heading: 'Equipment management'. */
  title: string;
  /** The line under it (not given by the spec). */
  description: string;
  /** The create button: 'New equipment'. */
  add: string;
  /** 'Loading equipment…' */
  loading: string;
  /** The card when nothing loaded: 'Unable to load equipment'. */
  unableToLoad: string;
  /** The empty state: 'No equipment configured'. */
  empty: string;
  /** The delete confirmation: 'Remove this equipment entry?' (titled 'Delete {name}'). */
  confirmRemove: string;
  /** The green notification after a delete: 'Equipment removed'. */
  removed: string;
}

/** What a screen's editor gets: the entry (null: a new one), the list as loaded now, and how to reload or close. */
export interface CatalogueDialogProps<T, L> {
  entry: T | null;
  list: L;
  /** Reloads the list (after a stale save). */
  onReload: () => void;
  onClose: () => void;
}

export interface CatalogueManagerProps<T extends { id?: string }, L extends { version: number }, S> {
  texts: CatalogueTexts;
  /** Prefix of the test ids: `{testId}-empty`, `-unavailable`, `-load-error`, `-save-error`. */
  testId: string;
  query: ListQuery<L>;
  /** The save that deletes (the editor has its own). */
  remove: ListSave<S>;
  entriesOf: (list: L) => readonly T[];
  /** What a save sends: the whole list at the version read. */
  saveBody: (entries: T[], version: number) => S;
  /** The entry's name or title (the delete confirmation and notification). */
  nameOf: (entry: T) => string;
  /** A load failure's text: the server's, 'HTTP {status}' or 'Failed to load …'. */
  loadErrorText: (failure: CallFailure | null) => string;
  /** A save failure's text: the server's, 'HTTP {status}' or 'Failed to save …'. */
  saveErrorText: (failure: CallFailure | null) => string;
  /** One card; `actions` are Edit and Delete, or null when the viewer may not change anything. */
  renderCard: (entry: T, actions: ReactNode) => ReactNode;
  /** The cards laid out (by default one under the other); `card` gives an entry's keyed card. */
  renderEntries?: (entries: readonly T[], card: (entry: T, index: number) => ReactNode) => ReactNode;
  /** The Add/Edit dialog, open while an entry is edited. */
  renderDialog: (props: CatalogueDialogProps<T, L>) => ReactNode;
  /** A line under the header once the list loaded (the document screen's integration status). */
  status?: (list: L) => ReactNode;
  containerSize?: MantineSize;
  /** More of the screen (other dialogs). */
  children?: ReactNode;
}

const stacked = <T,>(entries: readonly T[], card: (entry: T, index: number) => ReactNode) => (
  <Stack gap="md">{entries.map(card)}</Stack>
);

/**
 * A catalogue management screen (command-and-reports §2, §4, §5, §7, §8): the title with the
 * create button and Refresh; a loading state, 'Unable to load …' with Retry when nothing
 * loaded, a refresh failure inline in red over the list kept; the empty state, or a card per
 * entry with Edit and Delete. Every save sends the whole list at the version read and the
 * server's answer replaces it. Delete asks first ('Delete {name}'), then says `removed` in
 * green; a refused delete shows its text, with Reload when someone else saved the list first
 * (409). Members on leave of absence see the list read-only with the LOA notice.
 */
export function CatalogueManager<T extends { id?: string }, L extends { version: number }, S>({
  texts,
  testId,
  query,
  remove,
  entriesOf,
  saveBody,
  nameOf,
  loadErrorText,
  saveErrorText,
  renderCard,
  renderEntries = stacked,
  renderDialog,
  status,
  containerSize = 'lg',
  children,
}: CatalogueManagerProps<T, L, S>) {
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const [editing, setEditing] = useState<{ entry: T | null } | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);

  const data = query.data;
  const entries = data === undefined ? [] : entriesOf(data);

  const reload = () => {
    setProblem(null);
    void query.refetch();
  };

  const confirmDelete = (entry: T) => {
    if (data === undefined) return;
    const name = nameOf(entry);
    confirmAction({
      title: `Delete ${name}`,
      message: texts.confirmRemove,
      confirmLabel: 'Delete',
      onConfirm: () => {
        setProblem(null);
        const current = query.data ?? data;
        remove.mutate(saveBody(withoutEntry(entriesOf(current), entry.id ?? ''), current.version), {
          onSuccess: () => {
            notifications.show({ color: 'green', title: texts.removed, message: name });
          },
          onError: (error) => {
            setProblem(saveProblemOf(callFailureOf(error), saveErrorText));
          },
        });
      },
    });
  };

  const card = (entry: T, index: number) => {
    const actions = writable ? (
      <EditDeleteButtons
        disabled={remove.isPending}
        onEdit={() => {
          setEditing({ entry });
        }}
        onDelete={() => {
          confirmDelete(entry);
        }}
      />
    ) : null;
    const key = entry.id !== undefined && entry.id !== '' ? entry.id : `new-${String(index)}`;
    return <Fragment key={key}>{renderCard(entry, actions)}</Fragment>;
  };

  return (
    <Page
      size={containerSize}
      title={texts.title}
      description={texts.description}
      actions={
        <>
          {writable && (
            <Button
              disabled={data === undefined}
              onClick={() => {
                setEditing({ entry: null });
              }}
            >
              {texts.add}
            </Button>
          )}
          <Button variant="default" onClick={reload} loading={query.isFetching && !query.isPending}>
            Refresh
          </Button>
        </>
      }
    >
      {data !== undefined && status?.(data)}

      {isOnLeave(access.viewer) && <LoaNotice />}

      {problem !== null && <SaveProblemAlert problem={problem} onReload={reload} data-testid={`${testId}-save-error`} />}

      {data === undefined && !query.isPending ? (
        <LoadFailureCard
          title={texts.unableToLoad}
          message={loadErrorText(callFailureOf(query.error))}
          retrying={query.isFetching}
          onRetry={reload}
          data-testid={`${testId}-unavailable`}
        />
      ) : (
        <>
          {query.isError && (
            <Text c="red" size="sm" role="alert" data-testid={`${testId}-load-error`}>
              {loadErrorText(callFailureOf(query.error))}
            </Text>
          )}
          <QueryStatus
            query={{ status: query.isPending ? 'pending' : 'success', error: null }}
            loading={texts.loading}
            empty={entries.length === 0 ? texts.empty : null}
            emptyTestId={`${testId}-empty`}
          >
            {renderEntries(entries, card)}
          </QueryStatus>
        </>
      )}

      {editing !== null &&
        data !== undefined &&
        renderDialog({
          entry: editing.entry,
          list: data,
          onReload: reload,
          onClose: () => {
            setEditing(null);
          },
        })}

      {children}
    </Page>
  );
}
