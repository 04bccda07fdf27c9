import { Alert, Badge, Button, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { rosterQueryOptions } from '@/api/roster';
import { structureQueryOptions } from '@/api/structure';
import type { RosterEntry } from '@/api/types';
import { formatCallsign } from '@/lib/callsign';
import { filterDeputies } from '@/lib/deputy-search';
import {
  addPerson,
  ftoFirst,
  includesPerson,
  isFtoLike,
  listsPerson,
  personOf,
  removePerson,
  ROSTER_LOAD_FAILED,
  roleNamesOf,
  UNABLE_TO_LOAD_ROSTER,
  type PersonRef,
} from '../lib/sessions';
import { CrossIcon } from './icons';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

export interface PersonPickerProps {
  opened: boolean;
  title: string;
  /** FTOs: FTO-like roster members first, marked 'FTO'. */
  ftoFirst?: boolean;
  people: PersonRef[];
  /**
   * People of the session's other list (the trainees in the FTO picker and the other way
   * round): shown but not offered, marked with `takenNote`, since nobody is both.
   */
  taken?: readonly PersonRef[];
  /** What a taken person is marked with, e.g. 'Already a trainee'. */
  takenNote?: string;
  onChange: (people: PersonRef[]) => void;
  onClose: () => void;
}

const NO_ONE: readonly PersonRef[] = [];

/**
 * A person picker dialog (command-and-reports §2): the agency's roster searched by name,
 * callsign or rank, with Add / Remove per person and Done. In the FTO picker FTO-like members
 * (a role or rank containing 'fto' or 'trainer') come first. Roster failures: 'Unable to load
 * roster' with the server's text or 'Failed to load roster'. People of the other list cannot
 * be added (nobody is both FTO and trainee of one session). Full screen on phones.
 */
export function PersonPicker({
  opened,
  title,
  ftoFirst: ftosFirst = false,
  people,
  taken = NO_ONE,
  takenNote = '',
  onChange,
  onClose,
}: PersonPickerProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={phone} closeButtonProps={MODAL_CLOSE}>
      {opened && (
        <PersonList
          ftosFirst={ftosFirst}
          people={people}
          taken={taken}
          takenNote={takenNote}
          onChange={onChange}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function PersonList({
  ftosFirst,
  people,
  taken,
  takenNote,
  onChange,
  onDone,
}: {
  ftosFirst: boolean;
  people: PersonRef[];
  taken: readonly PersonRef[];
  takenNote: string;
  onChange: (people: PersonRef[]) => void;
  onDone: () => void;
}) {
  const slug = useActiveSlug();
  const roster = useQuery(rosterQueryOptions(slug));
  // Role names of FTO-like members; a failed structure leaves the roles unnamed.
  const structure = useQuery({ ...structureQueryOptions(slug), enabled: ftosFirst });
  const [search, setSearch] = useState('');
  const roleNames = useMemo(() => roleNamesOf(structure.data?.departments ?? []), [structure.data]);
  const entries: RosterEntry[] = useMemo(() => {
    const all = roster.data ?? [];
    return ftosFirst ? ftoFirst(all, roleNames) : all;
  }, [roster.data, ftosFirst, roleNames]);
  const matches = filterDeputies(entries, search);

  const isTaken = (entry: RosterEntry) => includesPerson(taken, personOf(entry));
  const toggle = (entry: RosterEntry) => {
    const person = personOf(entry);
    onChange(listsPerson(people, entry) ? people.filter((p) => p.id !== person.id) : addPerson(people, person));
  };

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
            if (only !== undefined && !listsPerson(people, only) && !isTaken(only)) toggle(only);
          }
        }}
      />
      {roster.status === 'pending' ? (
        <Group gap="sm" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading roster…</Text>
        </Group>
      ) : roster.status === 'error' ? (
        <Alert color="red" variant="light" title={UNABLE_TO_LOAD_ROSTER} role="alert">
          {failureText(roster.error, () => ROSTER_LOAD_FAILED, ROSTER_LOAD_FAILED)}
        </Alert>
      ) : matches.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {entries.length === 0 ? 'No one on the roster yet' : 'No matching members'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="55vh" type="auto">
          <Stack gap="xs" role="list" aria-label="Roster">
            {matches.map((entry) => {
              const callsign = formatCallsign(entry.callsign);
              const listed = listsPerson(people, entry);
              // Someone listed in both (stored before the rule) can still be removed here.
              const blocked = !listed && isTaken(entry);
              return (
                <Paper key={entry.id} withBorder p="xs" radius="sm" role="listitem" data-testid="picker-person">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Text fw={600} truncate>
                          {entry.name}
                        </Text>
                        {ftosFirst && isFtoLike(entry, roleNames) && (
                          <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                            FTO
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed" truncate>
                        {[entry.rank ?? '', callsign].filter((part) => part !== '').join(' · ') || '—'}
                      </Text>
                      {isTaken(entry) && takenNote !== '' && (
                        <Text size="xs" c="orange" data-testid="picker-taken">
                          {takenNote}
                        </Text>
                      )}
                    </div>
                    <Button
                      size="xs"
                      variant={listed ? 'filled' : 'light'}
                      color={listed ? 'red' : undefined}
                      disabled={blocked}
                      style={{ flexShrink: 0 }}
                      aria-label={`${listed ? 'Remove' : 'Add'} ${entry.name}`}
                      onClick={() => {
                        toggle(entry);
                      }}
                    >
                      {listed ? 'Remove' : 'Add'}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {people.length === 0 ? 'Nobody chosen' : `${String(people.length)} chosen`}
        </Text>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

export interface PeopleFieldProps {
  label: string;
  /** The Add button's text, e.g. 'Add FTO'. */
  addLabel: string;
  pickerTitle: string;
  ftoFirst?: boolean;
  people: PersonRef[];
  /** The session's other list: its people are not offered by the picker. */
  taken?: readonly PersonRef[];
  takenNote?: string;
  readOnly?: boolean;
  error?: string | null;
  onChange: (people: PersonRef[]) => void;
}

/** A list of people (FTOs or trainees) with remove buttons and a picker dialog to add more. */
export function PeopleField({
  label,
  addLabel,
  pickerTitle,
  ftoFirst: ftosFirst = false,
  people,
  taken = NO_ONE,
  takenNote = '',
  readOnly = false,
  error = null,
  onChange,
}: PeopleFieldProps) {
  const [picking, setPicking] = useState(false);
  const id = `people-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Group justify="space-between" gap="xs">
        <Text fw={500} size="sm" id={id}>
          {label}
        </Text>
        {!readOnly && (
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              setPicking(true);
            }}
          >
            {addLabel}
          </Button>
        )}
      </Group>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody yet
        </Text>
      ) : (
        <Group gap={6} component="ul" m={0} p={0} aria-label={label}>
          {people.map((person) => (
            <Badge
              key={`${person.id}:${person.name}`}
              component="li"
              size="lg"
              variant="light"
              radius="sm"
              tt="none"
              style={{ listStyle: 'none', maxWidth: '100%' }}
              rightSection={
                readOnly ? undefined : (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    px={2}
                    aria-label={`Remove ${person.name || person.id} from ${label}`}
                    onClick={() => {
                      onChange(removePerson(people, person));
                    }}
                  >
                    <CrossIcon size={12} />
                  </Button>
                )
              }
            >
              {person.name || person.id}
            </Badge>
          ))}
        </Group>
      )}
      {error !== null && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <PersonPicker
        opened={picking}
        title={pickerTitle}
        ftoFirst={ftosFirst}
        people={people}
        taken={taken}
        takenNote={takenNote}
        onChange={onChange}
        onClose={() => {
          setPicking(false);
        }}
      />
    </Stack>
  );
}
