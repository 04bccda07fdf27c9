import { Alert, Badge, Button, Collapse, Group, List, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useActiveSlug } from '@/agency/context';
import { queryKeys } from '@/api/query-keys';
import { CardsOrTable } from '@/components/CardsOrTable';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { ReportSection } from '@/components/ReportRows';
import {
  discordErrorText,
  discordMappingsQueryOptions,
  discordSyncQueryOptions,
  syncRunQueryOptions,
  useStartSync,
  useSyncMember,
  type Drift,
  type SyncRun,
} from '../api/discord';
import {
  ALL_MATCH,
  departmentRoleNames,
  DIFFERENCES_UNAVAILABLE,
  differencesLine,
  lastRunLine,
  memberSyncLine,
  namesOf,
  readMemberSync,
  readRunResults,
  runFinishedLine,
  runPercent,
  runProgressLine,
  SYNC_OFF_HINT,
  type Names,
} from '../lib/discord';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface DriftViewProps {
  drift: Drift;
  roles: Names;
  departmentRoles: Names;
  /** The row's Sync button, when the member can be synced. */
  action: ReactNode;
}

/** Role names as small labels, or a dash. */
function RoleBadges({ ids, names, color, sign = '' }: { ids: readonly string[]; names: Names; color: string; sign?: string }) {
  if (ids.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {ids.map((id) => (
        <Badge key={id} variant="light" color={color} style={{ textTransform: 'none', maxWidth: '100%' }}>
          {sign}
          {names(id)}
        </Badge>
      ))}
    </Group>
  );
}

function MemberName({ drift }: { drift: Drift }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {drift.name}
      </Text>
      {drift.notInGuild && (
        <Badge variant="light" color="yellow" style={{ minWidth: 'max-content' }}>
          Not in the server
        </Badge>
      )}
    </Stack>
  );
}

/** What the roster takes over from Discord: '+ FTO', '− K9'. */
function RosterFollows({ drift, departmentRoles }: Pick<DriftViewProps, 'drift' | 'departmentRoles'>) {
  if (drift.rosterToAdd.length === 0 && drift.rosterToRemove.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      <RoleBadges ids={drift.rosterToAdd} names={departmentRoles} color="teal" sign="+ " />
      {drift.rosterToRemove.length > 0 && <RoleBadges ids={drift.rosterToRemove} names={departmentRoles} color="orange" sign="− " />}
    </Group>
  );
}

function DriftRow({ drift, roles, departmentRoles, action }: DriftViewProps) {
  return (
    <Table.Tr data-testid="discord-difference">
      <Table.Td>
        <MemberName drift={drift} />
      </Table.Td>
      <Table.Td>
        <RoleBadges ids={drift.missing} names={roles} color="blue" />
      </Table.Td>
      <Table.Td>
        <RoleBadges ids={drift.extra} names={roles} color="red" />
      </Table.Td>
      <Table.Td>
        <RosterFollows drift={drift} departmentRoles={departmentRoles} />
      </Table.Td>
      <Table.Td>{action}</Table.Td>
    </Table.Tr>
  );
}

function DriftCard({ drift, roles, departmentRoles, action }: DriftViewProps) {
  const line = (label: string, content: ReactNode) => (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {content}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="sm" component="article" data-testid="discord-difference">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <MemberName drift={drift} />
          {action}
        </Group>
        {line('Missing in Discord', <RoleBadges ids={drift.missing} names={roles} color="blue" />)}
        {line('Extra in Discord', <RoleBadges ids={drift.extra} names={roles} color="red" />)}
        {(drift.rosterToAdd.length > 0 || drift.rosterToRemove.length > 0) &&
          line('Roster follows Discord', <RosterFollows drift={drift} departmentRoles={departmentRoles} />)}
      </Stack>
    </Paper>
  );
}

/** A run under way: a progress bar and how many members are done. */
function RunProgress({ run }: { run: SyncRun }) {
  return (
    <Stack gap={4} data-testid="discord-sync-progress">
      <Text size="sm">{runProgressLine(run)}</Text>
      <Progress value={runPercent(run)} animated aria-label="Sync progress" />
    </Stack>
  );
}

