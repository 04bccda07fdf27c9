import { Alert, Button, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { rosterQueryOptions } from '@/api/roster';
import type { RosterEntry } from '@/api/types';
import { formatCallsign } from '@/lib/callsign';
import { filterDeputies, officerOf, type PickedOfficer } from '@/lib/deputy-search';

export type { PickedOfficer } from '@/lib/deputy-search';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

export interface DeputyPickerProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen person as an officer row (callsign with spaces and dashes stripped). */
  onSelect: (officer: PickedOfficer) => void;
  /** Dialog title; 'Select Deputy' as the spec names it. */
  title?: string;
}

/**
 * The 'Select Deputy' dialog (member-portal §2.11, command-and-reports §2): the agency's roster
 * (`GET /api/roster`) with a search over name, callsign and rank, and a Select button per row.
 * Enter in the search box picks the only match. Full screen on phones. The dialog closes
 * after a pick.
 */
export function DeputyPicker({ opened, onClose, onSelect, title = 'Select Deputy' }: DeputyPickerProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={phone} closeButtonProps={MODAL_CLOSE}>
      {/* Mounted only while open, so each opening starts with an empty search. */}
      {opened && (
        <DeputyList
          onSelect={(officer) => {
            onSelect(officer);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function DeputyList({ onSelect }: { onSelect: (officer: PickedOfficer) => void }) {
  const slug = useActiveSlug();
  const roster = useQuery(rosterQueryOptions(slug));
  const [search, setSearch] = useState('');
  const people: RosterEntry[] = roster.data ?? [];
  const matches = filterDeputies(people, search);

  return (
    <Stack gap="sm">
      <TextInput
        label="Search"
        placeholder="Name, callsign or rank"
        value={search}
        data-autofocus
        onChange={(event) => {
          setSearch(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            const only = matches.length === 1 ? matches[0] : undefined;
            if (only !== undefined) onSelect(officerOf(only));
          }
        }}
      />
      {roster.status === 'pending' ? (
        <Group gap="sm" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading roster…</Text>
        </Group>
      ) : roster.status === 'error' ? (
        <Alert color="red" variant="light" title="Roster unavailable" role="alert">
          {messageOf(roster.error, 'Failed to load roster')}
        </Alert>
      ) : matches.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {people.length === 0 ? 'No one on the roster yet' : 'No matching deputies'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="60vh" type="auto">
          <Stack gap="xs" role="list" aria-label="Deputies">
            {matches.map((person) => {
              const callsign = formatCallsign(person.callsign);
              return (
                <Paper key={person.id} withBorder p="xs" radius="sm" role="listitem">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {person.name}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {[person.rank ?? '', callsign].filter((part) => part !== '').join(' · ') || '—'}
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Select ${person.name}`}
                      onClick={() => {
                        onSelect(officerOf(person));
                      }}
                    >
                      Select
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
