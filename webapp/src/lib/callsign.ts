/** Callsign display (member-portal §2.6): letters, dash, digits with at least two digits. Pure. */

/**
 * 'b12' → 'B-12', 'BCSO 7' → 'BCSO-07', 'L-5' → 'L-05'. Values that are not letters followed
 * by digits are shown trimmed as they are; blank → ''.
 */
export function formatCallsign(raw: string | null | undefined): string {
  const compact = (raw ?? '').replace(/[\s-]+/g, '');
  const match = /^([a-z]+)(\d+)$/i.exec(compact);
  if (match === null) return (raw ?? '').trim();
  const [, letters = '', digits = ''] = match;
  return `${letters.toUpperCase()}-${digits.padStart(2, '0')}`;
}
