/**
 * The rank-escalation rule as the web app applies it, so that screens offer only what the
 * server accepts (README "Access rules"; the server decides, these functions only hide what
 * it would refuse). Pure.
 *
 * - Members on leave of absence (`canManage` false) change nothing.
 * - A manager adds, edits, promotes or demotes only people whose current and new rank levels
 *   are in `assignableLevels` (below their own level; High Command: every level). A person
 *   without a rank counts as the top level.
 * - Nobody changes their own rank, level or status.
 * - A rank is created with, or changed to, an assignable level only; a rank whose level is not
 *   assignable keeps its level. Ranks at the agency's top level (the last of its levels, or a
 *   level the agency does not know) are High Command's alone: editing or deleting them, or
 *   deleting a department that holds one.
 */

export const LOA_NOTICE = 'Members on leave of absence (LOA) can view the portal but cannot change anything.';
export const OWN_ENTRY_HINT = 'You cannot change your own rank, level or status.';

/** What the rule needs to know about the viewer (the `viewer` of GET /api/nav-permissions). */
export interface RankViewer {
  isAuthenticated: boolean;
  isHighCommand?: boolean;
  /** False on leave of absence. */
  canManage: boolean;
  /** Level ids this viewer may give to people and ranks. */
  assignableLevels: readonly string[];
  /** Discord id of the signed-in user. */
  userId?: string | null;
  /** The viewer's roster entry in the agency. */
  roster?: { id: number } | null;
}

type Viewer = RankViewer | null | undefined;

const normalize = (level: string): string => level.trim().toLowerCase();

/** The viewer when they may change anything at all (signed in, not on leave), else null. */
function writer(viewer: Viewer): RankViewer | null {
  return viewer?.isAuthenticated === true && viewer.canManage ? viewer : null;
}

/** Signed in and not on leave: may change what their other permissions allow. */
export function canWrite(viewer: Viewer): boolean {
  return writer(viewer) !== null;
}

/** Signed in but on leave of absence: the LOA notice applies. */
export function isOnLeave(viewer: Viewer): boolean {
  return viewer?.isAuthenticated === true && !viewer.canManage;
}

/** Whether the viewer may give any level at all (add people, create ranks). */
export function hasAssignableLevels(viewer: Viewer): boolean {
  return (writer(viewer)?.assignableLevels.length ?? 0) > 0;
}

/** Whether the viewer is High Command of the agency (and may therefore write). */
function isHighCommand(viewer: Viewer): boolean {
  return writer(viewer)?.isHighCommand === true;
}

/** The agency's top level: the last of its levels (lowest first). */
export function topLevelOf(levels: readonly { id: string }[]): string | null {
  return levels.at(-1)?.id ?? null;
}

/** Whether `level` is the agency's top level; a missing or unknown level counts as the top. */
export function isTopLevel(level: string | null | undefined, levels: readonly { id: string }[]): boolean {
  if (level == null || level.trim() === '') return true;
  const ids = levels.map((entry) => normalize(entry.id));
  const position = ids.indexOf(normalize(level));
  return position === -1 || position === ids.length - 1;
}

/** Whether the viewer may give `level` to a person or a rank. */
export function canAssignLevel(viewer: Viewer, level: string | null | undefined): boolean {
  const editor = writer(viewer);
  if (editor === null || level == null) return false;
  const wanted = normalize(level);
  return editor.assignableLevels.some((assignable) => normalize(assignable) === wanted);
}

/** Whether `person` is one of the viewer's own roster entries. */
export function isOwnEntry(viewer: Viewer, person: { id: number; discordId?: string | null }): boolean {
  if (viewer == null) return false;
  if (viewer.roster?.id === person.id) return true;
  const userId = viewer.userId?.trim() ?? '';
  return userId !== '' && person.discordId?.trim() === userId;
}

/**
 * Whether the viewer may open `person` for editing: their current level (the top level when
 * they hold no rank) must be assignable. High Command may edit anyone, their own entry too
 * (without its rank, department and status).
 */
export function canEditPerson(
  viewer: Viewer,
  person: { id: number; level?: string | null; discordId?: string | null },
  levels: readonly { id: string }[],
): boolean {
  if (!canWrite(viewer)) return false;
  if (isHighCommand(viewer)) return true;
  if (isOwnEntry(viewer, person)) return false;
  const current = person.level?.trim() ? person.level : topLevelOf(levels);
  return canAssignLevel(viewer, current);
}

/**
 * The departments with only the ranks whose level the viewer may assign (every department
 * stays, possibly without ranks). `keepRankId` stays listed whatever its level: the rank a
 * person already holds, shown while it cannot be changed.
 */
export function assignableRanks<D extends { ranks: readonly { id: string; level: string }[] }>(
  departments: readonly D[],
  viewer: Viewer,
  keepRankId: string | null = null,
): (Omit<D, 'ranks'> & { ranks: D['ranks'][number][] })[] {
  return departments.map((department) => ({
    ...department,
    ranks: department.ranks.filter((rank) => rank.id === keepRankId || canAssignLevel(viewer, rank.level)),
  }));
}

/** Whether the viewer may edit or delete a rank at `level` (top-level ranks: High Command only). */
export function canEditRank(viewer: Viewer, level: string, levels: readonly { id: string }[]): boolean {
  if (!canWrite(viewer)) return false;
  return isHighCommand(viewer) || !isTopLevel(level, levels);
}

/** Whether the viewer may change the level of a rank currently at `level`. */
export function canChangeRankLevel(viewer: Viewer, level: string): boolean {
  return canAssignLevel(viewer, level);
}

/** Whether the viewer may delete a department (one holding a top-level rank: High Command only). */
export function canDeleteDepartment(
  viewer: Viewer,
  department: { ranks: readonly { level: string }[] },
  levels: readonly { id: string }[],
): boolean {
  return canWrite(viewer) && department.ranks.every((rank) => canEditRank(viewer, rank.level, levels));
}

/**
 * The level choices of a rank dialog: the assignable levels, in the agency's order. `current`
 * (an edited rank's level) is kept so that a select that may not change it still shows it.
 */
export function assignableLevelOptions<L extends { id: string }>(
  levels: readonly L[],
  viewer: Viewer,
  current: string | null = null,
): L[] {
  return levels.filter((level) => level.id === current || canAssignLevel(viewer, level.id));
}
