import { NumberInput, type NumberInputProps } from '@mantine/core';
import { rangeText, type WholeRange } from '@/lib/whole-range';

export interface WholeNumberInputProps extends Omit<NumberInputProps, 'min' | 'max'> {
  /**
   * The numbers the field takes. The field is described by it ('1 to 100', followed by `unit`
   * when given: '1 to 100 backups') unless it has a `description` of its own (`null`: none).
   */
  range: WholeRange;
  unit?: string;
}

/**
 * A count typed in a field (hours, days, backups, a fine): whole, never negative, and a number
 * outside its range stays as typed (no clamping when the field is left), so that the form's
 * rule says what is wrong under the field instead of the value changing by itself. Any other
 * NumberInput property is passed on.
 */
export function WholeNumberInput({ range, unit, description, ...props }: WholeNumberInputProps) {
  const shown = description === undefined ? rangeText(range, unit) : description;
  return <NumberInput allowDecimal={false} allowNegative={false} clampBehavior="none" min={range.min} max={range.max} description={shown} {...props} />;
}
