import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { rosterQueryOptions } from '@/api/roster';
import type { RosterEntry } from '@/api/types';
import { formatCallsign } from '@/lib/callsign';
import { filterDeputies, officerOf, type PickedOfficer } from '@/lib/deputy-search';
import { PickerDialog, SearchList, type SearchListProps } from './SearchPicker';

export type { PickedOfficer } from '@/lib/deputy-search';

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
  return (
    <PickerDialog opened={opened} onClose={onClose} title={title}>
      <DeputyList
        onSelect={(officer) => {
          onSelect(officer);
          onClose();
        }}
      />
    </PickerDialog>
  );
}

/**
 * What every roster picker (Select Deputy, training's FTOs and trainees) takes from the roster
 * (`GET /api/roster`): its query, the people (in `order` when given), and the search list's
 * shared parts: loading, the search over name, callsign and rank, the empty text and the keys.
 */
export function useRosterPick(order?: (people: RosterEntry[]) => RosterEntry[]) {
  const slug = useActiveSlug();
  const roster = useQuery(rosterQueryOptions(slug));
  const people = useMemo(() => {
    const all = roster.data ?? [];
    return order === undefined ? all : order(all);
  }, [roster.data, order]);
  const list = {
    status: roster.status,
    loadingText: 'Loading roster…',
    total: people.length,
    matching: (search: string) => filterDeputies(people, search),
    searchPlaceholder: 'Name, callsign or rank',
    emptyText: 'No one on the roster yet',
    keyOf: (person: RosterEntry) => person.id,
  } satisfies Partial<SearchListProps<RosterEntry>>;
  return { roster, people, list };
}

function DeputyList({ onSelect }: { onSelect: (officer: PickedOfficer) => void }) {
  const { roster, list } = useRosterPick();
  const pick = (person: RosterEntry) => {
    onSelect(officerOf(person));
  };
  return (
    <SearchList
      {...list}
      errorTitle="Roster unavailable"
      errorText={() => messageOf(roster.error, 'Failed to load roster')}
      noMatchText="No matching deputies"
      listLabel="Deputies"
      renderItem={(person) => <PersonLines person={person} />}
      action={(person) => ({
        label: 'Select',
        ariaLabel: `Select ${person.name}`,
        onClick: () => {
          pick(person);
        },
      })}
      onEnter={pick}
    />
  );
}

/** A roster member's name over their rank and callsign, as every people picker shows them. */
export function PersonLines({ person, badge }: { person: RosterEntry; badge?: ReactNode }) {
  const callsign = formatCallsign(person.callsign);
  return (
    <>
      {badge === undefined ? (
        <Text fw={600} truncate>
          {person.name}
        </Text>
      ) : (
        <div style={{ display: 'flex', gap: 6, alignItems: 'center', minWidth: 0 }}>
          <Text fw={600} truncate>
            {person.name}
          </Text>
          {badge}
        </div>
      )}
      <Text size="sm" c="dimmed" truncate>
        {[person.rank ?? '', callsign].filter((part) => part !== '').join(' · ') || '—'}
      </Text>
    </>
  );
}
