/** Rank level lists (member-portal §3 "Level", §5 "Level lists", §9). */

export interface Level {
  id: string;
  label: string;
}

/** Default levels in ascending order. */
export const DEFAULT_LEVELS: readonly Level[] = Object.freeze([
  { id: 'deputy', label: 'Deputy' },
  { id: 'supervisor', label: 'Supervisor' },
  { id: 'command', label: 'Command' },
  { id: 'high_command', label: 'High Command' },
]);

/** Special navigation-permission level: any signed-in viewer with a roster entry. */
export const NO_LEVEL: Level = Object.freeze({ id: 'no_level', label: 'No level' });

/** 'high_command' → 'High Command'; words split on '_', '-' and spaces. */
export function titleCase(id: string): string {
  return id
    .split(/[\s_-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function entryId(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'number') return String(entry);
  if (entry !== null && typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    const raw = record.id ?? record.value;
    if (typeof raw === 'string') return raw;
    if (typeof raw === 'number') return String(raw);
  }
  return '';
}

function entryLabel(entry: unknown): string {
  if (entry !== null && typeof entry === 'object') {
    const label = (entry as Record<string, unknown>).label;
    if (typeof label === 'string') return label.trim();
  }
  return '';
}

/**
 * Normalises an agency's level list. Entries may be strings or objects `{id|value, label}`;
 * ids are trimmed and lowercased, duplicates and empty ids dropped, a missing label is the id
 * title-cased. An empty (or non-list) input yields the default four levels.
 */
export function normalizeLevels(input: unknown): Level[] {
  const result: Level[] = [];
  if (Array.isArray(input)) {
    const seen = new Set<string>();
    for (const entry of input as unknown[]) {
      const id = entryId(entry).trim().toLowerCase();
      if (id === '' || seen.has(id)) continue;
      seen.add(id);
      result.push({ id, label: entryLabel(entry) || titleCase(id) });
    }
  }
  return result.length > 0 ? result : DEFAULT_LEVELS.map((level) => ({ ...level }));
}

/** Level order used by navigation permissions: the agency's level ids with 'no_level' appended. */
export function navigationLevelOrder(levels: readonly Level[]): string[] {
  const ids = levels.map((level) => level.id).filter((id) => id !== NO_LEVEL.id);
  return [...ids, NO_LEVEL.id];
}
