import { Alert, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SubmitEvent } from 'react';
import { FailureAlert, FormActions } from '@/components/FormActions';
import { EDITING_DUPLICATE, type TemplateEditorDraft } from '../lib/templates';
import { StepList } from './StepList';

export interface TemplateEditorProps {
  /** The template's fields (@mantine/form): its refusals (§5) show under them. */
  form: UseFormReturnType<TemplateEditorDraft>;
  /** Opened by Duplicate: a new template not saved yet. */
  duplicate: boolean;
  readOnly: boolean;
  /** The save failure. */
  saveError: string | null;
  saving: boolean;
  /** The form's submit (`form.onSubmit(…)`). */
  onSave: (event: SubmitEvent<HTMLFormElement>) => void;
  onClose: () => void;
}

/** The template editor (command-and-reports §2): title, description and the ordered steps. */
export function TemplateEditor({ form, duplicate, readOnly, saveError, saving, onSave, onClose }: TemplateEditorProps) {
  const draft = form.values;
  const heading = readOnly ? 'Template' : draft.id === null ? 'New template' : 'Edit template';
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="template-editor-title" data-testid="template-editor">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) onSave(event);
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="template-editor-title">
            {heading}
          </Title>
          {duplicate && (
            <Alert color="yellow" variant="light" data-testid="duplicate-notice">
              {EDITING_DUPLICATE}
            </Alert>
          )}
          <TextInput label="Title" required={!readOnly} readOnly={readOnly} data-autofocus {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={8}
            readOnly={readOnly}
            {...form.getInputProps('description')}
          />
          <Stack gap={6}>
            <Text fw={600} size="sm" component="h3" m={0}>
              Checklist steps
            </Text>
            {!readOnly && (
              <Text size="xs" c="dimmed">
                Drag a step by its handle, or use the arrows, to change the order. Empty steps are dropped when you save.
              </Text>
            )}
            <StepList
              steps={draft.steps}
              readOnly={readOnly}
              onChange={(steps) => {
                form.setFieldValue('steps', steps);
              }}
            />
          </Stack>
          <FormActions
            alert={<FailureAlert message={saveError} testId="template-save-error" />}
            cancelLabel={readOnly ? 'Close' : 'Cancel'}
            onCancel={onClose}
            submitLabel="Save template"
            busy={saving}
            readOnly={readOnly}
          />
        </Stack>
      </form>
    </Card>
  );
}
