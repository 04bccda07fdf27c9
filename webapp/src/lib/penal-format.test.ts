import { describe, expect, it } from 'vitest';
import { filterPenalCodes, formatCustodyRange, formatFineRange, formatMonths, formatUsd } from './penal-format';

describe('formatUsd', () => {
  it('shows US dollars without decimals', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(1500)).toBe('$1,500');
    expect(formatUsd(2500000)).toBe('$2,500,000');
    expect(formatUsd(99.6)).toBe('$100');
  });
});

describe('formatFineRange', () => {
  it('shows a range, N+, Up to N, one amount or None', () => {
    expect(formatFineRange(250, 1000)).toBe('$250 – $1,000');
    expect(formatFineRange(500, undefined)).toBe('$500+');
    expect(formatFineRange(0, 1000)).toBe('Up to $1,000');
    expect(formatFineRange(undefined, 1000)).toBe('Up to $1,000');
    expect(formatFineRange(500, 500)).toBe('$500');
    expect(formatFineRange(0, 0)).toBe('None');
    expect(formatFineRange(undefined, null)).toBe('None');
  });
});

describe('formatCustodyRange', () => {
  it('shows months as a range, N+, Up to N, one value or None', () => {
    expect(formatCustodyRange(1, 6)).toBe('1 – 6 months');
    expect(formatCustodyRange(24, undefined)).toBe('24+ months');
    expect(formatCustodyRange(0, 6)).toBe('Up to 6 months');
    expect(formatCustodyRange(0, 1)).toBe('Up to 1 month');
    expect(formatCustodyRange(3, 3)).toBe('3 months');
    expect(formatCustodyRange(1, 1)).toBe('1 month');
    expect(formatCustodyRange(0, 0)).toBe('None');
    expect(formatMonths(2)).toBe('2 months');
  });
});

describe('filterPenalCodes', () => {
  const ITEMS = [
    { statute: 'PC 101', title: 'Assault', description: 'Threatening violent injury.', category: 'Persons', classification: 'Misdemeanor' },
    { statute: 'PC 201', title: 'Petty Theft', description: 'Taking property.', category: 'Theft', classification: 'Misdemeanor' },
    { statute: 'VC 301', title: 'Speeding', category: 'Traffic', classification: 'Infraction' },
  ];
  const statutes = (list: { statute: string }[]) => list.map((item) => item.statute);

  it('searches statute, title, description and classification in any case', () => {
    expect(statutes(filterPenalCodes(ITEMS, 'assault', null))).toEqual(['PC 101']);
    expect(statutes(filterPenalCodes(ITEMS, 'pc201', null))).toEqual(['PC 201']);
    expect(statutes(filterPenalCodes(ITEMS, 'PROPERTY', null))).toEqual(['PC 201']);
    expect(statutes(filterPenalCodes(ITEMS, 'infraction', null))).toEqual(['VC 301']);
    expect(statutes(filterPenalCodes(ITEMS, ' ', null))).toEqual(['PC 101', 'PC 201', 'VC 301']);
  });

  it('keeps only the chosen category', () => {
    expect(statutes(filterPenalCodes(ITEMS, '', 'Traffic'))).toEqual(['VC 301']);
    expect(statutes(filterPenalCodes(ITEMS, 'theft', 'Traffic'))).toEqual([]);
    expect(statutes(filterPenalCodes(ITEMS, '', ''))).toHaveLength(3);
  });
});
