import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  countsSummary,
  defaultLine,
  EVERY_HOURS,
  EVERY_HOURS_RANGE,
  exportFileName,
  formatBytes,
  importedLine,
  importRefusalField,
  KEEP,
  KEEP_RANGE,
  passphraseProblem,
  PASSPHRASE_TOO_SHORT,
  scheduleBody,
  scheduleRefusalField,
  scheduleValues,
  transferLine,
  transferPercent,
  validateSchedule,
} from './agency-bundles';
import { rangeText } from './whole-range';

const SETTINGS = { everyHours: 24, keep: 7, usesDefault: true, defaultEveryHours: 24, defaultKeep: 7, nextDueAt: null };

describe('agency bundles', () => {
  it('sizes and transfers', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(34 * 1024 * 1024)).toBe('34 MB');
    expect(formatBytes(1.05 * 1024 ** 3)).toBe('1.05 GB');
    expect(transferLine(2048, null)).toBe('2 KB received');
    expect(transferLine(1024, 4096)).toBe('1 KB of 4 KB');
    expect(transferPercent(1, 4)).toBe(25);
    expect(transferPercent(1, null)).toBeNull();
  });

  it('summarises the counts', () => {
    expect(countsSummary({})).toBe('No rows');
    expect(countsSummary({ roster: 12, reports: 1, audit_events: 1200 })).toBe('12 members · 1 report · 1,213 rows in 3 tables');
    expect(countsSummary({ ranks: 1 })).toBe('1 row in 1 table');
  });

  it('names the file', () => {
    expect(attachmentName('attachment; filename="bcso-2026-11-25.agency.tar.gz"')).toBe('bcso-2026-11-25.agency.tar.gz');
    expect(attachmentName("attachment; filename*=UTF-8''a%20b.agency.tar.gz")).toBe('a b.agency.tar.gz');
    expect(attachmentName(null)).toBeNull();
    expect(exportFileName('bcso', new Date('2026-11-25T10:00:00Z'))).toBe('bcso-2026-11-25.agency.tar.gz');
  });

  it('checks the passphrase', () => {
    expect(passphraseProblem('')).toBeNull();
    expect(passphraseProblem('short')).toBe(PASSPHRASE_TOO_SHORT);
    expect(passphraseProblem('twelve chars')).toBeNull();
  });

  it('reads, checks and sends the schedule', () => {
    expect(scheduleValues(SETTINGS)).toEqual({ scheduled: true, everyHours: 24, keep: 7 });
    expect(scheduleValues({ ...SETTINGS, everyHours: null, usesDefault: false })).toEqual({ scheduled: false, everyHours: 24, keep: 7 });
    expect(validateSchedule({ scheduled: true, everyHours: 169, keep: 0 })).toEqual({ everyHours: EVERY_HOURS_RANGE, keep: KEEP_RANGE });
    expect(validateSchedule({ scheduled: false, everyHours: '', keep: 3 })).toEqual({});
    expect(scheduleBody({ scheduled: false, everyHours: 12, keep: 3 })).toEqual({ everyHours: null, keep: 3 });
    expect(scheduleBody({ scheduled: true, everyHours: 12, keep: 3 })).toEqual({ everyHours: 12, keep: 3 });
    expect(defaultLine(SETTINGS)).toBe('Uses the deployment default (every 24 h, keep 7).');
    expect(defaultLine({ ...SETTINGS, defaultEveryHours: null })).toBe('Uses the deployment default (no scheduled backups, keep 7).');
  });

  it('places the refusals', () => {
    expect(scheduleRefusalField(EVERY_HOURS_RANGE)).toBe('everyHours');
    expect(scheduleRefusalField(KEEP_RANGE)).toBe('keep');
    expect(scheduleRefusalField('Something else.')).toBeNull();
    expect(importRefusalField(409, "An agency with the slug 'bcso' already exists.")).toBe('slug');
    expect(importRefusalField(400, 'Slug may only contain letters, digits and dashes, and may not start or end with a dash.')).toBe('slug');
    expect(importRefusalField(400, "The passphrase does not open this bundle's secrets. Nothing was imported.")).toBe('passphrase');
    expect(importRefusalField(400, 'Choose an agency bundle (.agency.tar.gz) to import.')).toBe('file');
    expect(importRefusalField(400, 'This file is not a complete agency bundle: it is damaged or was cut short. Nothing was imported.')).toBeNull();
  });

  it('tells what was imported', () => {
    expect(importedLine({ name: 'BCSO', slug: 'bcso-2', domainCleared: true, secretsImported: false })).toBe(
      'Agency "BCSO" imported as bcso-2. Its domain was cleared because another agency uses it.',
    );
  });
});

describe('the backup schedule ranges', () => {
  it('are the ranges the refusals name', () => {
    expect(EVERY_HOURS_RANGE).toContain(`${rangeText(EVERY_HOURS)} hours`);
    expect(KEEP_RANGE).toContain(`${rangeText(KEEP)} backups`);
  });
});
