import { describe, expect, it } from 'vitest';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { Doc } from 'yjs';
import {
  CARET_COLORS,
  caretColor,
  collabAddress,
  connectionText,
  isFinalStatus,
  isRefusal,
  nextConnectionState,
  peopleOf,
  refusalText,
  type ConnectionState,
} from './collab';

describe('collabAddress', () => {
  it('is ws(s):// and the page host, /api/sops, and the room {id}/collab', () => {
    expect(collabAddress({ protocol: 'https:', host: 'lspd.example.org' }, 'doc-2')).toEqual({
      serverUrl: 'wss://lspd.example.org/api/sops',
      room: 'doc-2/collab',
    });
    expect(collabAddress({ protocol: 'http:', host: '127.0.0.1:8080' }, 'a b')).toEqual({
      serverUrl: 'ws://127.0.0.1:8080/api/sops',
      room: 'a%20b/collab',
    });
  });
});

describe('the connection state', () => {
  const connecting: ConnectionState = { kind: 'connecting' };
  const run = (...events: Parameters<typeof nextConnectionState>[1][]) => events.reduce(nextConnectionState, connecting);

  it('reads Connecting… until the first exchange, then Live', () => {
    expect(connectionText(connecting)).toBe('Connecting…');
    expect(connectionText(run({ type: 'connected' }))).toBe('Connecting…');
    expect(connectionText(run({ type: 'connected' }, { type: 'synced' }))).toBe('Live: changes are saved as you type');
  });

  it('reads Offline when the connection drops or cannot be made, and Live again once back', () => {
    const offline = run({ type: 'connected' }, { type: 'synced' }, { type: 'dropped' });
    expect(connectionText(offline)).toBe('Offline: your changes will be sent when the connection returns');
    expect(connectionText(run({ type: 'closed', code: 1006, reason: '' }))).toBe(
      'Offline: your changes will be sent when the connection returns',
    );
    expect(connectionText(nextConnectionState(offline, { type: 'synced' }))).toBe('Live: changes are saved as you type');
  });

  it("shows the server's reason for 4403 and 4404, and stays there", () => {
    const refused = run({ type: 'connected' }, { type: 'synced' }, { type: 'closed', code: 4403, reason: 'You can no longer manage documents.' });
    expect(refused).toEqual({ kind: 'refused', reason: 'You can no longer manage documents.' });
    expect(connectionText(refused)).toBe('You can no longer manage documents.');
    // Nothing that comes after (a late event of the old socket) brings it back.
    expect(run({ type: 'closed', code: 4404, reason: 'Document not found' }, { type: 'connected' }, { type: 'synced' })).toEqual({
      kind: 'refused',
      reason: 'Document not found',
    });
  });

  it('gives a refusal without a reason a sentence of its own', () => {
    expect(refusalText(4403, '  ')).toBe('You can no longer edit this document.');
    expect(refusalText(4404, '')).toBe('Document not found');
    expect(refusalText(4403, ' On leave. ')).toBe('On leave.');
  });

  it('treats 4400–4499 as final (as y-websocket does) and other codes as a dropped connection', () => {
    expect([4400, 4403, 4404, 4499].map(isRefusal)).toEqual([true, true, true, true]);
    expect([1000, 1006, 1011, 4500, 4399].map(isRefusal)).toEqual([false, false, false, false, false]);
    expect([401, 403, 404].map(isFinalStatus)).toEqual([true, true, true]);
    expect([0, 409, 500, 502].map(isFinalStatus)).toEqual([false, false, false, false]);
  });
});

describe('peopleOf', () => {
  /** Another editor's awareness, as it reaches this one (through y-protocols' own encoding). */
  function joined(into: Awareness, user: unknown) {
    const other = new Awareness(new Doc());
    other.setLocalStateField('user', user);
    applyAwarenessUpdate(into, encodeAwarenessUpdate(other, [other.clientID]), 'remote');
    return other.clientID;
  }

  it('lists everyone else by name with their colour, once each, sorted; not this editor nor states without a name', () => {
    const mine = new Awareness(new Doc());
    mine.setLocalStateField('user', { name: 'Jordan Reyes', color: '#1c7ed6' });
    const alex = joined(mine, { name: 'Alex Mercer', color: '#e03131' });
    joined(mine, { name: 'alex Mercer', color: '#2f9e44' });
    joined(mine, { name: 'Alex Mercer', color: '#2f9e44' });
    joined(mine, { name: ' ', color: '#2f9e44' });
    joined(mine, 'not a user');
    joined(mine, { name: 'Casey Nguyen', color: 'red; background: url(x)' });
    const people = peopleOf(mine.getStates(), mine.clientID);
    expect(people.map((p) => [p.name, p.color])).toEqual([
      ['Alex Mercer', '#e03131'],
      ['alex Mercer', '#2f9e44'],
      ['Casey Nguyen', '#868e96'],
    ]);
    expect(people[0]?.clientId).toBe(alex);
  });

  it('is empty when no one else is there', () => {
    const mine = new Awareness(new Doc());
    mine.setLocalStateField('user', { name: 'Jordan Reyes', color: '#1c7ed6' });
    expect(peopleOf(mine.getStates() as Map<number, Record<string, unknown>>, mine.clientID)).toEqual([]);
  });
});

describe('caretColor', () => {
  it('gives the same member the same colour, from the palette', () => {
    expect(caretColor('100000000000000002')).toBe(caretColor('100000000000000002'));
    expect(CARET_COLORS).toContain(caretColor('100000000000000001'));
    expect(CARET_COLORS).toContain(caretColor(''));
    const colours = new Set(['1', '2', '3', '4', '5', '6', '7', '8'].map((d) => caretColor(`10000000000000000${d}`)));
    expect(colours.size).toBeGreaterThan(1);
  });
});
