import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import type { Template } from '../api/training';
import type { PersonRef } from '../lib/sessions';
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
  readOnly?: boolean;
  /** The trainee refusal of §5, shown under the trainees. */
  traineeError?: string | null;
  /** The template title a blank session name stands for (the placeholder). */
  namePlaceholder?: string;
  onChange: (values: T) => void;
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
      placeholder="Pick a date and time"
      valueFormat="DD MMM YYYY HH:mm"
      clearable
      readOnly={readOnly}
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

/** The fields a session is created and changed with: name, time, notes, FTOs and trainees. */
export function SessionFields<T extends SessionFieldValues>({
  values,
  readOnly = false,
  traineeError = null,
  namePlaceholder,
  onChange,
}: SessionFieldsProps<T>) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Session name"
        placeholder={namePlaceholder}
        value={values.sessionName}
        readOnly={readOnly}
        onChange={(event) => {
          onChange({ ...values, sessionName: event.currentTarget.value });
        }}
      />
      <ScheduledTimeField
        value={values.scheduledAt}
        readOnly={readOnly}
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
        readOnly={readOnly}
        onChange={(ftos) => {
          onChange({ ...values, ftos });
        }}
      />
      <PeopleField
        label="Trainees"
        addLabel="Add trainee"
        pickerTitle="Select trainees"
        people={values.trainees}
        readOnly={readOnly}
        error={traineeError}
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
  error: string | null;
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
