import type { PenalCatalogue } from '@/api/penal-codes';
import type { RosterEntry } from '@/api/types';
import { json, type RecordedRequest, rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { ASSAULT, speeding } from '@/test-utils/penal-codes';
import { arrestReport } from '@/test-utils/reports';
import type { ArrestReport } from '../api/arrests';

export const ME = rosterEntry({ id: 4, name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B-13' });

export const ROSTER: RosterEntry[] = [
  ME,
  rosterEntry({ id: 2, name: 'Jordan Reyes', rank: 'Sergeant', callsign: 'S-2', discordId: '2' }),
  rosterEntry({ id: 3, name: 'Sam Whitaker', rank: 'Lieutenant', callsign: 'L 7', discordId: '3' }),
];

export const CATALOGUE: PenalCatalogue = {
  version: 1,
  categories: ['Offenses Against Persons', 'Traffic'],
  items: [
    ASSAULT,
    speeding({ fineMin: 150 }),
  ],
};

/**
 * The viewer's own report #3 (the test-utils arrest report, filed by the viewer as B13 with one
 * count of assault), returned for a correction.
 */
export function returnedReport(overrides: Partial<ArrestReport> = {}): ArrestReport {
  return arrestReport({
    id: 9,
    caseNumber: '3',
    incidentNumber: '3',
    officers: [{ name: 'Casey Nguyen', rank: 'Deputy', callsign: 'B13' }],
    charges: [{ statute: 'PC 101', charge: 'Assault', count: 1, time: 6, bond: 1000 }],
    totals: { time: 6, bond: 1000 },
    status: 'returned',
    supervisor: 'Sam Whitaker',
    supervisorNotes: "Add the second officer's callsign.",
    ownReport: true,
    ...overrides,
  });
}

export interface ServeOptions {
  penalCodes?: () => Response;
  nextNumbers?: string[];
  post?: (request: RecordedRequest) => Response | Promise<Response>;
  put?: (request: RecordedRequest) => Response | Promise<Response>;
  report?: () => Response;
  extra?: (request: RecordedRequest, url: URL) => Response | Promise<Response> | undefined;
}

/** The signed-in deputy, the roster, the catalogue and the arrest endpoints. */
export function arrestServer(options: ServeOptions = {}) {
  const me = signedIn(ME);
  const numbers = [...(options.nextNumbers ?? ['4', '5'])];
  return serveAgency({
    me,
    handle: (request, url) => {
      const extra = options.extra?.(request, url);
      if (extra !== undefined) return extra;
      if (url.pathname === '/api/roster') return json(ROSTER);
      if (url.pathname === '/api/penal-codes') return options.penalCodes?.() ?? json(CATALOGUE);
      if (url.pathname === '/api/arrests/next-number') return json({ caseNumber: numbers.length > 1 ? numbers.shift() : numbers[0] });
      if (url.pathname === '/api/arrests' && request.method === 'POST') {
        return options.post?.(request) ?? json({ id: 17, caseNumber: '4' }, 201);
      }
      if (url.pathname === '/api/arrests/9' && request.method === 'GET') return options.report?.() ?? json(returnedReport());
      if (url.pathname === '/api/arrests/9' && request.method === 'PUT') {
        return options.put?.(request) ?? json(returnedReport({ status: 'pending' }));
      }
      return undefined;
    },
  });
}
