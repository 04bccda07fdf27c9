/**
 * The failure texts of the catalogue screens (equipment, uniforms, documents; member-portal §8,
 * command-and-reports §8): each screen passes its own fallback ('Failed to load equipment',
 * 'Failed to save uniforms', …), the rules are the same everywhere. Pure.
 */

/** What the failure texts need of a failed call (`ApiError` has both); null for a network failure. */
export interface CallFailure {
  status: number;
  /** The server's `error` text, when the body carried one. */
  serverMessage: string | null;
}

/** A refused whole-list save as the screens show it: the text, and whether to offer Reload. */
export interface SaveProblem {
  message: string;
  /** Someone else saved the list first (409): Reload, then save again. */
  stale: boolean;
}

/** 'HTTP {status}'. */
export function httpText(status: number): string {
  return `HTTP ${String(status)}`;
}

/** A member list's load failure (member-portal §8): 'HTTP {status}', or `fallback` when the call failed outright. */
export function memberFailureText(failure: CallFailure | null, fallback: string): string {
  return failure === null ? fallback : httpText(failure.status);
}

/**
 * A management load or save failure (command-and-reports §8): the server's text, else
 * 'HTTP {status}', or `fallback` when the call failed outright (network).
 */
export function failureText(failure: CallFailure | null, fallback: string): string {
  if (failure === null) return fallback;
  return failure.serverMessage ?? httpText(failure.status);
}

/** The three failure texts of a catalogue screen, each from the screen's own fallback. */
export interface CatalogueFailureTexts {
  /** Member list failure (member-portal §8): 'HTTP {status}' or the load fallback. */
  memberLoadErrorText: (failure: CallFailure | null) => string;
  /** Management load failure (command-and-reports §8): the server's text, 'HTTP {status}' or the load fallback. */
  manageLoadErrorText: (failure: CallFailure | null) => string;
  /** Save failure (command-and-reports §8): the server's text, 'HTTP {status}' or the save fallback. */
  saveErrorText: (failure: CallFailure | null) => string;
}

/** The failure texts of a catalogue screen that says `failedToLoad` and `failedToSave` when a call fails outright. */
export function catalogueFailureTexts(failedToLoad: string, failedToSave: string): CatalogueFailureTexts {
  return {
    memberLoadErrorText: (failure) => memberFailureText(failure, failedToLoad),
    manageLoadErrorText: (failure) => failureText(failure, failedToLoad),
    saveErrorText: (failure) => failureText(failure, failedToSave),
  };
}

/** Whether a save was refused because someone else saved the list first (409). */
export function isStale(failure: CallFailure | null): boolean {
  return failure?.status === 409;
}

/** The problem a refused save shows, its text from `text` (the screen's save failure text). */
export function saveProblemOf(failure: CallFailure | null, text: (failure: CallFailure | null) => string): SaveProblem {
  return { message: text(failure), stale: isStale(failure) };
}
