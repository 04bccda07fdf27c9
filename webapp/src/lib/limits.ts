/**
 * Text length limits the server enforces (characters), used as `maxLength` on the inputs so
 * that a form cannot hold more than a save would accept. `limits.test.ts` checks them against
 * the server's OpenAPI description.
 */

/** Roster: a person's name. */
export const PERSON_NAME_MAX = 120;
/** Roster: a callsign as typed (the server stores it without spaces). */
export const CALLSIGN_MAX = 16;
/** Roster: region. */
export const REGION_MAX = 60;
/** Roster: Discord account id. */
export const DISCORD_ID_MAX = 60;
/** Roster edit: what the edit is (e.g. Promotion). */
export const ACTION_MAX = 120;
/** Roster edit: why. */
export const REASON_MAX = 1000;
/** Department management: names of departments, ranks, sub-departments and roles. */
export const STRUCTURE_NAME_MAX = 120;
/** Agency: name. */
export const AGENCY_NAME_MAX = 120;
/** Agency: short name. */
export const AGENCY_SHORT_NAME_MAX = 40;
/** Catalogues (equipment, uniforms): an entry's name; also a section name, an item, an attachment. */
export const CATALOGUE_NAME_MAX = 120;
/** Catalogues: an entry's notes (a uniform's summary) and the text of a gear slot. */
export const CATALOGUE_NOTE_MAX = 1000;
