/** Document answers for the screens' tests. */

import type { SopDocument } from '../api/sops';

/** An SOP for deputies with a summary. */
export function pursuitsSop(overrides: Partial<SopDocument> = {}): SopDocument {
  return {
    id: 'doc-2',
    title: 'Vehicle pursuits',
    type: 'sop',
    minLevel: 'deputy',
    summary: 'When to start and stop a pursuit.',
    content: 'Call it in.',
    updatedAt: '2026-03-03T10:00:00Z',
    ...overrides,
  };
}
