/**
 * The 'Select Deputy' picker's rules (member-portal §2.11, command-and-reports §2): search by
 * name, callsign or rank, case-insensitively; a picked person becomes an officer row. Pure.
 */

import { formatCallsign } from './callsign';

/** What the picker needs of a roster entry. */
export interface DeputyCandidate {
  name: string;
  rank?: string | null;
  callsign?: string | null;
}

/** An officer row of a report: name, rank, callsign. */
export interface PickedOfficer {
  name: string;
  rank: string;
  callsign: string;
}

/** Callsign as a report stores what was typed: spaces and dashes stripped (§5 "Callsign input"). */
export function compactCallsign(raw: string | null | undefined): string {
  return (raw ?? '').replace(/[\s-]+/g, '');
}

/**
 * True when `query` (trimmed, any case) is found in the name, the rank or the callsign — the
 * callsign as stored, as displayed ('B-12') or compact ('B12'), so 'b12', 'B-12' and '12' all
 * find B-12. A blank query matches everyone.
 */
export function matchesDeputy(person: DeputyCandidate, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const callsign = person.callsign ?? '';
  const haystacks = [person.name, person.rank ?? '', callsign, formatCallsign(callsign), compactCallsign(callsign)];
  const compactNeedle = compactCallsign(needle);
  return haystacks.some(
    (text) =>
      text.toLowerCase().includes(needle) ||
      (compactNeedle !== '' && compactCallsign(text).toLowerCase().includes(compactNeedle)),
  );
}

/** The people matching `query`, in the roster's order. */
export function filterDeputies<T extends DeputyCandidate>(people: readonly T[], query: string): T[] {
  return people.filter((person) => matchesDeputy(person, query));
}

/** The officer row of a picked person (callsign compact, as the input keeps it). */
export function officerOf(person: DeputyCandidate): PickedOfficer {
  return { name: person.name.trim(), rank: (person.rank ?? '').trim(), callsign: compactCallsign(person.callsign) };
}
