import type { OfficerValue } from '@/lib/report-rows';
import { useNavAccess } from './use-nav-access';

/**
 * The viewer as the first officer of a report they file: their roster name, rank and callsign
 * (null when they have no roster entry); `ready` once the viewer is known.
 */
export function useViewerOfficer(): { ready: boolean; officer: OfficerValue | null } {
  const access = useNavAccess();
  const roster = access.viewer?.roster ?? null;
  return {
    ready: access.status !== 'loading',
    officer: roster === null ? null : { name: roster.name, rank: roster.rank ?? '', callsign: roster.callsign ?? '' },
  };
}
