import type { ArrestReport, HistoryEntry, Ticket, UofReport } from '@/api/reports';

/** The review side of a report filed by Casey Nguyen at `createdAt`, pending and unreviewed. */
function pendingReview(createdAt: string) {
  return {
    status: 'pending',
    supervisor: null,
    supervisorNotes: null,
    supervisorSignedBy: null,
    supervisorSignedAt: null,
    filedBy: 'Casey Nguyen',
    createdAt,
    history: [],
    ownReport: false,
  };
}

/** A filed use-of-force report (the demo's pending one by default). */
export function uofReport(overrides: Partial<UofReport> = {}): UofReport {
  return {
    id: 11,
    incidentNumber: '1042',
    incidentDate: '2026-11-20T21:30',
    location: 'Sandy Shores Airfield',
    weather: 'Clear',
    jurisdiction: 'County',
    officers: [{ name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' }],
    subjectName: 'Trevor Phillips',
    subjectDescription: 'Male, 40s, beard',
    subjectAddress: 'Sandy Shores',
    forceTypes: ['Verbal Commands', 'Taser'],
    forceDetails: 'Two-second application.',
    subjectWeapons: '',
    officerWeapons: '',
    subjectInjuries: '',
    officerInjuries: '',
    medicalProvided: '',
    witnesses: [{ name: 'Ron Jakowski', contact: 'Saw it all.' }],
    evidence: [{ label: 'Body camera', url: 'https://video.example.org/bodycam/1042' }],
    narrative: 'The subject charged at the deputy after repeated commands.',
    ...pendingReview('2026-11-20T22:00:00Z'),
    ...overrides,
  };
}

/** A filed arrest report (pending by default). */
export function arrestReport(overrides: Partial<ArrestReport> = {}): ArrestReport {
  return {
    id: 21,
    caseNumber: '77',
    incidentNumber: '77',
    arrestType: 'On view',
    arrestDate: '2026-11-21T10:15',
    location: 'Vinewood Boulevard',
    officers: [{ name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' }],
    suspect: { name: 'Lamar Davis', address: 'Grove Street', description: 'Red hoodie' },
    charges: [{ statute: 'PC 101', charge: 'Assault', count: 2, time: 6, bond: 1000 }],
    totals: { time: 12, bond: 2000 },
    witnesses: [],
    evidence: [],
    narrative: 'Observed the offence and detained the suspect without incident.',
    ...pendingReview('2026-11-21T11:00:00Z'),
    ...overrides,
  };
}

/** An issued ticket. */
export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 31,
    citationNumber: '5001',
    issuedAt: '2026-11-22T08:00',
    location: 'Great Ocean Highway',
    officer: { name: 'Casey Nguyen', rank: 'Deputy', callsign: 'R13' },
    violator: { name: 'Amanda De Santa', address: 'Rockford Hills', description: '' },
    vehicle: { plate: '4DEM00', model: 'Obey Tailgater', colour: 'Black' },
    violations: [{ statute: 'VC 201', title: 'Speeding', fine: 150 }],
    totalFine: 150,
    notes: 'Driver was polite.',
    evidence: [],
    filedBy: 'Casey Nguyen',
    createdAt: '2026-11-22T08:05:00Z',
    ...overrides,
  };
}

/** A history row. */
export function historyEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return { actor: 'Sam Whitaker', at: '2026-11-21T12:00:00Z', fromStatus: 'pending', toStatus: 'under_review', notes: null, ...overrides };
}
