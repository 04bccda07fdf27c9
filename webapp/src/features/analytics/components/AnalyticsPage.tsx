import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Anchor, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { ApiError } from '@/api/client';
import { structureQueryOptions } from '@/api/structure';
import { Figure } from '@/components/Figure';
import { Page } from '@/components/Page';
import { DEFAULT_AGENCY_SLUG } from '@/lib/active-agency';
import { hoursText, PERIOD_PRESETS, periodOf, periodQuery, rateText, utcToday, type PeriodPreset } from '@/lib/analytics';
import { PRIMARY_SHADE } from '@/lib/colors';
import { useNavAccess } from '@/session/use-nav-access';
import {
  analyticsErrorText,
  analyticsQueryOptions,
  type DutyAnswer,
  type ReportsAnswer,
  type StrengthAnswer,
  type TrainingAnswer,
} from '../api/analytics';
import { dutyTable, monthLabel, reportsTable, strengthTable, trainingTable, weekLabel } from '../lib/tables';
import { SectionCard, type SectionView } from './SectionCard';

const PHONE = '(max-width: 36em)';
/** The agency's theme colour and lighter and darker shades of it for further series. */
const SERIES = [`agency.${String(PRIMARY_SHADE)}`, 'agency.3', 'agency.9', 'agency.4'] as const;

function Figures({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {children}
    </SimpleGrid>
  );
}

/** What every chart shares: fewer ticks and a lower chart on phones. */
function chartProps(phone: boolean) {
  return {
    h: phone ? 190 : 250,
    tickLine: 'none' as const,
    gridAxis: 'y' as const,
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: phone ? 18 : 8 },
    yAxisProps: { width: phone ? 32 : 44, allowDecimals: false },
  };
}

function strengthView(answer: StrengthAnswer, phone: boolean): SectionView {
  return {
    summary: (
      <Figures>
        <Figure label="Members now" value={String(answer.members)} testId="analytics-members" />
        <Figure label="Active" value={String(answer.active)} />
        <Figure label="Hires" value={String(answer.totals.hires)} />
        <Figure label="Departures" value={String(answer.totals.departures)} />
      </Figures>
    ),
    chart: (
      <BarChart
        {...chartProps(phone)}
        data={answer.months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
        dataKey="label"
        series={[
          { name: 'hires', label: 'Hires', color: SERIES[0] },
          { name: 'departures', label: 'Departures', color: SERIES[1] },
          { name: 'promotions', label: 'Promotions', color: SERIES[2] },
          { name: 'demotions', label: 'Demotions', color: SERIES[3] },
        ]}
        maxBarWidth={24}
        data-testid="analytics-chart-strength"
        aria-label="Roster changes per month"
      />
    ),
    table: strengthTable(answer),
  };
}

function reportsView(answer: ReportsAnswer, phone: boolean): SectionView {
  return {
    summary: (
      <Figures>
        <Figure label="Arrests" value={String(answer.totals.arrests)} />
        <Figure label="Tickets" value={String(answer.totals.tickets)} />
        <Figure label="Use of force" value={String(answer.totals.useOfForce)} />
        <Figure label="Returned for correction" value={rateText(answer.returned.rate)} />
      </Figures>
    ),
    chart: (
      <LineChart
        {...chartProps(phone)}
        data={answer.weeks.map((w) => ({ ...w, label: weekLabel(w.isoWeek) }))}
        dataKey="label"
        series={[
          { name: 'arrests', label: 'Arrests', color: SERIES[0] },
          { name: 'tickets', label: 'Tickets', color: SERIES[1] },
          { name: 'useOfForce', label: 'Use of force', color: SERIES[2] },
        ]}
        curveType="linear"
        withDots={!phone}
        data-testid="analytics-chart-reports"
        aria-label="Reports per week by the day of the incident"
      />
    ),
    table: reportsTable(answer),
  };
}

function trainingView(answer: TrainingAnswer, phone: boolean): SectionView {
  return {
    summary: (
      <Figures>
        <Figure label="Scheduled" value={String(answer.totals.scheduled)} />
        <Figure label="Completed" value={String(answer.totals.completed)} />
        <Figure label="Median to completion" value={hoursText(answer.completion.medianHours)} />
        <Figure label="Expiring in 30 days" value={String(answer.expiring.total)} />
      </Figures>
    ),
    chart: (
      <BarChart
        {...chartProps(phone)}
        data={answer.weeks.map((w) => ({ ...w, label: weekLabel(w.isoWeek) }))}
        dataKey="label"
        series={[
          { name: 'scheduled', label: 'Scheduled', color: SERIES[0] },
          { name: 'completed', label: 'Completed', color: SERIES[1] },
          { name: 'qualificationsGranted', label: 'Qualifications', color: SERIES[2] },
        ]}
        maxBarWidth={20}
        data-testid="analytics-chart-training"
        aria-label="Training per week"
      />
    ),
    table: trainingTable(answer),
  };
}

function dutyView(answer: DutyAnswer, phone: boolean): SectionView {
  const inactive = answer.inactive.afterDays == null ? 'No rule' : String(answer.inactive.members ?? 0);
  return {
    summary: (
      <Figures>
        <Figure label="Hours" value={hoursText(answer.totals.hours)} />
        <Figure label="Shifts" value={String(answer.totals.shifts)} />
        <Figure label="Members on duty" value={String(answer.totals.members)} />
        <Figure label={answer.inactive.afterDays == null ? 'Inactive' : `Inactive (${String(answer.inactive.afterDays)} days)`} value={inactive} />
      </Figures>
    ),
    chart: (
      <BarChart
        {...chartProps(phone)}
        data={answer.weeks.map((w) => ({ label: weekLabel(w.isoWeek), hours: Math.round(w.hours * 10) / 10 }))}
        dataKey="label"
        series={[{ name: 'hours', label: 'Hours', color: SERIES[0] }]}
        valueFormatter={(value) => hoursText(value)}
        yAxisProps={{ width: phone ? 36 : 48, tickFormatter: (value: number) => String(value) }}
        maxBarWidth={32}
        data-testid="analytics-chart-duty"
        aria-label="Hours on duty per week"
      />
    ),
    table: dutyTable(answer),
  };
}

/** The server's sentence when it refused the period or the department (400, 403). */
function refusal(errors: unknown[]): string | null {
  for (const error of errors) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 403)) return analyticsErrorText(error);
  }
  return null;
}

