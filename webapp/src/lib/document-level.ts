/**
 * The document-level rule (SOPs and presentations), as the server applies it
 * (`server/src/access/document_level.rs`); both are tested against the same cases
 * (`server/src/access/cases/document_level.json`).
 *
 * A document is for its minimum level and every level above it (`levels` lowest first). A blank
 * minimum is the lowest level; an unknown one counts as the top. A viewer without a level
 * reaches only documents of the lowest level; an unknown viewer level reaches nothing.
 */
export function reachesLevel(levels: readonly string[], viewer: string | null, min: string): boolean {
  const wanted = min.trim().toLowerCase();
  const found = levels.indexOf(wanted);
  const needed = wanted === '' ? 0 : found === -1 ? Math.max(levels.length - 1, 0) : found;
  if (viewer === null) return needed === 0;
  const mine = levels.indexOf(viewer);
  return mine !== -1 && mine >= needed;
}
