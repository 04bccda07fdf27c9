import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { setFields } from '@/components/form-errors';
import type { Template } from '../api/training';
import { rolesProblem, type PersonRef } from '../lib/sessions';
import { PeopleField } from './PersonPicker';

export interface SessionFieldValues {
  sessionName: string;
  /** The picker's value ('YYYY-MM-DD HH:mm:ss', local), or null. */
  scheduledAt: string | null;
  notes: string;
  ftos: PersonRef[];
  trainees: PersonRef[];
}

export interface SessionFieldsProps<T extends SessionFieldValues> {
  values: T;
  /** Nothing can be changed (a viewer who may not change the session). */
  readOnly?: boolean;
  /**
   * The name, scheduled time, FTOs and trainees cannot be changed, the notes can (an FTO of
   * the session who is not a training manager).
   */
  peopleReadOnly?: boolean;
  /** The trainee refusal of §5, shown under the trainees. */
  traineeError?: string | null;
  /** The template title a blank session name stands for (the placeholder). */
  namePlaceholder?: string;
  onChange: (values: T) => void;
}

/**
 * What `SessionFields` calls when they change, for a @mantine/form form holding them: the
 * fields that changed are set (and lose their refusals). A change of FTOs may settle the
 * trainees' "nobody both" refusal, so that one is dropped too: the live check under the
 * trainees says it while it holds.
 */
export function sessionFieldsChange<T extends SessionFieldValues>(form: UseFormReturnType<T>): (values: T) => void {
  return (next) => {
    const before = form.getValues();
    setFields(form, next);
    if (next.ftos !== before.ftos) form.clearFieldError('trainees');
  };
}

/** The scheduled time: a date and time picker (a dialog on phones), clearable. */
export function ScheduledTimeField({
  value,
  readOnly = false,
  onChange,
}: {
  value: string | null;
  readOnly?: boolean;
  onChange: (value: string | null) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <DateTimePicker
      label="Scheduled time"
      placeholder={readOnly ? 'Not scheduled' : 'Pick a date and time'}
      valueFormat="DD MMM YYYY HH:mm"
      clearable
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      dropdownType={phone ? 'modal' : 'popover'}
      timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
      submitButtonProps={{ 'aria-label': 'Confirm date and time' }}
      clearButtonProps={{ 'aria-label': 'Clear scheduled time' }}
      value={value}
      onChange={(next) => {
        onChange(next);
      }}
    />
  );
}

/**
 * The fields a session is created and changed with: name, time, notes, FTOs and trainees.
 * Nobody is both FTO and trainee: each picker leaves out the other list's people, and a
 * session that lists someone twice says so under the trainees.
 */
export function SessionFields<T extends SessionFieldValues>({
  values,
  readOnly = false,
  peopleReadOnly = false,
  traineeError = null,
  namePlaceholder,
  onChange,
}: SessionFieldsProps<T>) {
  const locked = readOnly || peopleReadOnly;
  const bothError = locked ? null : rolesProblem(values.ftos, values.trainees);
  return (
    <Stack gap="sm">
      <TextInput
        label="Session name"
        placeholder={namePlaceholder}
        value={values.sessionName}
        readOnly={locked}
        variant={locked ? 'filled' : 'default'}
        onChange={(event) => {
          onChange({ ...values, sessionName: event.currentTarget.value });
        }}
      />
      <ScheduledTimeField
        value={values.scheduledAt}
        readOnly={locked}
        onChange={(scheduledAt) => {
          onChange({ ...values, scheduledAt });
        }}
      />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxRows={6}
        value={values.notes}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        onChange={(event) => {
          onChange({ ...values, notes: event.currentTarget.value });
        }}
      />
      <PeopleField
        label="FTOs"
        addLabel="Add FTO"
        pickerTitle="Select FTOs"
        ftoFirst
        people={values.ftos}
        taken={values.trainees}
        takenNote="Already a trainee"
        readOnly={locked}
        onChange={(ftos) => {
          onChange({ ...values, ftos });
        }}
      />
      <PeopleField
        label="Trainees"
        addLabel="Add trainee"
        pickerTitle="Select trainees"
        people={values.trainees}
        taken={values.ftos}
        takenNote="Already an FTO"
        readOnly={locked}
        error={traineeError ?? bothError}
        onChange={(trainees) => {
          onChange({ ...values, trainees });
        }}
      />
    </Stack>
  );
}

/** The template select of the create modal. */
export function TemplateSelect({
  templates,
  value,
  error,
  onChange,
}: {
  templates: Template[];
  value: number | null;
  error?: ReactNode;
  onChange: (id: number | null) => void;
}) {
  return (
    <Select
      label="Training template"
      placeholder="Select a template"
      required
      searchable
      data={templates.map((template) => ({ value: String(template.id), label: template.title }))}
      value={value === null ? null : String(value)}
      error={error}
      nothingFoundMessage="No templates"
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
