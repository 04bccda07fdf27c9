import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { structureQueryOptions } from '@/api/structure';
import type { RosterEntry } from '@/api/types';
import { PersonLines, useRosterPick } from '@/components/DeputyPicker';
import { CrossIcon } from '@/components/icons';
import { PickerDialog, SearchList } from '@/components/SearchPicker';
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

/** Who a person picker offers and how it changes the list. */
interface PersonChoice {
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
}

const NO_ONE: readonly PersonRef[] = [];

/**
 * A person picker's list (command-and-reports §2): the agency's roster searched by name,
 * callsign or rank, with Add / Remove per person and Done. In the FTO picker FTO-like members
 * (a role or rank containing 'fto' or 'trainer') come first. Roster failures: 'Unable to load
 * roster' with the server's text or 'Failed to load roster'. People of the other list cannot
 * be added (nobody is both FTO and trainee of one session).
 */
function PersonList({
  ftoFirst: ftosFirst = false,
  people,
  taken = NO_ONE,
  takenNote = '',
  onChange,
  onDone,
}: PersonChoice & { onDone: () => void }) {
  const slug = useActiveSlug();
  // Role names of FTO-like members; a failed structure leaves the roles unnamed.
  const structure = useQuery({ ...structureQueryOptions(slug), enabled: ftosFirst });
  const roleNames = useMemo(() => roleNamesOf(structure.data?.departments ?? []), [structure.data]);
  const order = useCallback((all: RosterEntry[]) => (ftosFirst ? ftoFirst(all, roleNames) : all), [ftosFirst, roleNames]);
  const { roster, list } = useRosterPick(order);

  const isTaken = (entry: RosterEntry) => includesPerson(taken, personOf(entry));
  const toggle = (entry: RosterEntry) => {
    const person = personOf(entry);
    onChange(listsPerson(people, entry) ? people.filter((p) => p.id !== person.id) : addPerson(people, person));
  };

  return (
    <SearchList
      {...list}
      errorTitle={UNABLE_TO_LOAD_ROSTER}
      errorText={() => failureText(roster.error, () => ROSTER_LOAD_FAILED, ROSTER_LOAD_FAILED)}
      noMatchText="No matching members"
      listLabel="Roster"
      itemTestId="picker-person"
      maxHeight="55vh"
      renderItem={(entry) => (
        <>
          <PersonLines
            person={entry}
            badge={
              ftosFirst && isFtoLike(entry, roleNames) ? (
                <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                  FTO
                </Badge>
              ) : undefined
            }
          />
          {isTaken(entry) && takenNote !== '' && (
            <Text size="xs" c="orange" data-testid="picker-taken">
              {takenNote}
            </Text>
          )}
        </>
      )}
      action={(entry) => {
        const listed = listsPerson(people, entry);
        return {
          label: listed ? 'Remove' : 'Add',
          ariaLabel: `${listed ? 'Remove' : 'Add'} ${entry.name}`,
          variant: listed ? 'filled' : 'light',
          color: listed ? 'red' : undefined,
          // Someone listed in both (stored before the rule) can still be removed here.
          disabled: !listed && isTaken(entry),
          onClick: () => {
            toggle(entry);
          },
        };
      }}
      onEnter={(only) => {
        if (!listsPerson(people, only) && !isTaken(only)) toggle(only);
      }}
      footer={
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {people.length === 0 ? 'Nobody chosen' : `${String(people.length)} chosen`}
          </Text>
          <Button onClick={onDone}>Done</Button>
        </Group>
      }
    />
  );
}

export interface PeopleFieldProps extends PersonChoice {
  label: string;
  /** The Add button's text, e.g. 'Add FTO'. */
  addLabel: string;
  pickerTitle: string;
  readOnly?: boolean;
  error?: string | null;
}

/**
 * A list of people (FTOs or trainees) with remove buttons and a picker dialog (full screen on
 * phones) to add more.
 */
export function PeopleField({ label, addLabel, pickerTitle, readOnly = false, error = null, ...choice }: PeopleFieldProps) {
  const { people, onChange } = choice;
  const [picking, setPicking] = useState(false);
  const close = () => {
    setPicking(false);
  };
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
      <PickerDialog opened={picking} onClose={close} title={pickerTitle}>
        <PersonList {...choice} onDone={close} />
      </PickerDialog>
    </Stack>
  );
}
