import { Badge, Box, Text } from '@mantine/core';
import { formatClock, formatHours } from '@/lib/duty';
import type { RowDuty } from '../lib/roster';

/** 'On duty' beside a member whose shift is under way (issue 24); nothing otherwise. */
export function OnDutyMarker({ duty }: { duty: RowDuty | null | undefined }) {
  if (duty?.onDutySince == null) return null;
  return (
    <Badge
      size="xs"
      color="green"
      variant="light"
      title={`On duty since ${formatClock(duty.onDutySince)}`}
      leftSection={<Box component="span" w={6} h={6} bg="green.5" style={{ borderRadius: '50%' }} aria-hidden />}
      style={{ flex: 'none', textTransform: 'none' }}
      data-testid="on-duty-marker"
    >
      On duty
    </Badge>
  );
}

/** 'Inactive' under a member without duty for the agency's days (issue 24); nothing otherwise. */
export function InactiveMarker({ duty, days }: { duty: RowDuty | null | undefined; days: number | null | undefined }) {
  if (duty?.inactive !== true) return null;
  return (
    <Text size="xs" c="orange" fw={500} data-testid="inactive-marker">
      {days == null ? 'Inactive: no duty' : `Inactive: no duty in ${String(days)} days`}
    </Text>
  );
}

/** Hours of one period in a roster cell: '3.5 h', or '-' while the hours are unknown. */
export function Hours({ duty, period }: { duty: RowDuty | null | undefined; period: 'hoursWeek' | 'hours30Days' }) {
  return <>{duty == null ? '-' : formatHours(duty[period])}</>;
}
