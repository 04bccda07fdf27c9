import { Text } from '@mantine/core';
import { allowedRankNames, type RankChoice } from '@/lib/rank-list';

export interface AllowedRankNamesProps {
  /** The entry's allowed list (rank ids or All). */
  allowed: readonly string[] | undefined;
  /** The ranks of the catalogue answer, to name the ids. */
  ranks: readonly RankChoice[];
}

/**
 * The line under an 'Allowed: N rank(s)' summary of the management cards that names the ranks,
 * or says 'All ranks except …' when that is shorter (issue 21); it wraps on a phone. Nothing
 * when the summary says it all ('All ranks', 'No ranks assigned').
 */
export function AllowedRankNames({ allowed, ranks }: AllowedRankNamesProps) {
  const names = allowedRankNames(allowed ?? [], ranks);
  if (names === null) return null;
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="allowed-rank-names">
      {names}
    </Text>
  );
}
