import { onTestFinished, vi } from 'vitest';

/**
 * Until the end of the current test, every `max-width` media query matches, as on a phone
 * (390 px wide): for screens that start differently there (`useMediaQuery`). The stand-in
 * has the shape of the one in `setup.ts`, which it puts back afterwards.
 */
export function emulatePhone(): void {
  const desktop = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  });
  onTestFinished(() => {
    if (desktop !== undefined) Object.defineProperty(window, 'matchMedia', desktop);
  });
}
