/**
 * Writing a document together (issue 28, stage 2): where the shared document lives, what the
 * connection's state reads as, who else is editing, and the colour of each editor's caret. Pure.
 */

// ——— Texts (not in the spec) ———

export const CONNECTING = 'Connecting…';
export const LIVE = 'Live: changes are saved as you type';
export const OFFLINE = 'Offline: your changes will be sent when the connection returns';
export const SAVES_ITSELF = 'Changes save themselves as you type, for everyone editing. Members keep reading the published version until you publish.';
export const NOBODY_ELSE = 'No one else is editing.';
export const ALSO_EDITING = 'Also editing:';
export const PUBLISH_NEEDS_CONNECTION = 'Your latest changes have not reached the server yet: publish once the connection returns.';
/** A refusal without a reason of its own (4403, or the socket refused before it opened). */
export const NO_LONGER_ALLOWED = 'You can no longer edit this document.';
export const DOCUMENT_GONE = 'Document not found';

// ——— Where ———

/**
 * The WebSocket of one document's shared draft: `ws(s)://` + the page's host + `/api/sops`,
 * and the room `{id}/collab` (y-websocket's `WebsocketProvider` joins them with a slash).
 */
export function collabAddress(location: { protocol: string; host: string }, id: string): { serverUrl: string; room: string } {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return { serverUrl: `${scheme}://${location.host}/api/sops`, room: `${encodeURIComponent(id)}/collab` };
}

// ——— The connection ———

/**
 * - `connecting`: not yet connected since the editor opened (no attempt has failed);
 * - `live`: connected and in step with the server;
 * - `offline`: the connection dropped or cannot be made; the provider keeps trying;
 * - `refused`: the server closed it for good (4403, 4404, or refused before it opened); the
 *   editor is read-only and nothing reconnects.
 */
export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'offline' }
  | { kind: 'refused'; reason: string };

/** What the provider reports, as the editor reads it. */
export type ConnectionEvent =
  | { type: 'synced' }
  | { type: 'connected' }
  | { type: 'dropped' }
  | { type: 'closed'; code: number; reason: string }
  | { type: 'refused'; reason: string };

/** The server's close codes after which the client stops reconnecting (y-websocket's 4400–4499). */
export function isRefusal(code: number): boolean {
  return code >= 4400 && code < 4500;
}

/** The sentence a refusal shows: the server's reason, else one for its code. */
export function refusalText(code: number, reason: string): string {
  const given = reason.trim();
  if (given !== '') return given;
  return code === 4404 ? DOCUMENT_GONE : NO_LONGER_ALLOWED;
}

/**
 * The next state. A refusal is final; `connected` alone is not yet live (the first exchange
 * brings the document); a close that is not a refusal means offline.
 */
export function nextConnectionState(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  if (state.kind === 'refused') return state;
  switch (event.type) {
    case 'synced':
      return { kind: 'live' };
    case 'connected':
      return state;
    case 'dropped':
      return { kind: 'offline' };
    case 'closed':
      return isRefusal(event.code) ? { kind: 'refused', reason: refusalText(event.code, event.reason) } : { kind: 'offline' };
    case 'refused':
      return { kind: 'refused', reason: event.reason };
  }
}

/** The status line. */
export function connectionText(state: ConnectionState): string {
  switch (state.kind) {
    case 'connecting':
      return CONNECTING;
    case 'live':
      return LIVE;
    case 'offline':
      return OFFLINE;
    case 'refused':
      return state.reason;
  }
}

/** The status badge's colour. */
export function connectionColor(state: ConnectionState): string {
  return { connecting: 'gray', live: 'green', offline: 'orange', refused: 'red' }[state.kind];
}

/**
 * HTTP statuses that say the member may not reach the document any more (signed out, refused,
 * not found): a socket refused before it opened is checked with the draft call, and these end
 * the session like a 4403 would.
 */
export function isFinalStatus(status: number): boolean {
  return status === 401 || status === 403 || status === 404;
}

// ——— People ———

export interface Person {
  clientId: number;
  name: string;
  color: string;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * Everyone else in the document (awareness states with a `user` of a name and a colour), once
 * each by name (one member in two tabs shows once), sorted by name. `own` is this editor's
 * client id.
 */
export function peopleOf(states: ReadonlyMap<number, Record<string, unknown>>, own: number): Person[] {
  const byName = new Map<string, Person>();
  for (const [clientId, state] of states) {
    if (clientId === own) continue;
    const user = state.user;
    if (typeof user !== 'object' || user === null) continue;
    const { name, color } = user as { name?: unknown; color?: unknown };
    if (typeof name !== 'string' || name.trim() === '') continue;
    const trimmed = name.trim();
    if (!byName.has(trimmed)) {
      byName.set(trimmed, { clientId, name: trimmed, color: typeof color === 'string' && HEX_COLOR.test(color) ? color : '#868e96' });
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** Caret colours that read on white and carry white text (Mantine's 7th shades). */
export const CARET_COLORS = ['#1c7ed6', '#e03131', '#2f9e44', '#9c36b5', '#e8590c', '#0c8599', '#c2255c', '#5f3dc4', '#66a80f', '#3b5bdb'] as const;

/** The same colour for the same member everywhere (from their id or name). */
export function caretColor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return CARET_COLORS[hash % CARET_COLORS.length] ?? CARET_COLORS[0];
}
