import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DeputyPicker } from '@/components/DeputyPicker';
import { clearErrorsUnder } from '@/components/form-errors';
import { ListError, RemoveButton } from '@/components/ReportRows';
import { formatCallsign } from '@/lib/callsign';
import { callsignInput, emptyOfficer, withPickedOfficer, type ArrestForm } from '../lib/arrest-form';

interface OfficersSectionProps {
  form: UseFormReturnType<ArrestForm>;
  disabled: boolean;
}

/**
 * Arresting Officers (member-portal §2.11, §5): rows of name, rank and callsign. The first row,
 * auto-filled from the signed-in user's roster entry, is read-only and cannot be removed.
 * 'Select Deputy' picks someone from the roster (filling the last blank row or adding one);
 * 'Add officer' adds a blank row to type in. Callsign input strips spaces and dashes; the
 * read-only first row shows its callsign normalised (B-13). Without a named officer the error
 * sits on the first name that can be typed, or under the heading when there is no row.
 */
export function OfficersSection({ form, disabled }: OfficersSectionProps) {
  const [picking, setPicking] = useState(false);
  const officers = form.values.officers;
  const listError = form.errors.officers;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="arrest-officers">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="arrest-officers">
            Arresting Officers
          </Title>
          <Group gap="xs">
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
              data-path="officers"
              aria-describedby={listError === undefined ? undefined : 'arrest-officers-error'}
              onClick={() => {
                form.insertListItem('officers', emptyOfficer());
              }}
            >
              Add officer
            </Button>
          </Group>
        </Group>
        <ListError id="arrest-officers-error" error={listError} />
        {officers.map((row, index) => {
          const n = index + 1;
          const shown = formatCallsign(row.callsign);
          return (
            <Paper key={row.key} withBorder radius="sm" p="sm" data-testid="officer-row" bg={row.locked ? 'var(--mantine-color-default-hover)' : undefined}>
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      Officer {n}
                    </Text>
                    {row.locked && (
                      <Badge size="xs" variant="light">
                        You
                      </Badge>
                    )}
                  </Group>
                  {!row.locked && (
                    <RemoveButton
                      label={`Remove officer ${n}`}
                      disabled={disabled}
                      onClick={() => {
                        form.removeListItem('officers', index);
                      }}
                    />
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label="Name"
                    aria-label={`Officer ${n} name`}
                    {...form.getInputProps(`officers.${String(index)}.name`)}
                    readOnly={row.locked}
                    disabled={disabled}
                  />
                  <TextInput
                    label="Rank"
                    aria-label={`Officer ${n} rank`}
                    {...form.getInputProps(`officers.${String(index)}.rank`)}
                    readOnly={row.locked}
                    disabled={disabled}
                  />
                  <TextInput
                    label="Callsign"
                    aria-label={`Officer ${n} callsign`}
                    {...form.getInputProps(`officers.${String(index)}.callsign`)}
                    value={row.locked ? shown : row.callsign}
                    readOnly={row.locked}
                    disabled={disabled}
                    onChange={(event) => {
                      form.setFieldValue(`officers.${String(index)}.callsign`, callsignInput(event.currentTarget.value));
                    }}
                  />
                </SimpleGrid>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <DeputyPicker
        opened={picking}
        onClose={() => {
          setPicking(false);
        }}
        onSelect={(officer) => {
          const next = withPickedOfficer(form.getValues().officers, officer);
          if (next === null) {
            notifications.show({ color: 'yellow', message: `${officer.name} is already listed.` });
            return;
          }
          form.setFieldValue('officers', next);
          clearErrorsUnder(form, 'officers');
        }}
      />
    </Paper>
  );
}
