import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatCallsign } from '@/lib/callsign';
import { compactCallsign } from '@/lib/deputy-search';
import { emptyOfficer, withPickedOfficer, type OfficerRow } from '@/lib/report-rows';
import { DeputyPicker } from './DeputyPicker';
import { clearErrorsUnder } from './form-errors';
import { ListError, RemoveButton, ReportSection } from './ReportRows';

/** The words that differ between report forms' officer lists. */
export interface OfficersWords {
  /** Section title: 'Arresting Officers', 'Deputies involved'. */
  title: string;
  /** One row: 'Officer', 'Deputy' (numbered 'Officer 1'). */
  row: string;
  /** The rank field's label: 'Rank', 'Rank/ID'. */
  rank: string;
  /** The button that adds a blank row: 'Add officer', 'Add deputy'. */
  add: string;
  /** Said when the list is empty: 'No deputies listed.' */
  none: string;
}

/** 'Rank/ID' → 'rank/ID', as the field's accessible name continues '{Row} {n} …'. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export interface OfficersSectionProps<F extends Record<P, OfficerRow[]>, P extends string> {
  form: UseFormReturnType<F>;
  /** Where the rows are in the form's values ('officers', 'deputies'). */
  path: P;
  /** The section's heading id, and the prefix of its error and row test ids. */
  id: string;
  words: OfficersWords;
  rowTestId: string;
  disabled: boolean;
}

/**
 * The officers of a report (member-portal §2.11, command-and-reports §2, §5): rows of name,
 * rank and callsign. The first row, auto-filled from the signed-in user's roster entry, is
 * read-only and cannot be removed. 'Select Deputy' picks someone from the roster (filling the
 * last blank row or adding one; someone listed already is said so); the add button adds a
 * blank row to type in. Callsign input strips spaces and dashes and says how it will be shown.
 * Without a named officer the error sits on the first name that can be typed, or under the
 * heading when there is no row. Every report form uses this one section.
 */
export function OfficersSection<F extends Record<P, OfficerRow[]>, P extends string>({
  form,
  path,
  id,
  words,
  rowTestId,
  disabled,
}: OfficersSectionProps<F, P>) {
  const [picking, setPicking] = useState(false);
  // The form's paths are strings; the rows' type is the constraint on F.
  const loose = form as unknown as UseFormReturnType<Record<string, OfficerRow[]>>;
  const listPath: string = path;
  const rows = form.values[path];
  const listError = form.errors[path];
  const errorId = `${id}-error`;

  return (
    <ReportSection
      id={id}
      title={words.title}
      actions={
        <>
          <Button
            size="xs"
            variant="light"
            disabled={disabled}
            onClick={() => {
              setPicking(true);
            }}
          >
            Select Deputy
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={disabled}
            data-path={path}
            aria-describedby={listError === undefined ? undefined : errorId}
            onClick={() => {
              loose.insertListItem(listPath, emptyOfficer());
            }}
          >
            {words.add}
          </Button>
        </>
      }
    >
      <ListError id={errorId} error={listError} />
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {words.none}
        </Text>
      )}
      {rows.map((row, index) => {
        const n = String(index + 1);
        const at = `${path}.${String(index)}`;
        const shown = formatCallsign(row.callsign);
        const lock = { readOnly: row.locked, variant: row.locked ? 'filled' : 'default', disabled } as const;
        return (
          <Paper key={row.key} withBorder radius="sm" p="sm" data-testid={rowTestId}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {words.row} {n}
                  </Text>
                  {row.locked && (
                    <Badge size="xs" variant="light">
                      You
                    </Badge>
                  )}
                </Group>
                {!row.locked && (
                  <RemoveButton
                    label={`Remove ${words.row.toLowerCase()} ${n}`}
                    disabled={disabled}
                    onClick={() => {
                      loose.removeListItem(listPath, index);
                    }}
                  />
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label="Name"
                  aria-label={`${words.row} ${n} name`}
                  {...loose.getInputProps(`${at}.name`)}
                  {...lock}
                />
                <TextInput
                  label={words.rank}
                  aria-label={`${words.row} ${n} ${lowerFirst(words.rank)}`}
                  {...loose.getInputProps(`${at}.rank`)}
                  {...lock}
                />
                <TextInput
                  label="Callsign"
                  aria-label={`${words.row} ${n} callsign`}
                  {...loose.getInputProps(`${at}.callsign`)}
                  {...lock}
                  value={row.locked ? shown : row.callsign}
                  description={!row.locked && shown !== '' && shown !== row.callsign ? `Shown as ${shown}` : undefined}
                  onChange={(event) => {
                    loose.setFieldValue(`${at}.callsign`, compactCallsign(event.currentTarget.value));
                  }}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      <DeputyPicker
        opened={picking}
        onClose={() => {
          setPicking(false);
        }}
        onSelect={(officer) => {
          const next = withPickedOfficer(loose.getValues()[listPath] ?? [], officer);
          if (next === null) {
            notifications.show({ color: 'yellow', message: `${officer.name} is already listed.` });
            return;
          }
          loose.setFieldValue(listPath, next);
          clearErrorsUnder(form, path);
        }}
      />
    </ReportSection>
  );
}
