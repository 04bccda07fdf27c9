import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useActiveSlug } from '@/agency/context';
import { ActionsHead } from '@/components/ActionsHead';
import { callFailureOf } from '@/components/catalogue-calls';
import { confirmAction } from '@/components/confirm';
import { EditDeleteButtons } from '@/components/EditDeleteButtons';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { SearchField } from '@/components/SearchField';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { formatCustodyRange, formatFineRange } from '@/lib/penal-format';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import {
  penalCodesErrorText,
  penalCodesExportHref,
  penalCodesQueryOptions,
  useSavePenalCodes,
  type PenalCatalogue,
  type PenalCode,
} from '../api/penal-codes';
import {
  categoriesOf,
  classificationColor,
  CONFIRM_DELETE_PENAL_CODE,
  CONFIRM_DISCARD,
  CONFIRM_IMPORT_OVER_CHANGES,
  countLine,
  importedNotice,
  isStale,
  NO_MATCHING_PENAL_CODES,
  NO_PENAL_CODES,
  parseImport,
  PENAL_CODES_SAVED,
  PENAL_CODES_TITLE,
  PENAL_CODES_UNAVAILABLE,
  RELOAD_DROPS_CHANGES,
  sameCatalogue,
  saveErrorText,
  searchPenalCodes,
  UNSAVED_PENAL_CODES,
  updatedLine,
  withCode,
  withoutCode,
} from '../lib/penal-codes';
import { PenalCodeModal } from './PenalCodeModal';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The text of a picked file (FileReader: every browser has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('The file could not be read.'));
    };
    reader.readAsText(file);
  });
}

/** The staged list, pinned to the catalogue (and its version) it started from. */
interface Draft {
  slug: string;
  source: PenalCatalogue;
  items: PenalCode[];
}

interface SaveProblem {
  message: string;
  stale: boolean;
}

/** The entry being edited: its position in the staged list, or null for a new one. */
interface Editing {
  index: number | null;
}

interface EntryViewProps {
  code: PenalCode;
  writable: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function ClassificationBadge({ classification }: { classification: string }) {
  return (
    <Badge size="sm" variant="light" color={classificationColor(classification)} style={{ minWidth: 'max-content' }}>
      {classification}
    </Badge>
  );
}

function EntryActions({ writable, busy, onEdit, onDelete }: Omit<EntryViewProps, 'code'>) {
  if (!writable) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} disabled={busy} />
    </Group>
  );
}

