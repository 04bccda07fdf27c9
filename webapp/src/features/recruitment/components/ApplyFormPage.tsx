import { Anchor, Button, Checkbox, Group, NumberInput, Paper, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { FailureAlert } from '@/components/FormActions';
import { Page } from '@/components/Page';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { openFormsQueryOptions, recruitmentErrorText, useApply, type PublicForm, type Question } from '../api/recruitment';
import { answerErrors, answersBody, emptyAnswers, LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type AnswerValues } from '../lib/answers';
import { ApplicantNotice, useApplicantState } from './ApplicantNotice';
import { OPEN_FORMS_UNAVAILABLE } from './ApplyPage';

export const FORM_NOT_OPEN = 'This form is not open for applications.';
/** A choice with more options than this is a dropdown, else radio buttons. */
const RADIO_LIMIT = 6;

interface AnswerFieldProps {
  question: Question;
  form: UseFormReturnType<AnswerValues>;
  disabled: boolean;
}

/** The right input for one question: text, a long text, radios or a dropdown, checkboxes, yes or no, a number, a date. */
function AnswerField({ question, form, disabled }: AnswerFieldProps) {
  const id = question.id ?? '';
  const common = {
    label: question.label,
    description: question.help?.trim() === '' ? undefined : question.help,
    required: question.required ?? false,
    disabled,
  };
  const props = form.getInputProps(id);
  const options = question.options ?? [];
  const key = form.key(id);
  switch (question.kind) {
    case 'long_text':
      return <Textarea key={key} {...common} autosize minRows={3} maxRows={10} maxLength={LONG_ANSWER_MAX} {...props} />;
    case 'choice':
      if (options.length > RADIO_LIMIT) {
        return (
          <Select
            key={key}
            {...common}
            data={options}
            searchable
            clearable
            error={form.errors[id]}
            value={typeof form.values[id] === 'string' && form.values[id] !== '' ? form.values[id] : null}
            onChange={(value) => {
              form.setFieldValue(id, value ?? '');
            }}
          />
        );
      }
      return (
        <Radio.Group key={key} {...common} {...props}>
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Radio key={option} value={option} label={option} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group key={key} {...common} {...props}>
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Checkbox key={option} value={option} label={option} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'yes_no':
      return (
        <Radio.Group key={key} {...common} {...props}>
          <Group gap="lg" mt={6}>
            <Radio value="yes" label="Yes" disabled={disabled} />
            <Radio value="no" label="No" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 'number':
      return <NumberInput key={key} {...common} hideControls={false} {...props} />;
    case 'date':
      return (
        <DatePickerInput
          key={key}
          {...common}
          valueFormat="D MMM YYYY"
          clearable
          placeholder="Pick a day"
          minDate="1900-01-01"
          maxDate="2100-12-31"
          error={form.errors[id]}
          value={typeof form.values[id] === 'string' && form.values[id] !== '' ? form.values[id] : null}
          onChange={(value) => {
            form.setFieldValue(id, value ?? '');
          }}
        />
      );
    default:
      return <TextInput key={key} {...common} maxLength={SHORT_ANSWER_MAX} {...props} />;
  }
}

/** The form's questions, Send and the server's refusal; on success the status page. */
function ApplicationForm({ openForm, canApply }: { openForm: PublicForm; canApply: boolean }) {
  const slug = useActiveSlug();
  const apply = useApply(slug);
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<AnswerValues>({
    mode: 'controlled',
    initialValues: emptyAnswers(openForm.questions),
    validate: (values) => answerErrors(openForm.questions, values),
  });
  useUnsavedChanges(form.isDirty() && !sent);

  useEffect(() => {
    if (sent) void navigate('/apply/status');
  }, [sent, navigate]);

  const submit = form.onSubmit(
    (values) => {
      setRefusal(null);
      apply.mutate(
        { formId: openForm.id, answers: answersBody(openForm.questions, values) },
        {
          onSuccess: (application) => {
            notifications.show({ color: 'green', message: `Application to ${application.formTitle} sent: it is at ${application.stage}.` });
            setSent(true);
          },
          onError: (error) => {
            setRefusal(recruitmentErrorText(error));
          },
        },
      );
    },
    (errors) => {
      const count = Object.keys(errors).length;
      setRefusal(`${String(count)} answer${count === 1 ? ' needs' : 's need'} your attention.`);
    },
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form noValidate onSubmit={submit} aria-label={openForm.title}>
        <Stack gap="md">
          {openForm.questions.map((question) => (
            <AnswerField key={question.id} question={question} form={form} disabled={!canApply || apply.isPending} />
          ))}
          <FailureAlert message={refusal} testId="apply-problem" />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/apply" variant="default">
              Back
            </Button>
            {canApply && (
              <Button type="submit" loading={apply.isPending}>
                Send application
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * /apply/:formId (issue 26): one open form, each question as its input with the server's own
 * checks (required, lengths, options, numbers, dates) before it is sent, and the server's
 * sentences after (one open application per form, too many applications, already on the roster).
 */
export function ApplyFormPage() {
  const slug = useActiveSlug();
  const { formId } = useParams();
  const state = useApplicantState();
  const query = useQuery(openFormsQueryOptions(slug));
  const openForm = query.data?.find((form) => String(form.id) === formId) ?? null;
  return (
    <Page
      size="md"
      title={openForm?.title ?? 'Apply'}
      description={openForm?.description.trim() === '' ? undefined : openForm?.description}
      note={
        <Anchor component={Link} to="/apply" size="sm">
          All open forms
        </Anchor>
      }
    >
      <ApplicantNotice state={state} />
      <QueryStatus query={query} loading="Loading the form…" errorTitle={OPEN_FORMS_UNAVAILABLE} errorText={recruitmentErrorText}>
        {openForm === null ? (
          <EmptyNotice text={FORM_NOT_OPEN} testId="form-not-open" />
        ) : (
          <>
            <Text size="xs" c="dimmed">
              Questions marked * need an answer.
            </Text>
            <ApplicationForm openForm={openForm} canApply={state === 'applicant'} />
          </>
        )}
      </QueryStatus>
    </Page>
  );
}
