import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/analytics';
import { dutyTable, monthLabel, reportsTable, strengthTable, weekLabel } from './tables';

describe('analytics tables', () => {
  it('lists the months and weeks of the answers as rows', () => {
    expect(strengthTable({ months: [{ month: '2026-11', hires: 2, departures: 1, promotions: 0, demotions: 0 }] }).rows).toEqual([['2026-11', 2, 1, 0, 0]]);
    expect(reportsTable({ weeks: [{ week: '2026-11-16', isoWeek: '2026-W47', arrests: 3, tickets: 4, useOfForce: 1 }] }).rows).toEqual([
      ['2026-W47', '2026-11-16', 3, 4, 1],
    ]);
  });

  it('names each department’s hours in one cell, quoted in the CSV', () => {
    const table = dutyTable({
      weeks: [{ week: '2026-11-16', isoWeek: '2026-W47', hours: 12.456, departments: [{ department: 'Patrol, North', hours: 10 }, { department: null, hours: 2.456 }] }],
    });
    expect(table.rows[0]).toEqual(['2026-W47', '2026-11-16', 12.46, 'Patrol, North: 10; No department: 2.5']);
    expect(toCsv(table.columns, table.rows)).toBe('Week,Monday,Hours,By department\r\n2026-W47,2026-11-16,12.46,"Patrol, North: 10; No department: 2.5"\r\n');
  });

  it('shortens ISO weeks for the axis', () => {
    expect(weekLabel('2026-W07')).toBe('W07');
    expect(weekLabel('odd')).toBe('odd');
    expect(monthLabel('2026-11-01')).toBe('Nov 2026');
    expect(monthLabel('2026-01')).toBe('Jan 2026');
  });
});
