import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { Doc, XmlElement, XmlText } from 'yjs';
import { DownSocket } from '@/test-utils/down-socket';
import { json } from '@/test-utils/fixtures';
import { useCollabSession } from './use-collab-session';

const JORDAN = { name: 'Jordan Reyes', color: '#1c7ed6' };

describe('useCollabSession without a connection', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', DownSocket);
    // The draft call answers: the member may still edit (the network is what is down).
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ id: 'doc-2' }))));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('joins /api/sops/{id}/collab with the member in the awareness, and goes offline when the socket fails', async () => {
    const opened = DownSocket.opened;
    const { result, unmount } = renderHook(() => useCollabSession('rawlife', 'doc-2', JORDAN));
    expect(result.current.session.provider.url).toBe(`ws://${window.location.host}/api/sops/doc-2/collab?agency=rawlife`);
    expect(result.current.session.provider.awareness.getLocalState()).toMatchObject({ user: JORDAN });
    await waitFor(() => {
      expect(result.current.state).toEqual({ kind: 'offline' });
    });
    expect(DownSocket.opened).toBeGreaterThan(opened);
    expect(result.current.loaded).toBe(false);
    unmount();
  });

  it('counts changes made while not connected as unsent', async () => {
    const { result, unmount } = renderHook(() => useCollabSession('rawlife', 'doc-2', JORDAN));
    expect(result.current.unsent).toBe(false);
    act(() => {
      const paragraph = new XmlElement('paragraph');
      paragraph.insert(0, [new XmlText('Typed offline.')]);
      result.current.session.doc.getXmlFragment('default').insert(0, [paragraph]);
    });
    await waitFor(() => {
      expect(result.current.unsent).toBe(true);
    });
    unmount();
  });

  it('lists the others from the awareness as they come and go', async () => {
    const { result, unmount } = renderHook(() => useCollabSession('rawlife', 'doc-2', JORDAN));
    const other = new Awareness(new Doc());
    other.setLocalStateField('user', { name: 'Alex Mercer', color: '#e03131' });
    act(() => {
      applyAwarenessUpdate(result.current.session.provider.awareness, encodeAwarenessUpdate(other, [other.clientID]), 'remote');
    });
    await waitFor(() => {
      expect(result.current.people.map((p) => p.name)).toEqual(['Alex Mercer']);
    });
    act(() => {
      removeAwarenessStates(other, [other.clientID], 'left');
      applyAwarenessUpdate(result.current.session.provider.awareness, encodeAwarenessUpdate(other, [other.clientID]), 'remote');
    });
    await waitFor(() => {
      expect(result.current.people).toEqual([]);
    });
    unmount();
  });

  it('leaves when the browser goes offline and comes back when it is online again', async () => {
    const { result, unmount } = renderHook(() => useCollabSession('rawlife', 'doc-2', JORDAN));
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current.state).toEqual({ kind: 'offline' });
    expect(result.current.session.provider.shouldConnect).toBe(false);
    const sockets = DownSocket.opened;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(DownSocket.opened).toBe(sockets);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current.session.provider.shouldConnect).toBe(true);
    expect(DownSocket.opened).toBe(sockets + 1);
    unmount();
  });
});
