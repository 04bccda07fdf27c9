import { Badge, Group, Text } from '@mantine/core';
import { formatDay } from '@/lib/days';
import { rosterQualifications, type HeldLike } from '@/lib/qualifications';
import { leaveMarker } from '../lib/roster';

/** Long names wrap rather than being cut off. */
const CHIP_STYLES = {
  root: { textTransform: 'none', maxWidth: '100%', height: 'auto', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

/**
 * A roster line's qualifications as chips (issue 23): current ones filled, expired ones in red
 * and marked "expired" (they never silently vanish). Nothing when the member holds none.
 */
export function QualificationChips({ row }: { row: { qualifications?: readonly HeldLike[] | null } }) {
  const held = rosterQualifications(row);
  if (held.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" aria-label="Qualifications" data-testid="roster-qualifications">
      {held.map((q) => (
        <Badge
          key={q.id}
          size="sm"
          variant={q.expired ? 'outline' : 'light'}
          color={q.expired ? 'red' : 'blue'}
          title={q.expiresOn == null ? 'Does not expire' : `${q.expired ? 'Expired' : 'Expires'} ${formatDay(q.expiresOn)}`}
          styles={CHIP_STYLES}
        >
          {q.expired ? `${q.name} (expired)` : q.name}
        </Badge>
      ))}
    </Group>
  );
}

/** 'On leave until 5 Dec 2026' under a member whose approved leave runs today; nothing otherwise. */
export function LeaveMarker({ row }: { row: { onLeaveUntil?: string | null } }) {
  const text = leaveMarker(row);
  if (text === null) return null;
  return (
    <Text size="xs" c="yellow" fw={500} data-testid="leave-marker">
      {text}
    </Text>
  );
}
