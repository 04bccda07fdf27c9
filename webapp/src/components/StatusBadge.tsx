import { Badge } from '@mantine/core';
import { statusColor, statusLabel, type ReviewFlow } from '@/lib/review-flows';

/** A report's status as its flow labels and colours it (command-and-reports §4). */
export function StatusBadge({ flow, status }: { flow: ReviewFlow; status: string }) {
  return (
    <Badge color={statusColor(flow, status)} variant="filled" className="report-status" data-status={status}>
      {statusLabel(flow, status)}
    </Badge>
  );
}