/** The last run: when, by whom, how it went, why members failed and (on request) what changed. */
function LastRun({ run, roles, departmentRoles }: { run: SyncRun; roles: Names; departmentRoles: Names }) {
  const [open, setOpen] = useState(false);
  const results = readRunResults(run.results);
  const failures = results.filter((result) => result.status === 'failed');
  const changes = results.filter((result) => result.status !== 'failed' && result.result?.changed === true);
  return (
    <Stack gap={6} data-testid="discord-last-run">
      <Text size="sm">{lastRunLine(run, (date) => timeFormat.format(date))}</Text>
      {failures.length > 0 && (
        <Alert color="red" variant="light" title="Not synced">
          <List size="sm" spacing={2}>
            {failures.map((failure) => (
              <List.Item key={failure.discordId}>
                {failure.result?.name ?? failure.discordId}: {failure.error ?? 'failed'}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {changes.length > 0 && (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={open}
            onClick={() => {
              setOpen((current) => !current);
            }}
          >
            {open ? 'Hide what changed' : `Show what changed (${String(changes.length)})`}
          </Button>
          <Collapse expanded={open}>
            <List size="sm" spacing={2}>
              {changes.map((change) =>
                change.result === null ? null : (
                  <List.Item key={change.discordId}>{memberSyncLine(change.result, change.discordId, roles, departmentRoles)}</List.Item>
                ),
              )}
            </List>
          </Collapse>
        </>
      )}
    </Stack>
  );
}

/**
 * Where members' Discord roles differ from the roster: roles missing and extra (by name),
 * members not in the server, and the department roles the roster takes over from Discord.
 * 'Sync' fixes one member at once; 'Sync now' starts a run over everyone, followed with a
 * progress bar until it finishes; the last run says how it went.
 */
export function RoleDifferences({ writable }: { writable: boolean }) {
  const slug = useActiveSlug();
  const client = useQueryClient();
  const query = useQuery(discordSyncQueryOptions(slug));
  const mappings = useQuery(discordMappingsQueryOptions(slug));
  const syncMember = useSyncMember(slug);
  const startSync = useStartSync(slug);
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<{ slug: string; id: number } | null>(null);
  const [syncing, setSyncing] = useState<number | null>(null);

  const overview = query.data;
  const lastRun = overview?.lastRun ?? null;
  // The run to follow: the one started here, or one still going when the screen opened.
  const followed = started !== null && started.slug === slug ? started.id : lastRun !== null && lastRun.finishedAt == null ? lastRun.id : null;
  const runQuery = useQuery({ ...syncRunQueryOptions(slug, followed ?? 0), enabled: followed !== null });
  const run = followed === null ? null : (runQuery.data ?? null);
  const running = run !== null && run.finishedAt == null;
  const shown = run ?? lastRun;

  // Once the followed run finishes: say so and read the differences again.
  const announced = useRef<number | null>(null);
  const finished = run?.finishedAt != null ? run : null;
  useEffect(() => {
    if (finished === null || announced.current === finished.id) return;
    announced.current = finished.id;
    if (started?.id === finished.id) {
      notifications.show({ color: finished.failed > 0 ? 'yellow' : 'green', message: runFinishedLine(finished) });
    }
    void client.invalidateQueries({ queryKey: queryKeys.discordSync(slug) });
  }, [finished, started, client, slug]);

  const roles = namesOf(overview?.roles ?? []);
  const departmentRoles = departmentRoleNames(mappings.data?.mappings ?? []);
  const syncEnabled = overview?.syncEnabled === true;
  const canSync = writable && overview !== undefined && overview.syncEnabled && overview.problem == null;

  const syncOne = (drift: Drift) => {
    if (drift.rosterId == null) return;
    setProblem(null);
    setSyncing(drift.rosterId);
    syncMember.mutate(drift.rosterId, {
      onSuccess: (answer) => {
        const result = readMemberSync(answer.member);
        const message = result === null ? `${drift.name} synced.` : memberSyncLine(result, drift.name, roles, departmentRoles);
        notifications.show({ color: 'green', message });
      },
      onError: (error) => {
        setProblem(discordErrorText(error));
      },
      onSettled: () => {
        setSyncing(null);
      },
    });
  };

  const syncAll = () => {
    setProblem(null);
    startSync.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.run != null) setStarted({ slug, id: answer.run.id });
      },
      onError: (error) => {
        setProblem(discordErrorText(error));
      },
    });
  };

  const action = (drift: Drift) =>
    canSync && drift.rosterId != null && !drift.notInGuild ? (
      <Button
        size="xs"
        variant="default"
        aria-label={`Sync ${drift.name}`}
        onClick={() => {
          syncOne(drift);
        }}
        loading={syncing === drift.rosterId}
        disabled={syncing !== null || running}
      >
        Sync
      </Button>
    ) : null;

  const members = overview?.members ?? [];

  return (
    <ReportSection
      id="discord-differences-title"
      title="Differences"
      actions={
        writable && (
          <Button onClick={syncAll} loading={startSync.isPending || running} disabled={!canSync || running}>
            Sync now
          </Button>
        )
      }
    >
      {problem !== null && (
        <Alert color="red" variant="light" role="alert" data-testid="discord-sync-problem">
          {problem}
        </Alert>
      )}
      <QueryStatus
        query={query}
        loading="Reading the Discord server…"
        errorTitle={DIFFERENCES_UNAVAILABLE}
        errorText={(error) => discordErrorText(error)}
      >
        {overview !== undefined && (
          <Stack gap="sm">
            {!syncEnabled && (
              <Text size="sm" c="dimmed" data-testid="discord-sync-off">
                {SYNC_OFF_HINT}
              </Text>
            )}
            {overview.problem != null ? (
              <Alert color="yellow" variant="light" title="The Discord server could not be read" data-testid="discord-sync-unreadable">
                {overview.problem}
              </Alert>
            ) : members.length === 0 ? (
              <EmptyNotice text={ALL_MATCH} testId="discord-differences-empty" />
            ) : (
              <>
                <Text size="sm" c="dimmed" data-testid="discord-differences-count">
                  {differencesLine(members.length, overview.guildMembers)}
                </Text>
                <CardsOrTable
                  items={members}
                  itemKey={(drift) => drift.discordId}
                  label="Differences"
                  columns={['Member', 'Missing in Discord', 'Extra in Discord', 'Roster follows Discord', null]}
                  row={(drift) => <DriftRow drift={drift} roles={roles} departmentRoles={departmentRoles} action={action(drift)} />}
                  card={(drift) => <DriftCard drift={drift} roles={roles} departmentRoles={departmentRoles} action={action(drift)} />}
                />
              </>
            )}
            {running ? (
              <RunProgress run={run} />
            ) : (
              shown !== null && <LastRun run={shown} roles={roles} departmentRoles={departmentRoles} />
            )}
          </Stack>
        )}
      </QueryStatus>
    </ReportSection>
  );
}
