import { describe, expect, it } from 'vitest';
import { chartWeeks } from './my-duty';

describe('chartWeeks', () => {
  it('labels each week by its Monday and rounds the hours, oldest first as given', () => {
    expect(
      chartWeeks([
        { week: '2026-11-30', hours: 0 },
        { week: '2026-12-07', hours: 12.345 },
      ]),
    ).toEqual([
      { week: '30 Nov', hours: 0 },
      { week: '7 Dec', hours: 12.3 },
    ]);
  });
});
