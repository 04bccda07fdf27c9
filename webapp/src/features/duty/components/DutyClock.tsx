import { Box, Button, Group, Popover, Stack, Text, TextInput, type ButtonProps, type ElementProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import type { RosterEntry } from '@/api/types';
import { CaretDownIcon, ClockIcon } from '@/components/icons';
import { useNow } from '@/components/use-now';
import { canGoOnDuty, formatClock, runningTime } from '@/lib/duty';
import { CALLSIGN_MAX } from '@/lib/limits';
import { useMe } from '@/session/use-me';
import { dutyErrorText, myDutyQueryOptions, useClockIn, useClockOut, type MyDuty, type Shift } from '../api/duty';
import { clockedInMessage, clockedOutMessage, clockInBody, clockInDefaults, onDutyLabel, shiftPost, UNIT_MAX, type ClockInValues } from '../lib/duty';

/**
 * Below `xs` (phones) the top bar has no room beside the agency's title and switcher: the clock
 * takes a strip of its own under them (`DutyStrip`). Below `sm` the bar's clock shows its icon
 * and the running time only.
 */
const STRIP = '(max-width: 35.99em)';
const COMPACT = '(max-width: 47.99em)';

/** The height of the phone's duty strip (px), which the shell adds to the top bar's. */
export const DUTY_STRIP_HEIGHT = 44;

function useClockNotifications() {
  return {
    clockedIn: (shift: Shift) => {
      notifications.show({ color: 'green', title: 'Clocked in', message: clockedInMessage(shift) });
    },
    clockedOut: (shift: Shift) => {
      notifications.show({ color: 'green', title: 'Clocked out', message: clockedOutMessage(shift) });
    },
    refused: (title: string, error: unknown) => {
      notifications.show({ color: 'red', title, message: dutyErrorText(error) });
    },
  };
}

/** The clock's own button, off duty and on: light green, narrower when compact. */
function ClockButton({ compact, ...props }: ButtonProps & ElementProps<'button', keyof ButtonProps> & { compact: boolean }) {
  return <Button variant="light" color="green" size="sm" px={compact ? 8 : undefined} data-testid="duty-clock" {...props} />;
}

/** The unit and callsign of a shift about to begin, filled with the member's own. */
function ClockInForm({ entry, busy, onClockIn }: { entry: RosterEntry; busy: boolean; onClockIn: (values: ClockInValues) => void }) {
  const form = useForm<ClockInValues>({ mode: 'controlled', initialValues: clockInDefaults(entry) });
  return (
    <form
      noValidate
      aria-label="Clock in as"
      onSubmit={form.onSubmit((values) => {
        onClockIn(values);
      })}
    >
      <Stack gap="xs">
        <TextInput
          label="Department or unit"
          description="Left blank: your department."
          maxLength={UNIT_MAX}
          data-autofocus
          {...form.getInputProps('unit')}
        />
        <TextInput label="Callsign" description="Left blank: your own." maxLength={CALLSIGN_MAX} {...form.getInputProps('callsign')} />
        <Button type="submit" loading={busy} leftSection={<ClockIcon />}>
          Clock in
        </Button>
      </Stack>
    </form>
  );
}

/** Off duty: Clock in at once (one click), or ▾ to name the unit and callsign first. */
function ClockInButton({ entry, compact }: { entry: RosterEntry; compact: boolean }) {
  const slug = useActiveSlug();
  const clockIn = useClockIn(slug);
  const notify = useClockNotifications();
  const [opened, { close, toggle }] = useDisclosure(false);

  const send = (values: ClockInValues | null) => {
    clockIn.mutate(values === null ? { unit: null, callsign: null } : clockInBody(values), {
      onSuccess: (shift) => {
        close();
        notify.clockedIn(shift);
      },
      onError: (error) => {
        notify.refused('Not clocked in', error);
      },
    });
  };

  return (
    <Popover opened={opened} onChange={toggle} position="bottom-end" shadow="md" width={260} trapFocus withinPortal>
      <Button.Group>
        <ClockButton
          compact={compact}
          loading={clockIn.isPending && !opened}
          leftSection={compact ? undefined : <ClockIcon />}
          aria-label="Clock in"
          onClick={() => {
            send(null);
          }}
        >
          {compact ? <ClockIcon size={18} /> : 'Clock in'}
        </ClockButton>
        <Popover.Target>
          <Button variant="light" color="green" size="sm" px={6} aria-label="Clock in as…" aria-expanded={opened} onClick={toggle}>
            <CaretDownIcon />
          </Button>
        </Popover.Target>
      </Button.Group>
      <Popover.Dropdown>
        <ClockInForm entry={entry} busy={clockIn.isPending} onClockIn={send} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** On duty: the running time (hh:mm, ticking); a click shows the shift and Clock out. */
function OnDutyButton({ shift, autoCloseHours, compact }: { shift: Shift; autoCloseHours: number; compact: boolean }) {
  const slug = useActiveSlug();
  const clockOut = useClockOut(slug);
  const notify = useClockNotifications();
  const now = useNow();
  const [opened, { close, toggle }] = useDisclosure(false);
  const post = shiftPost(shift);

  return (
    <Popover opened={opened} onChange={toggle} position="bottom-end" shadow="md" width={250} withinPortal>
      <Popover.Target>
        <ClockButton
          compact={compact}
          leftSection={<Box component="span" w={8} h={8} bg="green.5" style={{ borderRadius: '50%' }} aria-hidden />}
          aria-label={onDutyLabel(shift.startedAt, now)}
          aria-expanded={opened}
          onClick={toggle}
        >
          <Text span inherit ff="monospace" data-testid="duty-running-time">
            {runningTime(shift.startedAt, now)}
          </Text>
        </ClockButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" aria-label="Your shift">
          <Text size="sm" fw={600}>
            On duty since {formatClock(shift.startedAt)}
          </Text>
          {post !== '' && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {post}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            A shift left open closes itself after {autoCloseHours} h.
          </Text>
          <Group justify="flex-end">
            <Button
              color="red"
              loading={clockOut.isPending}
              onClick={() => {
                clockOut.mutate(undefined, {
                  onSuccess: (ended) => {
                    close();
                    notify.clockedOut(ended);
                  },
                  onError: (error) => {
                    notify.refused('Not clocked out', error);
                  },
                });
              }}
            >
              Clock out
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The signed-in member's roster entry in the agency (the clock is theirs), and their duty. */
function useMemberDuty() {
  const slug = useActiveSlug();
  const me = useMe();
  const entry = me.data?.user ? me.data.rosterMatches[0] : undefined;
  const duty = useQuery({ ...myDutyQueryOptions(slug), enabled: entry !== undefined });
  return { entry, duty };
}

/** Whether the clock shows: a member on the roster who is on duty or may go on duty (not while it loads). */
function shows(entry: RosterEntry | undefined, duty: MyDuty | undefined): entry is RosterEntry {
  if (entry === undefined || duty === undefined) return false;
  // Members on leave, suspended or inactive cannot go on duty (the server refuses it too).
  return duty.open != null || canGoOnDuty(entry);
}

function Clock({ entry, duty, compact }: { entry: RosterEntry; duty: MyDuty; compact: boolean }) {
  const open = duty.open ?? null;
  if (open !== null) return <OnDutyButton shift={open} autoCloseHours={duty.autoCloseHours} compact={compact} />;
  return <ClockInButton entry={entry} compact={compact} />;
}

/**
 * Whether the phone's duty strip is under the top bar (the shell makes room for it): below `xs`,
 * for a member on the roster, while their duty loads and then when the clock shows.
 */
export function useDutyStrip(): boolean {
  const phone = useMediaQuery(STRIP);
  const { entry, duty } = useMemberDuty();
  if (!phone || entry === undefined) return false;
  return duty.isPending || shows(entry, duty.data);
}

/**
 * The top bar's duty clock (issue 24), for members on the agency's roster: off duty, Clock in
 * (one click; ▾ names the unit and callsign first, filled with the member's own); on duty,
 * the running time (hh:mm, ticking) and, on a click, the shift and Clock out. A notification
 * confirms each clock; a refusal shows the server's sentence. Silent while the duty loads or
 * when it cannot be read. From `xs` up it sits in the bar; on phones `DutyStrip` holds it.
 */
export function DutyClock() {
  const strip = useMediaQuery(STRIP);
  const compact = useMediaQuery(COMPACT);
  const { entry, duty } = useMemberDuty();
  if (strip || !shows(entry, duty.data) || duty.data === undefined) return null;
  return <Clock entry={entry} duty={duty.data} compact={compact} />;
}

/** The phone's duty strip under the top bar: where the member stands, and the clock at full size. */
export function DutyStrip() {
  const strip = useMediaQuery(STRIP);
  const { entry, duty } = useMemberDuty();
  if (!strip || !shows(entry, duty.data) || duty.data === undefined) return null;
  const open = duty.data.open ?? null;
  return (
    <Group h={DUTY_STRIP_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="sm" style={{ borderTop: '1px solid var(--agency-border)' }} data-testid="duty-strip">
      <Text size="sm" c={open === null ? 'dimmed' : undefined} truncate="end" style={{ minWidth: 0 }}>
        {open === null ? 'Off duty' : `On duty since ${formatClock(open.startedAt)}${open.callsign.trim() === '' ? '' : ` · ${open.callsign}`}`}
      </Text>
      <Clock entry={entry} duty={duty.data} compact={false} />
    </Group>
  );
}
