import { Badge, Button, Card, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { confirmAction, confirmThenMutate } from '@/components/confirm';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { SearchField } from '@/components/SearchField';
import { UNSAVED_CHANGES, useUnsavedChanges } from '@/components/use-unsaved-changes';
import { canWrite } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { templatesQueryOptions, useDeleteTemplate, useSaveTemplate, type Template } from '../api/training';
import {
  DELETE_FAILED,
  DELETE_TEMPLATE,
  draftErrors,
  draftOf,
  duplicateOf,
  emptyDraft,
  filterTemplates,
  LOAD_FAILED,
  SAVE_FAILED,
  stepSummary,
  TEMPLATE_DELETED,
  TEMPLATE_SAVED,
  templateBodyOf,
  UNABLE_TO_DELETE,
  UNABLE_TO_LOAD,
  type TemplateEditorDraft,
} from '../lib/templates';
import { TemplateEditor } from './TemplateEditor';

interface Editor {
  /** The template being edited (null: a new one, or a duplicate not saved yet). */
  id: number | null;
  /** A duplicate counts as unsaved from the start. */
  duplicate: boolean;
}

/** The server's text, else the fallback (also for 'HTTP {status}' answers without one). */
const textOf = (error: unknown, fallback: string) => failureText(error, () => fallback, fallback);

function TemplateRow({
  template,
  selected,
  writable,
  busy,
  onOpen,
  onDuplicate,
  onDelete,
}: {
  template: Template;
  selected: boolean;
  writable: boolean;
  busy: boolean;
  onOpen: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      data-testid="template-row"
      style={{
        listStyle: 'none',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {template.title}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {stepSummary(template.steps)}
          </Badge>
        </Group>
        {template.description.trim() !== '' && (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {template.description}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant={selected ? 'filled' : 'light'} onClick={onOpen} disabled={busy} aria-label={`${writable ? 'Edit' : 'View'} ${template.title}`}>
            {writable ? 'Edit' : 'View'}
          </Button>
          {writable && (
            <>
              <Button size="xs" variant="default" onClick={onDuplicate} disabled={busy} aria-label={`Duplicate ${template.title}`}>
                Duplicate
              </Button>
              <Button size="xs" variant="light" color="red" onClick={onDelete} disabled={busy} aria-label={`Delete ${template.title}`}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Training templates (command-and-reports §2, §5, §8): a searchable list of templates beside
 * an editor with title, description and the ordered checklist of steps. New template, Edit,
 * Duplicate (copied into the editor as a new template: 'Editing duplicate — remember to save')
 * and Delete ('Delete this training template?'). Saving says 'Template saved' and keeps the
 * saved template open. Members on leave see the templates read-only.
 */
export function TrainingManagementPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(templatesQueryOptions(slug));
  const save = useSaveTemplate(slug);
  const remove = useDeleteTemplate(slug);
  const [search, setSearch] = useState('');
  // The template open in the editor, and its fields (the editor's form).
  const [editor, setEditor] = useState<Editor | null>(null);
  const form = useForm<TemplateEditorDraft>({ mode: 'controlled', initialValues: emptyDraft(), validate: draftErrors });
  const [saveError, setSaveError] = useState<string | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  const dirty = editor !== null && (editor.duplicate || form.isDirty());
  useUnsavedChanges(writable && dirty);

  const templates = query.data ?? [];
  const shown = filterTemplates(templates, search);
  const busy = save.isPending || remove.isPending;

  /** Runs `go` at once, or after a confirmation when it would drop unsaved edits. */
  const unlessDirty = (go: () => void) => {
    if (!(writable && dirty)) {
      go();
      return;
    }
    confirmAction({ title: 'Unsaved changes', message: UNSAVED_CHANGES, confirmLabel: 'Leave', cancelLabel: 'Stay', onConfirm: go });
  };

  /** Opens `draft` in the editor: as stored (`initial` the same), or a duplicate or new one. */
  const open = (draft: TemplateEditorDraft, duplicate = false) => {
    unlessDirty(() => {
      setSaveError(null);
      show(draft, duplicate);
      // On phones the editor is below the list.
      window.requestAnimationFrame(() => {
        editorRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      });
    });
  };

  /** Puts `draft` in the editor's form as its unchanged state. */
  const show = (draft: TemplateEditorDraft, duplicate: boolean) => {
    form.setValues(draft);
    form.resetDirty(draft);
    form.clearErrors();
    setEditor({ id: draft.id, duplicate });
  };

  const onSave = form.onSubmit((draft) => {
    setSaveError(null);
    save.mutate(
      { id: draft.id, draft: templateBodyOf(draft) },
      {
        onSuccess: (saved) => {
          show(draftOf(saved), false);
          notifications.show({ color: 'green', message: TEMPLATE_SAVED });
        },
        onError: (error) => {
          const message = textOf(error, SAVE_FAILED);
          setSaveError(message);
          notifications.show({ color: 'red', title: SAVE_FAILED, message });
        },
      },
    );
  });

  const onDelete = (template: Template) => {
    confirmThenMutate({
      title: DELETE_TEMPLATE,
      message: template.title,
      confirmLabel: 'Delete',
      mutation: remove,
      variables: template.id,
      onSuccess: () => {
        if (editor?.id === template.id) setEditor(null);
      },
      done: TEMPLATE_DELETED,
      failedTitle: UNABLE_TO_DELETE,
      errorText: (error) => textOf(error, DELETE_FAILED),
    });
  };

  const loadFailedEmpty = query.isError && query.data === undefined;

  return (
    <Page
      size="xl"
      title="Training templates"
      description="Ordered checklists that training sessions are run from."
      actions={
        writable && query.data !== undefined && (
          <Button
            onClick={() => {
              open(emptyDraft());
            }}
            disabled={busy}
          >
            New template
          </Button>
        )
      }
    >
      {!writable && access.viewer !== null && <LoaNotice />}

      {query.isError && query.data !== undefined && (
        <Text c="red" size="sm" role="alert" data-testid="templates-load-error">
          {textOf(query.error, LOAD_FAILED)}
        </Text>
      )}

      {loadFailedEmpty ? (
        <Card withBorder padding="lg" radius="md" data-testid="templates-unavailable">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              {UNABLE_TO_LOAD}
            </Title>
            <Text size="sm" c="red">
              {textOf(query.error, LOAD_FAILED)}
            </Text>
            <Button variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
              Retry
            </Button>
          </Stack>
        </Card>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm" component="section" aria-label="Templates">
              <SearchField
                label="Search templates"
                placeholder="Title, description or step"
                value={search}
                onSearch={setSearch}
              />
              <QueryStatus
                query={{ status: query.data === undefined ? 'pending' : 'success', error: null }}
                loading="Loading templates…"
                empty={
                  query.data === undefined
                    ? null
                    : templates.length === 0
                      ? 'No training templates yet.'
                      : shown.length === 0
                        ? 'No templates match your search.'
                        : null
                }
                emptyTestId="templates-empty"
              >
                <Stack component="ul" gap="xs" m={0} p={0} aria-label="Training templates">
                  {shown.map((template) => (
                    <TemplateRow
                      key={template.id}
                      template={template}
                      selected={editor?.id === template.id}
                      writable={writable}
                      busy={busy}
                      onOpen={() => {
                        open(draftOf(template));
                      }}
                      onDuplicate={() => {
                        open(duplicateOf(template), true);
                      }}
                      onDelete={() => {
                        onDelete(template);
                      }}
                    />
                  ))}
                </Stack>
              </QueryStatus>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <div ref={editorRef} style={{ scrollMarginTop: 80 }}>
              {editor === null ? (
                query.data !== undefined && (
                  <Paper withBorder p="lg" radius="md">
                    <Text c="dimmed" ta="center">
                      {writable ? 'Choose a template to edit, or create a new one.' : 'Choose a template to see its steps.'}
                    </Text>
                  </Paper>
                )
              ) : (
                <TemplateEditor
                  key={editor.id ?? 'new'}
                  form={form}
                  duplicate={editor.duplicate}
                  readOnly={!writable}
                  saveError={saveError}
                  saving={save.isPending}
                  onSave={onSave}
                  onClose={() => {
                    unlessDirty(() => {
                      setEditor(null);
                      setSaveError(null);
                    });
                  }}
                />
              )}
            </div>
          </Grid.Col>
        </Grid>
      )}
    </Page>
  );
}