/** A table row (wide screens). */
function EntryRow({ code, ...actions }: EntryViewProps) {
  return (
    <Table.Tr data-testid="penal-code-entry">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fw={700} size="sm">
          {code.statute}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {code.title}
        </Text>
        {(code.description ?? '') !== '' && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {code.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{code.category}</Text>
      </Table.Td>
      <Table.Td>
        <ClassificationBadge classification={code.classification} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatFineRange(code.fineMin, code.fineMax)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatCustodyRange(code.custodyMin, code.custodyMax)}</Text>
      </Table.Td>
      {actions.writable && (
        <Table.Td>
          <EntryActions {...actions} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** A card (phones): the same facts stacked, nothing wider than the screen. */
function EntryCard({ code, ...actions }: EntryViewProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" data-testid="penal-code-entry">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {code.statute}
          </Text>
          <ClassificationBadge classification={code.classification} />
        </Group>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {code.title}
        </Text>
        {(code.category ?? '') !== '' && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {code.category}
          </Text>
        )}
        <Text size="sm">
          Fine: {formatFineRange(code.fineMin, code.fineMax)} · Custody: {formatCustodyRange(code.custodyMin, code.custodyMax)}
        </Text>
        {actions.writable && (
          <Group justify="flex-end" mt={4}>
            <EntryActions {...actions} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The penal code catalogue for command staff (README "Penal codes"): search (statute, title,
 * category, description) and a category filter over a table (cards on phones); Add, Edit and
 * Delete change a staged copy of the list, which 'Save changes' sends whole at the version read
 * (409: someone else saved first, with Reload). Import stages the entries of a JSON file (an
 * export, or a bare array); Export downloads the saved catalogue. Leaving with unsaved changes
 * asks first. Members on leave of absence see the list read-only.
 */
export function PenalCodesPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(penalCodesQueryOptions(slug));
  const save = useSavePenalCodes(slug);
  // Cards up to tablet width (62em): the table needs about 820px to show every column.
  const narrow = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });

  const [edit, setEdit] = useState<Draft | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const [importNotice, setImportNotice] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);

  // Edits survive background refetches; a save, Reload, Discard or another agency drops them.
  const data = query.data;
  const draft: Draft | null =
    edit !== null && edit.slug === slug ? edit : data !== undefined ? { slug, source: data, items: data.items } : null;
  const dirty = draft !== null && !sameCatalogue(draft.source.items, draft.items);
  useUnsavedChanges(dirty);

  const busy = save.isPending;
  const items = draft?.items ?? [];
  const categories = categoriesOf(items);
  const chosenCategory = category !== null && categories.includes(category) ? category : null;
  const positions = searchPenalCodes(items, search, chosenCategory);
  /** The shown entries, as cards (phones) or table rows, each with its Edit and Delete. */
  const entries = (Entry: (props: EntryViewProps) => ReactNode) =>
    positions.map((index) => {
      const code = items[index];
      return code === undefined ? null : (
        <Entry
          key={`${String(index)}:${code.statute}`}
          code={code}
          writable={writable}
          busy={busy}
          onEdit={() => {
            setEditing({ index });
          }}
          onDelete={() => {
            confirmDelete(index);
          }}
        />
      );
    });
  const updated = data ? updatedLine(data.updatedAt, data.updatedBy, (date) => timeFormat.format(date)) : null;

  const clearNotices = () => {
    setProblem(null);
    setImportProblem(null);
    setImportNotice(null);
  };

  const stage = (change: (current: PenalCode[]) => PenalCode[]) => {
    if (draft === null) return;
    setEdit({ slug, source: draft.source, items: change(draft.items) });
  };

  const reload = () => {
    clearNotices();
    setEdit(null);
    void query.refetch();
  };

  const discard = () => {
    confirmAction({
      title: 'Discard changes',
      message: CONFIRM_DISCARD,
      confirmLabel: 'Discard',
      cancelLabel: 'Keep editing',
      onConfirm: () => {
        clearNotices();
        setEdit(null);
      },
    });
  };

  const onSave = () => {
    if (draft === null || !dirty || !writable) return;
    setProblem(null);
    save.mutate(
      { items: draft.items, version: draft.source.version },
      {
        onSuccess: () => {
          setEdit(null);
          clearNotices();
          notifications.show({ color: 'green', message: PENAL_CODES_SAVED });
        },
        onError: (error) => {
          const failure = callFailureOf(error);
          setProblem({ message: saveErrorText(failure), stale: isStale(failure) });
        },
      },
    );
  };

  const confirmDelete = (index: number) => {
    const code = items[index];
    if (code === undefined) return;
    confirmAction({
      title: `Delete ${code.statute}`,
      message: CONFIRM_DELETE_PENAL_CODE,
      confirmLabel: 'Delete',
      onConfirm: () => {
        stage((current) => withoutCode(current, index));
      },
    });
  };

  const onImportFile = (file: File | null) => {
    resetFile.current?.();
    if (file === null || draft === null) return;
    const source = draft.source;
    readText(file).then(
      (text) => {
        const result = parseImport(text);
        if (!result.ok) {
          setImportNotice(null);
          setImportProblem(result.error);
          return;
        }
        const apply = () => {
          setEdit({ slug, source, items: result.items });
          setImportProblem(null);
          setImportNotice(importedNotice(result.items.length));
        };
        if (!dirty) {
          apply();
          return;
        }
        confirmAction({ title: 'Import penal codes', message: CONFIRM_IMPORT_OVER_CHANGES, confirmLabel: 'Import', onConfirm: apply });
      },
      () => {
        setImportNotice(null);
        setImportProblem('The file could not be read.');
      },
    );
  };

  const editingIndex = editing?.index ?? null;
  const editingEntry = editingIndex === null ? null : (items[editingIndex] ?? null);

  return (
    <Page
      size="xl"
      title={PENAL_CODES_TITLE}
      description="The offences the arrest and ticket reports pick from, with their fines and custody."
      note={
        updated !== null && (
          <Text size="sm" c="dimmed" data-testid="penal-codes-updated">
            {updated}
          </Text>
        )
      }
      actions={
        <>
          {writable && (
            <Button
              disabled={draft === null || busy}
              onClick={() => {
                setEditing({ index: null });
              }}
            >
              Add penal code
            </Button>
          )}
          {writable && (
            <FileButton onChange={onImportFile} accept="application/json,.json" resetRef={resetFile}>
              {(props) => (
                <Button variant="default" disabled={draft === null || busy} {...props}>
                  Import
                </Button>
              )}
            </FileButton>
          )}
          <Button component="a" variant="default" href={penalCodesExportHref(slug)} download title="Download the saved catalogue as JSON">
            Export
          </Button>
        </>
      }
    >
      {isOnLeave(access.viewer) && <LoaNotice />}

      {problem !== null && (
        <Alert color="red" variant="light" role="alert" data-testid="penal-codes-problem">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red">
              {problem.message}
            </Text>
            {problem.stale && (
              <>
                <Text size="sm">{RELOAD_DROPS_CHANGES}</Text>
                <Button size="xs" variant="default" onClick={reload}>
                  Reload
                </Button>
              </>
            )}
          </Stack>
        </Alert>
      )}
      {importProblem !== null && (
        <Alert color="red" variant="light" role="alert" title="Import failed">
          <Text size="sm" c="red">
            {importProblem}
          </Text>
        </Alert>
      )}
      {importNotice !== null && (
        <Alert color="blue" variant="light" data-testid="penal-codes-imported">
          {importNotice}
        </Alert>
      )}

      <QueryStatus
        query={{ status: draft !== null ? 'success' : query.isError ? 'error' : 'pending', error: query.error }}
        loading="Loading penal codes…"
        errorTitle={PENAL_CODES_UNAVAILABLE}
        errorText={(error) => (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{penalCodesErrorText(error)}</Text>
            <Button size="xs" variant="default" onClick={reload} loading={query.isFetching}>
              Retry
            </Button>
          </Stack>
        )}
        empty={draft !== null && items.length === 0 ? NO_PENAL_CODES : null}
        emptyTestId="penal-codes-empty"
      >
        {query.isError && (
          <Text c="red" size="sm" role="alert">
            {penalCodesErrorText(query.error)}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SearchField
            placeholder="Statute, title, category or description"
            value={search}
            onSearch={setSearch}
          />
          <Select
            label="Category"
            placeholder="All categories"
            data={categories}
            value={chosenCategory}
            onChange={setCategory}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="penal-codes-count">
          {countLine(positions.length, items.length)}
        </Text>
        {positions.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text c="dimmed" ta="center">
              {NO_MATCHING_PENAL_CODES}
            </Text>
          </Paper>
        ) : narrow ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {entries(EntryCard)}
          </SimpleGrid>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Penal codes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Statute</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Classification</Table.Th>
                  <Table.Th>Fine</Table.Th>
                  <Table.Th>Custody</Table.Th>
                  {writable && <ActionsHead />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries(EntryRow)}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryStatus>

      {writable && draft !== null && (
        // Kept in sight at the bottom of the screen while there is something to save.
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow={dirty ? 'md' : undefined}
          style={dirty ? { position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 2 } : undefined}
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm" c={dirty ? undefined : 'dimmed'} data-testid="penal-codes-state" style={{ flex: '1 1 14rem' }}>
              {dirty ? UNSAVED_PENAL_CODES : 'No unsaved changes.'}
            </Text>
            <Group gap="xs" wrap="nowrap" ml="auto">
              {dirty && (
                <Button variant="default" onClick={discard} disabled={busy}>
                  Discard changes
                </Button>
              )}
              <Button onClick={onSave} disabled={!dirty || busy} loading={busy}>
                Save changes
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {editing !== null && draft !== null && (
        <PenalCodeModal
          entry={editingEntry}
          others={items.filter((_, position) => position !== editing.index)}
          categories={categories}
          onApply={(entry) => {
            stage((current) => withCode<PenalCode>(current, editing.index, entry));
            setEditing(null);
          }}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Page>
  );
}
