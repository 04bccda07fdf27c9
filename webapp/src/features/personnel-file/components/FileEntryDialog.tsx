import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { formatDay, localToday } from '@/lib/days';
import { fileErrorText, useWriteFileEntry, type TimelineItem } from '../api/personnel-file';
import {
  ENTRY_KINDS,
  entryFormErrors,
  kindLabel,
  TEXT_MAX,
  VISIBILITY_OPTIONS,
  type EntryFormValues,
} from '../lib/personnel-file';

export interface FileEntryDialogProps {
  rosterId: number;
  member: string;
  /** The entry a correction corrects; null for a new entry. */
  corrects: TimelineItem | null;
  onClose: () => void;
}

/**
 * Writes an entry in a member's file: its kind (commendation, counselling, written warning,
 * suspension), the day it happened, what happened, and who reads it (command only, or the
 * member too). Written from an entry's Correct, it is a correction of that entry, shown beside
 * it. Entries are never changed afterwards.
 */
export function FileEntryDialog({ rosterId, member, corrects, onClose }: FileEntryDialogProps) {
  const slug = useActiveSlug();
  const write = useWriteFileEntry(slug, rosterId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = localToday();
  const form = useForm<EntryFormValues>({
    mode: 'controlled',
    initialValues: {
      kind: corrects === null ? null : 'correction',
      day: today,
      text: '',
      visibility: corrects?.visibility === 'member' ? 'member' : 'command',
    },
    validate: (values) => entryFormErrors(values, today),
  });

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    write.mutate(
      {
        kind: values.kind ?? '',
        happenedOn: values.day ?? '',
        text: values.text.trim(),
        visibility: values.visibility,
        correctsId: corrects?.entryId ?? null,
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: corrects === null ? `${kindLabel(values.kind ?? '')} added to the file of ${member}.` : `Correction added to the file of ${member}.`,
          });
          onClose();
        },
        onError: (error) => {
          setRefusal(fileErrorText(error));
        },
      },
    );
  });

  return (
    <FormDialog
      title={corrects === null ? `Add an entry to the file of ${member}` : `Correct an entry of ${member}`}
      size="lg"
      gap="sm"
      dirty={form.isDirty()}
      busy={write.isPending}
      submitLabel={corrects === null ? 'Add entry' : 'Add correction'}
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal} testId="file-entry-problem" />}
    >
      {corrects !== null && (
        <Paper withBorder radius="sm" p="xs" data-testid="corrected-entry">
          <Text size="xs" c="dimmed">
            Corrects the {kindLabel(corrects.kind).toLowerCase()} of {formatDay(corrects.at)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {corrects.detail ?? corrects.title}
          </Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {corrects === null && (
          <Select label="Kind" placeholder="Choose a kind" required data-autofocus data={[...ENTRY_KINDS]} allowDeselect={false} {...form.getInputProps('kind')} />
        )}
        <DatePickerInput
          label="Date"
          required
          valueFormat="D MMM YYYY"
          maxDate={today}
          nextLabel="Next month"
          previousLabel="Previous month"
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('day')}
        />
      </SimpleGrid>
      <Textarea
        label={corrects === null ? 'What happened' : 'The correction'}
        required
        data-autofocus={corrects !== null}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={TEXT_MAX}
        {...form.getInputProps('text')}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="file-entry-visibility">
          Who reads it
        </Text>
        <SegmentedControl
          aria-labelledby="file-entry-visibility"
          data={[...VISIBILITY_OPTIONS]}
          value={form.values.visibility}
          onChange={(value) => {
            form.setFieldValue('visibility', value);
          }}
          style={{ alignSelf: 'flex-start' }}
        />
        <Text size="xs" c="dimmed">
          {form.values.visibility === 'member' ? `${member} reads it in their file too.` : `Only command sees it; ${member} does not.`}
        </Text>
      </Stack>
    </FormDialog>
  );
}
