/** Reading a validated form in tests: the error Mantine shows in a field. */

/** The error shown under `input` (Mantine links it with `aria-describedby`), or null. */
export function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '').filter((text) => text !== '');
  return input.getAttribute('aria-invalid') === 'true' && texts.length > 0 ? texts.join(' ') : null;
}
