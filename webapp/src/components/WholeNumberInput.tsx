import { NumberInput, type NumberInputProps } from '@mantine/core';

export interface WholeNumberInputProps extends NumberInputProps {
  /**
   * Describe the field by its range, '1 to 100', followed by this word when it is one
   * ('1 to 100 backups'); the field's `description` otherwise.
   */
  describeRange?: boolean | string;
}

/**
 * A count typed in a field (hours, days, backups, a fine): whole, never negative, and a number
 * outside `min`…`max` stays as typed (no clamping when the field is left), so that the form's
 * rule says what is wrong under the field instead of the value changing by itself. Any other
 * NumberInput property is passed on.
 */
export function WholeNumberInput({ describeRange = false, description, ...props }: WholeNumberInputProps) {
  const { min, max } = props;
  const range =
    describeRange !== false && min !== undefined && max !== undefined
      ? `${String(min)} to ${String(max)}${typeof describeRange === 'string' ? ` ${describeRange}` : ''}`
      : null;
  return <NumberInput allowDecimal={false} allowNegative={false} clampBehavior="none" description={range ?? description} {...props} />;
}
