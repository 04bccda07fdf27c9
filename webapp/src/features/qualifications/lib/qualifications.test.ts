import { describe, expect, it } from 'vitest';
import { rangeText } from '@/lib/whole-range';
import { BAD_DAYS, BAD_VALIDITY, expiringDays, EXPIRING_DAYS, formErrors, VALIDITY_DAYS } from './qualifications';

describe('qualification days', () => {
  it('are the ranges the refusals name', () => {
    expect(BAD_VALIDITY).toContain(`${rangeText(VALIDITY_DAYS)} days`);
    expect(BAD_DAYS).toContain(`from ${rangeText(EXPIRING_DAYS)}`);
  });

  it('takes a whole number of days in range, for the expiring list and a validity', () => {
    expect(expiringDays('30')).toBe(30);
    expect(expiringDays(366)).toBeNull();
    expect(expiringDays('')).toBeNull();
    const values = { name: 'Taser', description: '', validity: 'expires' as const, days: 3651, badge: '', templateId: null };
    expect(formErrors(values).days).toBe(BAD_VALIDITY);
    expect(formErrors({ ...values, days: 3650 }).days).toBeUndefined();
    expect(formErrors({ ...values, validity: 'never' as const, days: '' }).days).toBeUndefined();
  });
});
