import { BarChart } from '@mantine/charts';
import { Alert, Badge, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { Figure } from '@/components/Figure';
import { useNow } from '@/components/use-now';
import { PRIMARY_SHADE } from '@/lib/colors';
import { formatClock, formatHours, runningTime, shiftFlags, shiftSpan } from '@/lib/duty';
import { dutyErrorText, myDutyQueryOptions, type MyDuty as Duty, type Shift } from '../api/my-records';
import { chartWeeks, NO_SHIFTS, RECENT_SHOWN } from '../lib/my-duty';

/** The shift under way: since when, where, and for how long (ticking). */
function CurrentShift({ shift }: { shift: Shift }) {
  const now = useNow();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="my-current-shift">
      <Text size="xs" c="dimmed">
        On duty now
      </Text>
      <Text fw={700} size="xl" ff="monospace" c="green">
        {runningTime(shift.startedAt, now)}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Since {formatClock(shift.startedAt)}
        {shift.callsign.trim() !== '' ? ` · ${shift.callsign}` : ''}
        {shift.unit.trim() !== '' ? ` · ${shift.unit}` : ''}
      </Text>
    </Paper>
  );
}

function Body({ duty }: { duty: Duty }) {
  const open = duty.open ?? null;
  const recent = duty.recent.filter((shift) => shift.endedAt != null).slice(0, RECENT_SHOWN);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure large label="Last 7 days" value={formatHours(duty.hoursWeek)} testId="my-hours-week" />
        <Figure large label="Last 30 days" value={formatHours(duty.hours30Days)} testId="my-hours-30-days" />
        {open === null ? (
          <Paper withBorder p="sm" radius="md" data-testid="my-current-shift">
            <Text size="xs" c="dimmed">
              Now
            </Text>
            <Text fw={700} size="xl">
              Off duty
            </Text>
          </Paper>
        ) : (
          <CurrentShift shift={open} />
        )}
      </SimpleGrid>
      <Stack gap={4} component="figure" m={0} aria-label="Hours per week, the last eight weeks">
        <Text size="sm" fw={600} component="figcaption">
          Hours per week
        </Text>
        <BarChart
          h={180}
          data={chartWeeks(duty.weeks)}
          dataKey="week"
          series={[{ name: 'hours', label: 'Hours', color: AGENCY_BARS }]}
          valueFormatter={(value) => formatHours(value)}
          tickLine="none"
          gridAxis="y"
          maxBarWidth={36}
          data-testid="my-weeks-chart"
        />
      </Stack>
      <Stack gap={4} component="section" aria-label="My recent shifts">
        <Text size="sm" fw={600}>
          Recent shifts
        </Text>
        {recent.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="my-shifts-empty">
            {NO_SHIFTS}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0}>
            {recent.map((shift) => (
              <Group key={shift.id} component="li" justify="space-between" gap="xs" wrap="wrap" style={{ listStyle: 'none' }} data-testid="my-shift">
                <Text size="sm">{shiftSpan(shift)}</Text>
                <Group gap={4} wrap="wrap">
                  {shiftFlags(shift).map((flag) => (
                    <Badge key={flag.label} size="xs" variant="light" color={flag.color} title={flag.help} style={{ textTransform: 'none' }}>
                      {flag.label}
                    </Badge>
                  ))}
                  <Text size="sm" fw={600}>
                    {formatHours(shift.hours)}
                  </Text>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** The agency's theme colour (the primary palette of src/app/theme). */
const AGENCY_BARS = `agency.${String(PRIMARY_SHADE)}`;

/**
 * 'Duty' on the profile (issue 24): the member's hours in the last 7 and 30 days, the shift
 * under way (its running time), a bar chart of the last eight weeks in the agency's colour,
 * and the latest shifts with their flags.
 */
export function MyDuty() {
  const slug = useActiveSlug();
  const query = useQuery(myDutyQueryOptions(slug));
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-duty">
      <Title order={2} size="h4" id="profile-duty" mb="xs">
        Duty
      </Title>
      {query.isPending ? (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading your duty time…</Text>
        </Group>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {dutyErrorText(query.error)}
        </Alert>
      ) : (
        <Body duty={query.data} />
      )}
    </Card>
  );
}
