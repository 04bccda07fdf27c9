/**
 * The entries of the catalogues (vehicles, equipment, uniforms) and their whole-list edits:
 * the screens change one entry and save the whole list at the version they read
 * (command-and-reports §4, §7). Pure.
 */

/** The fields every catalogue entry has (command-and-reports §2), as the editors hold them. */
export interface CatalogueBasics {
  name: string;
  image: string;
  notes: string;
  allowedRanks: string[];
  /** Qualification ids a member must hold as well (issue 23). */
  requiredQualifications: string[];
}

/** A catalogue entry as the API holds it: every field but the name may be missing. */
export interface CatalogueEntryLike extends Partial<CatalogueBasics> {
  /** Absent or '' for an entry the server has not stored yet. */
  id?: string;
  name: string;
}

/**
 * The list after a save of `entry`: it replaces the entry with the same id, or is appended
 * when it is new (blank id) or no longer in the list (someone else removed it).
 */
export function withEntry<T extends { id?: string }>(list: readonly T[], entry: T): T[] {
  const id = entry.id ?? '';
  if (id === '' || !list.some((current) => current.id === id)) return [...list, entry];
  return list.map((current) => (current.id === id ? entry : current));
}

/** The list without the entry with id `id`. */
export function withoutEntry<T extends { id?: string }>(list: readonly T[], id: string): T[] {
  return list.filter((current) => current.id !== id);
}

/** '1 section', '3 sections': a count and its noun, in the plural unless the count is one. */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${count === 1 ? singular : plural}`;
}
