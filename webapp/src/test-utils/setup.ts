import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Mantine needs matchMedia and ResizeObserver, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's autosize Textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
  });
}

Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });
Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', { writable: true, value: vi.fn() });

afterEach(() => {
  cleanup();
});

// findBy… and waitFor wait up to 5 s (the library's default is 1 s): on a loaded 2-core machine
// a lazily loaded screen's first render can take longer than a second. What a test expects is
// unchanged; only how long it waits before failing.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: the rich text editor (ProseMirror) measures ranges and asks which
// element is at a point while it types and scrolls the caret into view.
const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
for (const proto of [Range.prototype, Element.prototype, Text.prototype] as { getClientRects?: unknown; getBoundingClientRect?: unknown }[]) {
  proto.getClientRects ??= noRects;
  proto.getBoundingClientRect ??= emptyRect;
}
(document as { elementFromPoint?: unknown }).elementFromPoint ??= () => null;
