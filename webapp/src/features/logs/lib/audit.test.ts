import { describe, expect, it } from 'vitest';
import { rangeText } from '@/lib/whole-range';
import { structure } from '@/test-utils/organisation';
import { actionLabel, auditParams, BAD_RETENTION, diffRows, fieldLabel, humanize, kindLabel, NO_FILTERS, RETENTION_DAYS, valueText } from './audit';
import { structureNames } from './roster-logs';

/** The demo's Headquarters and Patrol Division (Sergeant, Deputy, K9 Unit, Field Training Officer, …). */
const names = structureNames(structure());

describe('the audit view', () => {
  it('makes field paths readable and names structure paths', () => {
    expect(humanize('supervisorSignedBy')).toBe('Supervisor signed by');
    expect(humanize('rankId')).toBe('Rank');
    expect(humanize('incident_date')).toBe('Incident date');
    expect(fieldLabel('roster', 'rankId', names)).toBe('Rank');
    expect(fieldLabel('agency', 'theme.primary', names)).toBe('Theme › Primary');
    expect(fieldLabel('structure', 'patrol.ranks.patrol-sgt.level', names)).toBe('Patrol Division › Sergeant › Level');
    expect(fieldLabel('structure', 'patrol.subDepartments.patrol-sub-2', names)).toBe('Patrol Division › K9 Unit');
    expect(fieldLabel('structure', 'patrol.name', names)).toBe('Patrol Division › Name');
    // An id the structure no longer has stays shown as the id.
    expect(fieldLabel('structure', 'gone.ranks.r1.name', names)).toBe('gone › r1 › Name');
  });

  it('shows values by name, lists joined, empties as a dash', () => {
    expect(valueText('rankId', 'patrol-sgt', names)).toBe('Sergeant');
    expect(valueText('allowedRanks', ['patrol-sgt', 'patrol-dep', 'old'], names)).toBe('Sergeant, Deputy, old');
    expect(valueText('notes', '', names)).toBe('-');
    expect(valueText('notes', null, names)).toBe('-');
    expect(valueText('pools', [], names)).toBe('-');
    expect(valueText('required', true, names)).toBe('Yes');
    expect(valueText('count', 3, names)).toBe('3');
    expect(valueText('officers', [{ name: 'Dale', callsign: 'B-1' }], names)).toBe('Dale');
    expect(valueText('theme', { primary: '#111' }, names)).toBe('{"primary":"#111"}');
  });

  it('lists the fields, then each item of a list with its own fields', () => {
    const rows = diffRows(
      {
        kind: 'vehicles',
        diff: {
          fields: [{ field: 'notes', before: '', after: 'Fleet' }],
          items: [
            { id: 'v1', title: 'Cruiser', change: 'changed', fields: [{ field: 'allowedRanks', before: ['patrol-dep'], after: ['patrol-sgt'] }] },
            { id: 'v2', title: '', change: 'removed', fields: [] },
          ],
        },
      },
      names,
    );
    expect(rows).toEqual([
      { type: 'field', label: 'Notes', before: '-', after: 'Fleet' },
      { type: 'item', label: 'Cruiser (changed)' },
      { type: 'field', label: 'Allowed ranks', before: 'Deputy', after: 'Sergeant' },
      { type: 'item', label: 'v2 (removed)' },
    ]);
  });

  it('shows a stored name and its id once when they read the same, and never the subject id', () => {
    const rows = diffRows(
      {
        kind: 'roster',
        diff: {
          fields: [
            { field: 'rank', before: 'Deputy', after: 'Sergeant' },
            { field: 'rankId', before: 'patrol-dep', after: 'patrol-sgt' },
            { field: 'level', before: 'deputy', after: 'supervisor' },
            { field: 'departmentId', before: null, after: 'patrol' },
            { field: 'departmentName', before: null, after: 'Patrol Division' },
            { field: 'id', before: null, after: 69 },
          ],
        },
      },
      names,
    );
    expect(rows.map((row) => (row.type === 'field' ? [row.label, row.before, row.after] : [row.label]))).toEqual([
      ['Rank', 'Deputy', 'Sergeant'],
      ['Level', 'deputy', 'supervisor'],
      ['Department', '-', 'Patrol Division'],
    ]);
  });

  it('names kinds and actions, and sends only the filters that are set', () => {
    expect(kindLabel('use_of_force')).toBe('Use-of-force reports');
    expect(kindLabel('something_new')).toBe('Something new');
    expect(actionLabel('return')).toBe('returned for correction');
    expect(actionLabel('saved')).toBe('saved');
    expect(auditParams(NO_FILTERS, 25, 0).toString()).toBe('limit=25&offset=0');
    expect(auditParams({ kind: 'roster', text: ' Nia ', from: '2026-11-01', to: '2026-11-24' }, 25, 50).toString()).toBe(
      'limit=25&offset=50&kind=roster&q=Nia&from=2026-11-01&to=2026-11-24',
    );
  });
});

describe('the retention range', () => {
  it('is the range the refusal names', () => {
    expect(BAD_RETENTION).toContain(`${rangeText(RETENTION_DAYS)} days`);
  });
});
