/**
 * The network as the screen tests have it: no server answers WebSocket upgrades, so every
 * socket fails as a dropped connection does (close code 1006), a moment after it is made.
 */
export class DownSocket {
  static opened = 0;
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly OPEN = 1;
  readyState = 0;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    DownSocket.opened += 1;
    setTimeout(() => {
      this.readyState = 3;
      this.onerror?.(new Event('error'));
      this.onclose?.(new CloseEvent('close', { code: 1006, reason: '' }));
    }, 10);
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
