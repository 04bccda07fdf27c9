import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { structureQueryOptions } from '@/api/structure';
import { FormDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { isStale, recruitmentErrorText, useCreateForm, useUpdateForm, type ApplicationForm } from '../api/recruitment';
import { isChoice, QUESTION_KIND_LABELS, QUESTION_KINDS } from '../lib/answers';
import {
  DESCRIPTION_MAX,
  draftErrors,
  draftOf,
  formBody,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_STAGES,
  newQuestion,
  newStage,
  OPTION_MAX,
  QUESTION_HELP_MAX,
  QUESTION_LABEL_MAX,
  STAGE_KIND_LABELS,
  STAGE_KINDS,
  STAGE_NAME_MAX,
  TITLE_MAX,
  withKind,
  type EditorQuestion,
  type EditorStage,
  type FormDraft,
} from '../lib/forms';
import { ReorderableRows } from './ReorderableRows';

const KIND_OPTIONS = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }));
const STAGE_KIND_OPTIONS = STAGE_KINDS.map((kind) => ({ value: kind, label: STAGE_KIND_LABELS[kind] }));

export interface FormEditorDialogProps {
  /** The form to edit, or null to create one. */
  form: ApplicationForm | null;
  onClose: () => void;
}

/**
 * Creates or edits an application form, saved whole: title, description, open or closed, the
 * questions in order (kind, required, options of a choice), the stages in order (name, kind;
 * a stage holding applications keeps its kind and stays), and who reviews it (levels at or
 * above, department roles). The server's refusal shows above the buttons; a stale save says so
 * and the list reads the form again.
 */
export function FormEditorDialog({ form: stored, onClose }: FormEditorDialogProps) {
  const slug = useActiveSlug();
  const { levels } = useAgency();
  const structure = useQuery(structureQueryOptions(slug));
  const create = useCreateForm(slug);
  const update = useUpdateForm(slug);
  const busy = create.isPending || update.isPending;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<FormDraft>({ mode: 'controlled', initialValues: draftOf(stored), validate: draftErrors });
  const draft = form.values;

  const roleOptions = (structure.data?.departments ?? []).flatMap((department) =>
    department.roles.map((role) => ({ value: role.id, label: `${role.name} (${department.name})` })),
  );
  for (const id of draft.reviewerRoles) {
    if (!roleOptions.some((option) => option.value === id)) roleOptions.push({ value: id, label: id });
  }

  const setQuestions = (questions: EditorQuestion[]) => {
    form.setFieldValue('questions', questions);
    form.clearErrors();
  };
  const setStages = (stages: EditorStage[]) => {
    form.setFieldValue('stages', stages);
    form.clearErrors();
  };
  const setQuestion = (index: number, question: EditorQuestion) => {
    form.setFieldValue(`questions.${String(index)}`, question);
  };

  const submit = form.onSubmit(
    (values) => {
      setRefusal(null);
      const saved = (result: ApplicationForm) => {
        notifications.show({ color: 'green', message: `Form ${result.title} ${stored === null ? 'created' : 'saved'}.` });
        onClose();
      };
      const refused = (error: unknown) => {
        setRefusal(recruitmentErrorText(error));
        if (isStale(error)) notifications.show({ color: 'orange', message: 'The form changed meanwhile: close this dialog and open it again.' });
      };
      if (stored === null) create.mutate(formBody(values, null), { onSuccess: saved, onError: refused });
      else update.mutate({ formId: stored.id, body: formBody(values, stored.version) }, { onSuccess: saved, onError: refused });
    },
    (errors) => {
      setRefusal(Object.values(errors).find((error) => typeof error === 'string') ?? null);
    },
  );

  return (
    <FormDialog
      title={stored === null ? 'New application form' : `Edit ${stored.title}`}
      size="xl"
      gap="md"
      dirty={form.isDirty()}
      busy={busy}
      submitLabel={stored === null ? 'Create form' : 'Save form'}
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal} testId="form-problem" />}
      data-testid="form-editor"
    >
      <TextInput label="Title" placeholder="Join the department" required data-autofocus maxLength={TITLE_MAX} {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        description="Applicants read it above the questions."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
      <Switch
        label="Open for applications"
        description="A closed form is kept with its applications but takes no new ones."
        {...form.getInputProps('isOpen', { type: 'checkbox' })}
      />

      <EditorSection
        id="form-questions"
        title={`Questions (${String(draft.questions.length)})`}
        hint="Drag a question by its handle (or focus the handle and use Space and the arrow keys), or use the arrows, to change the order."
        error={form.errors.questions}
        add={{
          label: 'Add question',
          disabled: draft.questions.length >= MAX_QUESTIONS,
          onAdd: () => {
            form.insertListItem('questions', newQuestion());
          },
        }}
      >
        <ReorderableRows
          rows={draft.questions}
          label="Questions"
          rowLabel={(_, index) => `question ${String(index + 1)}`}
          onChange={setQuestions}
          testId="form-question"
        >
          {(question, index) => (
            <QuestionFields
              question={question}
              index={index}
              labelError={form.errors[`questions.${String(index)}.label`]}
              optionsError={form.errors[`questions.${String(index)}.options`]}
              onChange={(changed) => {
                setQuestion(index, changed);
              }}
            />
          )}
        </ReorderableRows>
      </EditorSection>

      <EditorSection
        id="form-stages"
        title={`Stages (${String(draft.stages.length)})`}
        hint="The board's columns, in order. A form needs an open, an accepted and a denied stage; a stage that holds applications keeps its kind."
        error={form.errors.stages}
        add={{
          label: 'Add stage',
          disabled: draft.stages.length >= MAX_STAGES,
          onAdd: () => {
            form.insertListItem('stages', newStage());
          },
        }}
      >
        <ReorderableRows
          rows={draft.stages}
          label="Stages"
          rowLabel={(stage, index) => `stage ${stage.name.trim() === '' ? String(index + 1) : stage.name.trim()}`}
          onChange={setStages}
          removable={(stage) => stage.applications === 0}
          testId="form-stage"
        >
          {(stage, index) => (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <TextInput
                aria-label={`Stage ${String(index + 1)} name`}
                placeholder="Stage name"
                maxLength={STAGE_NAME_MAX}
                value={stage.name}
                error={form.errors[`stages.${String(index)}.name`]}
                description={stage.applications > 0 ? `${String(stage.applications)} application${stage.applications === 1 ? '' : 's'} here` : undefined}
                inputWrapperOrder={['input', 'description', 'error']}
                onChange={(event) => {
                  form.setFieldValue(`stages.${String(index)}.name`, event.currentTarget.value);
                }}
              />
              <Select
                aria-label={`Stage ${String(index + 1)} kind`}
                data={STAGE_KIND_OPTIONS}
                value={stage.kind}
                allowDeselect={false}
                disabled={stage.applications > 0}
                onChange={(value) => {
                  if (value !== null) form.setFieldValue(`stages.${String(index)}.kind`, value);
                }}
              />
            </SimpleGrid>
          )}
        </ReorderableRows>
      </EditorSection>

      <EditorSection
        id="form-reviewers"
        title="Reviewers"
        hint="Who moves, notes and votes on its applications. Naming nobody leaves it to whoever sees Applications; High Command reviews every form."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MultiSelect
            label="Levels (at or above)"
            placeholder={draft.reviewerLevels.length === 0 ? 'Any level' : undefined}
            data={levels.map((level) => ({ value: level.id, label: level.label }))}
            clearable
            {...form.getInputProps('reviewerLevels')}
          />
          <MultiSelect
            label="Department roles"
            placeholder={draft.reviewerRoles.length === 0 ? (structure.isPending ? 'Loading roles…' : 'No role') : undefined}
            data={roleOptions}
            searchable
            clearable
            nothingFoundMessage="No such role"
            {...form.getInputProps('reviewerRoles')}
          />
        </SimpleGrid>
      </EditorSection>
    </FormDialog>
  );
}