/**
 * Command → Analytics (issue 25): a period (30 days, 90 days, a year or two days picked) and a
 * department, then Strength, Reports, Training and Duty, each a chart in the agency's colour
 * with its numbers as a table and a CSV. The root agency's High Command also reaches every
 * agency's figures.
 */
export function AnalyticsPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const phone = useMediaQuery(PHONE);
  const [preset, setPreset] = useState<PeriodPreset>('30');
  const [custom, setCustom] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const [department, setDepartment] = useState<string | null>(null);
  const today = utcToday();
  const period = periodOf(preset, today, custom);
  const query = period === null ? '' : periodQuery(period, department);
  const enabled = period !== null;
  const structure = useQuery(structureQueryOptions(slug));
  const strength = useQuery({ ...analyticsQueryOptions(slug, 'strength', query), enabled });
  const reports = useQuery({ ...analyticsQueryOptions(slug, 'reports', query), enabled });
  const training = useQuery({ ...analyticsQueryOptions(slug, 'training', query), enabled });
  const duty = useQuery({ ...analyticsQueryOptions(slug, 'duty', query), enabled });
  const departments = useMemo(
    () => (structure.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
    [structure.data],
  );
  const refused = enabled ? refusal([strength.error, reports.error, training.error, duty.error]) : null;
  const showsAgencies = slug === DEFAULT_AGENCY_SLUG && access.isHighCommand;

  return (
    <Page
      size="xl"
      gap="md"
      title="Analytics"
      description="Strength, reports, training and duty of a period, in charts with their numbers."
      note={
        showsAgencies ? (
          <Anchor component={Link} to="/command/analytics/agencies" size="sm">
            Every agency at a glance
          </Anchor>
        ) : undefined
      }
    >
      <Paper withBorder p="sm" radius="md" component="section" aria-label="Period and department">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Stack gap={4} style={{ maxWidth: '100%' }}>
              <Text size="sm" fw={500} id="analytics-period-label">
                Period
              </Text>
              <SegmentedControl
                aria-labelledby="analytics-period-label"
                data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
                value={preset}
                onChange={(value) => {
                  const next = value;
                  if (next === 'custom' && custom.from === null && period !== null) setCustom({ from: period.from, to: period.to });
                  setPreset(next);
                }}
                size={phone ? 'xs' : 'sm'}
              />
            </Stack>
            <Select
              label="Department"
              placeholder="Every department"
              data={departments}
              value={department}
              onChange={setDepartment}
              clearable
              w={phone ? '100%' : 240}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          {preset === 'custom' && (
            <Group gap="sm" wrap="wrap" grow={phone}>
              <DatePickerInput
                label="From"
                valueFormat="D MMM YYYY"
                placeholder="Pick a day"
                nextLabel="Next month"
                previousLabel="Previous month"
                value={custom.from}
                onChange={(day) => {
                  setCustom((c) => ({ ...c, from: day }));
                }}
                maxDate={today}
                popoverProps={{ withinPortal: true }}
                w={phone ? undefined : 180}
              />
              <DatePickerInput
                label="To"
                valueFormat="D MMM YYYY"
                placeholder="Pick a day"
                nextLabel="Next month"
                previousLabel="Previous month"
                value={custom.to}
                onChange={(day) => {
                  setCustom((c) => ({ ...c, to: day }));
                }}
                maxDate={today}
                popoverProps={{ withinPortal: true }}
                w={phone ? undefined : 180}
              />
            </Group>
          )}
          {refused !== null && (
            <Alert color="red" variant="light" role="alert" data-testid="analytics-refused" p="xs">
              {refused}
            </Alert>
          )}
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SectionCard id="strength" title="Strength" query={strength} period={period} view={(a) => strengthView(a, phone)} empty={(a) => (a.empty ? (a.emptyMessage ?? 'No roster changes in this period') : null)} />
        <SectionCard id="reports" title="Reports" query={reports} period={period} view={(a) => reportsView(a, phone)} empty={(a) => (a.empty ? (a.emptyMessage ?? 'No reports in this period') : null)} />
        <SectionCard id="training" title="Training" query={training} period={period} view={(a) => trainingView(a, phone)} empty={(a) => (a.empty ? (a.emptyMessage ?? 'No training in this period') : null)} />
        <SectionCard id="duty" title="Duty" query={duty} period={period} view={(a) => dutyView(a, phone)} empty={(a) => (a.empty ? (a.emptyMessage ?? 'No duty in this period') : null)} />
      </SimpleGrid>
    </Page>
  );
}
