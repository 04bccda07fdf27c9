import { Badge } from '@mantine/core';
import { LEAVE_STATUS_COLORS, LEAVE_STATUS_LABELS, leaveStatus, type LeaveLike } from '@/lib/leave';

/** A leave request's status: Pending, Approved, On leave now, Taken, Denied or Cancelled. */
export function LeaveStatusBadge({ request, today }: { request: Pick<LeaveLike, 'status' | 'running' | 'endsOn'>; today: string }) {
  const status = leaveStatus(request, today);
  return (
    <Badge variant="light" color={LEAVE_STATUS_COLORS[status]} style={{ textTransform: 'none', flex: 'none' }} data-testid="leave-status">
      {LEAVE_STATUS_LABELS[status]}
    </Badge>
  );
}
