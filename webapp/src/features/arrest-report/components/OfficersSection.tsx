import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DeputyPicker } from '@/components/DeputyPicker';
import { RemoveButton } from '@/components/ReportRows';
import { formatCallsign } from '@/lib/callsign';
import { callsignInput, emptyOfficer, withPickedOfficer, type OfficerRow } from '../lib/arrest-form';

interface OfficersSectionProps {
  officers: OfficerRow[];
  onChange: (officers: OfficerRow[]) => void;
  disabled: boolean;
}

/**
 * Arresting Officers (member-portal §2.11, §5): rows of name, rank and callsign. The first row,
 * auto-filled from the signed-in user's roster entry, is read-only and cannot be removed.
 * 'Select Deputy' picks someone from the roster (filling the last blank row or adding one);
 * 'Add officer' adds a blank row to type in. Callsign input strips spaces and dashes; the
 * read-only first row shows its callsign normalised (B-13).
 */
export function OfficersSection({ officers, onChange, disabled }: OfficersSectionProps) {
  const [picking, setPicking] = useState(false);
  const update = (key: string, patch: Partial<OfficerRow>) => {
    onChange(officers.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };

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
              onClick={() => {
                onChange([...officers, emptyOfficer()]);
              }}
            >
              Add officer
            </Button>
          </Group>
        </Group>
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
                        onChange(officers.filter((other) => other.key !== row.key));
                      }}
                    />
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label="Name"
                    aria-label={`Officer ${n} name`}
                    value={row.name}
                    readOnly={row.locked}
                    disabled={disabled}
                    onChange={(event) => {
                      update(row.key, { name: event.currentTarget.value });
                    }}
                  />
                  <TextInput
                    label="Rank"
                    aria-label={`Officer ${n} rank`}
                    value={row.rank}
                    readOnly={row.locked}
                    disabled={disabled}
                    onChange={(event) => {
                      update(row.key, { rank: event.currentTarget.value });
                    }}
                  />
                  <TextInput
                    label="Callsign"
                    aria-label={`Officer ${n} callsign`}
                    value={row.locked ? shown : row.callsign}
                    readOnly={row.locked}
                    disabled={disabled}
                    onChange={(event) => {
                      update(row.key, { callsign: callsignInput(event.currentTarget.value) });
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
          const next = withPickedOfficer(officers, officer);
          if (next === null) {
            notifications.show({ color: 'yellow', message: `${officer.name} is already listed.` });
            return;
          }
          onChange(next);
        }}
      />
    </Paper>
  );
}