interface EditorSectionProps {
  id: string;
  title: string;
  /** The dimmed line under the title. */
  hint: string;
  /** The list's own error (not one of a row's fields), shown above it. */
  error?: unknown;
  /** The button under the list that adds a row, off at the limit. */
  add?: { label: string; disabled: boolean; onAdd: () => void };
  children: ReactNode;
}

/** One part of the form (questions, stages, reviewers): a titled section with its hint, its list's error and its Add button. */
function EditorSection({ id, title, hint, error, add, children }: EditorSectionProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {typeof error === 'string' && (
        <Alert color="red" variant="light" p="xs">
          {error}
        </Alert>
      )}
      {children}
      {add !== undefined && (
        <Group>
          <Button variant="light" size="xs" disabled={add.disabled} onClick={add.onAdd}>
            {add.label}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface QuestionFieldsProps {
  question: EditorQuestion;
  index: number;
  labelError: unknown;
  optionsError: unknown;
  onChange: (question: EditorQuestion) => void;
}

/** One question's text, kind, Required, help line and (for a choice) options. */
function QuestionFields({ question, index, labelError, optionsError, onChange }: QuestionFieldsProps) {
  const number = String(index + 1);
  const errorOf = (error: unknown) => (typeof error === 'string' ? error : undefined);
  return (
    <>
      <TextInput
        aria-label={`Question ${number}`}
        placeholder="What do you ask?"
        maxLength={QUESTION_LABEL_MAX}
        value={question.label}
        error={errorOf(labelError)}
        onChange={(event) => {
          onChange({ ...question, label: event.currentTarget.value });
        }}
      />
      <Group gap="xs" wrap="wrap" align="center">
        <Select
          aria-label={`Question ${number} kind`}
          data={KIND_OPTIONS}
          value={question.kind}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
          onChange={(value) => {
            if (value !== null) onChange(withKind(question, value));
          }}
        />
        <Checkbox
          label="Required"
          aria-label={`Question ${number} required`}
          checked={question.required}
          onChange={(event) => {
            onChange({ ...question, required: event.currentTarget.checked });
          }}
        />
      </Group>
      {isChoice(question.kind) && (
        <TagsInput
          aria-label={`Question ${number} options`}
          placeholder="Type an option and press Enter"
          description="Two to 25 options."
          inputWrapperOrder={['input', 'description', 'error']}
          value={question.options}
          maxTags={MAX_OPTIONS}
          maxLength={OPTION_MAX}
          error={errorOf(optionsError)}
          onChange={(options) => {
            onChange({ ...question, options });
          }}
        />
      )}
      <TextInput
        aria-label={`Question ${number} help`}
        placeholder="A line under the question (optional)"
        size="xs"
        maxLength={QUESTION_HELP_MAX}
        value={question.help}
        onChange={(event) => {
          onChange({ ...question, help: event.currentTarget.value });
        }}
      />
    </>
  );
}
