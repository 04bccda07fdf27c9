/**
 * A whole-number setting's range as the server checks it (hours, days, backups), both ends
 * included. One constant serves the field (`WholeNumberInput`'s `range`) and the form's rule
 * (`wholeIn`), so the two cannot drift apart; each feature's tests check that the refusal
 * sentence (the server's words) names the same range.
 */
export interface WholeRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The whole number a NumberInput holds (a number, or the text typed while it is not one yet:
 * '' when empty) when it lies in `range`; null for a blank field, a fraction, text, or a number
 * outside.
 */
export function wholeIn(value: number | string, range: WholeRange): number | null {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(number) && number >= range.min && number <= range.max ? number : null;
}

/** '1 to 48', or '1 to 100 backups' with a unit. */
export function rangeText(range: WholeRange, unit?: string): string {
  return `${String(range.min)} to ${String(range.max)}${unit === undefined ? '' : ` ${unit}`}`;
}
