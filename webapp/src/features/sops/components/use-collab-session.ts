import { useEffect, useReducer, useRef, useState } from 'react';
import { WebsocketProvider } from 'y-websocket';
import { Doc } from 'yjs';
import { callFailureOf } from '@/components/catalogue-calls';
import { failureText } from '@/lib/catalogue-failure';
import { getDraft } from '../api/sops';
import {
  collabAddress,
  isFinalStatus,
  isRefusal,
  nextConnectionState,
  NO_LONGER_ALLOWED,
  peopleOf,
  type ConnectionState,
  type Person,
} from '../lib/collab';
import type { CaretUser } from './rich-text';

/** One open shared draft: the Yjs document and its WebSocket provider. */
export interface CollabSession {
  doc: Doc;
  provider: WebsocketProvider;
}

export interface CollabView {
  session: CollabSession;
  state: ConnectionState;
  /** Everyone else editing, from the awareness. */
  people: Person[];
  /** Changes made here that the server may not have yet (made while not live). */
  unsent: boolean;
  /** Whether the document has come from the server at least once (until then there is nothing to edit). */
  loaded: boolean;
  /** When the shared document last changed after the first exchange (ms since the epoch; 0: not yet). */
  changedAt: number;
}

/** y-protocols' query-awareness message (message type 3, nothing else). */
const QUERY_AWARENESS = new Uint8Array([3]);

/** A socket that never opened is checked with the draft call at most this often. */
const PROBE_EVERY_MS = 10_000;

/**
 * Joins the shared draft of document `id` of agency `slug` (the contract of issue 28, stage 2): a Yjs document
 * and y-websocket's `WebsocketProvider` on `/api/sops/{id}/collab`, with this editor's name and
 * colour in the awareness (the server puts the member's own name there). The content comes
 * only from the server. Reports the connection's state, who else is editing and whether
 * changes made here may not have reached the server. A close with 4400–4499 (4403, 4404) is
 * final: y-websocket stops reconnecting and the reason is shown. A socket refused before it
 * opened (a 403 or 404 to the upgrade) gives the browser no reason: the draft call then tells
 * whether the member may still reach the document (a 401, 403 or 404 ends the session too).
 */
export function useCollabSession(slug: string, id: string, user: CaretUser): CollabView {
  // Made once (the dialog keys this by document); connected while mounted.
  const [session] = useState<CollabSession>(() => {
    const doc = new Doc();
    const { serverUrl, room } = collabAddress(window.location, id);
    // The agency as every call of the web app names it (`?agency=`; a socket has no headers). No
    // BroadcastChannel between tabs: everything goes through the server, which checks access.
    const provider = new WebsocketProvider(serverUrl, room, doc, { connect: false, disableBc: true, params: { agency: slug } });
    return { doc, provider };
  });
  const [state, dispatch] = useReducer(nextConnectionState, { kind: 'connecting' });
  const [people, setPeople] = useState<Person[]>([]);
  const [unsent, setUnsent] = useState(false);
  const [changedAt, setChangedAt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const pendingDestroy = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { name, color } = user;

  useEffect(() => {
    session.provider.awareness.setLocalStateField('user', { name, color });
  }, [session, name, color]);

  useEffect(() => {
    const { doc, provider } = session;
    if (pendingDestroy.current !== null) clearTimeout(pendingDestroy.current);
    let opened = false;
    let lastProbe = 0;
    let ended = false;

    const end = (reason: string) => {
      if (ended) return;
      ended = true;
      provider.disconnect();
      dispatch({ type: 'refused', reason });
      setPeople([]);
    };
    const probe = () => {
      lastProbe = Date.now();
      getDraft(id).then(
        () => undefined,
        (error: unknown) => {
          const failure = callFailureOf(error);
          if (failure !== null && isFinalStatus(failure.status)) end(failureText(failure, NO_LONGER_ALLOWED));
        },
      );
    };

    const onStatus = ({ status }: { status: 'connected' | 'disconnected' | 'connecting' }) => {
      if (status === 'connecting') opened = false;
      if (status === 'connected') {
        opened = true;
        dispatch({ type: 'connected' });
      }
      if (status === 'disconnected' && !ended) dispatch({ type: 'dropped' });
    };
    const onSync = (synced: boolean) => {
      if (!synced || ended) return;
      // Ask who is already there (y-protocols' query-awareness message): y-websocket reads one
      // message a frame, so states the server sends along with another message would be missed.
      if (provider.ws?.readyState === WebSocket.OPEN) provider.ws.send(QUERY_AWARENESS);
      // The first exchange after (re)connecting answered the server's state with ours.
      setUnsent(false);
      setLoaded(true);
      dispatch({ type: 'synced' });
    };
    const onConnectionClose = (event: CloseEvent | null) => {
      // Null: closed here (leaving, or y-websocket's silence watchdog, which reconnects).
      if (event === null || ended || isRefusal(event.code)) return;
      dispatch({ type: 'dropped' });
      if (!opened && Date.now() - lastProbe >= PROBE_EVERY_MS) probe();
    };
    const onClosed = ({ code, reason }: { code: number; reason: string }) => {
      ended = true;
      dispatch({ type: 'closed', code, reason });
      setPeople([]);
    };
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (provider.synced) setChangedAt(Date.now());
      if (origin !== provider && !(provider.wsconnected && provider.synced)) setUnsent(true);
    };
    const onAwareness = () => {
      if (!ended) setPeople(peopleOf(provider.awareness.getStates(), doc.clientID));
    };

    // The browser knows the network is gone before the socket does (y-websocket's own watchdog
    // waits 30 s of silence): leave at once, and come back as soon as it returns.
    const onOffline = () => {
      if (ended) return;
      provider.disconnect();
      dispatch({ type: 'dropped' });
    };
    const onOnline = () => {
      if (!ended) provider.connect();
    };

    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    provider.on('status', onStatus);
    provider.on('sync', onSync);
    provider.on('connection-close', onConnectionClose);
    provider.on('closed', onClosed);
    provider.awareness.on('change', onAwareness);
    doc.on('update', onUpdate);
    if (navigator.onLine) provider.connect();
    else dispatch({ type: 'dropped' });
    return () => {
      ended = true;
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      provider.off('status', onStatus);
      provider.off('sync', onSync);
      provider.off('connection-close', onConnectionClose);
      provider.off('closed', onClosed);
      provider.awareness.off('change', onAwareness);
      doc.off('update', onUpdate);
      provider.disconnect();
      // Gone for good unless mounted again at once (React's development double mount); the
      // editor lets go of the document a moment after unmounting.
      pendingDestroy.current = setTimeout(() => {
        provider.destroy();
        doc.destroy();
      }, 1000);
    };
  }, [session, id]);

  return { session, state, people, unsent, loaded, changedAt };
}
