/**
 * Supervisor → Applications (issue 26): the board of a form by stage, the moves an application
 * may make, the applicant's account age and the vote tally, and the applicant's status texts.
 * Pure.
 */

export const BOARD_TITLE = 'Applications';
export const BOARD_DESCRIPTION = 'Applications to the forms you review, by stage. Drag a card to another stage, or open it to read, note, vote and move it.';
export const BOARD_UNAVAILABLE = 'Failed to load applications';
export const NO_REVIEWED_FORMS = 'You review no application forms.';
export const NO_APPLICATIONS_IN_STAGE = 'No applications';
export const OWN_APPLICATION = 'Your own application: someone else reviews it.';

export interface StageLike {
  id: number;
  name: string;
  kind: string;
}

export interface ApplicationLike {
  id: number;
  formId: number;
  stageId: number;
  createdAt: string;
}

export interface BoardColumn<S extends StageLike, A extends ApplicationLike> {
  stage: S;
  applications: A[];
}

/**
 * The columns of form `formId`: its stages in order, each with its applications, oldest first
 * (the first come is read first). Applications of other forms, or of a stage the form no longer
 * lists, are left out.
 */
export function boardColumns<S extends StageLike, A extends ApplicationLike>(
  stages: readonly S[],
  applications: readonly A[],
  formId: number,
): BoardColumn<S, A>[] {
  return stages.map((stage) => ({
    stage,
    applications: applications
      .filter((application) => application.formId === formId && application.stageId === stage.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id),
  }));
}

/** The stages an application in `currentStageId` may move to: every other stage, in order. */
export function moveTargets<S extends StageLike>(stages: readonly S[], currentStageId: number): S[] {
  return stages.filter((stage) => stage.id !== currentStageId);
}

/** The board with application `applicationId` moved to `stageId` (what the screen shows while the move is sent). */
export function movedLocally<A extends ApplicationLike>(applications: readonly A[], applicationId: number, stageId: number): A[] {
  return applications.map((application) => (application.id === applicationId ? { ...application, stageId } : application));
}

/** The stage a drop landed on: a column (`stage-{id}`) or a card of it (`application-{id}`). */
export function dropStage(overId: string | null, applications: readonly ApplicationLike[]): number | null {
  if (overId === null) return null;
  const stage = /^stage-(\d+)$/.exec(overId);
  if (stage) return Number(stage[1]);
  const card = /^application-(\d+)$/.exec(overId);
  if (card) return applications.find((application) => application.id === Number(card[1]))?.stageId ?? null;
  return null;
}

/** '2 years', '1 year', '5 months', '12 days', 'today': how long the Discord account had existed. */
export function accountAgeText(days: number): string {
  if (days < 1) return 'less than a day';
  if (days >= 365) {
    const years = Math.floor(days / 365);
    return `${String(years)} ${years === 1 ? 'year' : 'years'}`;
  }
  if (days >= 60) return `${String(Math.floor(days / 30))} months`;
  return `${String(days)} ${days === 1 ? 'day' : 'days'}`;
}

/** An account younger than this many days is flagged to the reviewers. */
export const YOUNG_ACCOUNT_DAYS = 30;

/** '2 for · 1 against', 'No votes'. */
export function tallyText(votesFor: number, votesAgainst: number): string {
  if (votesFor === 0 && votesAgainst === 0) return 'No votes';
  return `${String(votesFor)} for · ${String(votesAgainst)} against`;
}

/** The colour of a stage's kind. */
export function stageColor(kind: string): string {
  if (kind === 'accepted') return 'green';
  if (kind === 'denied') return 'red';
  return 'blue';
}

/** What the applicant reads of their application's stage. */
export function statusText(application: { stageKind: string; hired: boolean; stage: string }): string {
  if (application.hired) return 'Hired: welcome aboard. You are on the roster now.';
  if (application.stageKind === 'accepted') return 'Accepted: command will put you on the roster.';
  if (application.stageKind === 'denied') return 'Denied. You may apply again.';
  return `Under review: ${application.stage}.`;
}
