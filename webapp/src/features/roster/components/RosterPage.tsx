import { Button, Drawer, Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { messageOf } from '@/api/client';
import { commandScopeQueryOptions } from '@/api/command-scope';
import { structureQueryOptions } from '@/api/structure';
import type { RosterEntry } from '@/api/types';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { SearchField } from '@/components/SearchField';
import { reachesDepartment, scopeLine } from '@/lib/command-scope';
import { canEditPerson, canWrite, hasAssignableLevels, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { qualificationsQueryOptions } from '../api/qualifications';
import { rosterHoursQueryOptions, rosterQueryOptions } from '../api/roster';
import {
  canManageRoster,
  DEFAULT_ROSTER_PAGE_SIZE,
  DEFAULT_ROSTER_SORT,
  dutyFilterOptions,
  EMPTY_ROSTER_FILTERS,
  filterRoster,
  nextSort,
  pageSizeLabel,
  paginate,
  rangeText,
  rankFilterOptions,
  rankOrder,
  ROSTER_PAGE_SIZES,
  ROSTER_STATUSES,
  sortRoster,
  withDuty,
  type RosterFilters,
  type RosterPageSize,
  type RosterSort,
} from '../lib/roster';
import { PersonDialog, type PersonDialogMode } from './PersonDialog';
import { RosterCards } from './RosterCards';
import { RosterTable } from './RosterTable';

export const NO_PEOPLE = 'No people on the roster yet.';
export const NO_MATCHES = 'No people match these filters.';
export const ROSTER_UNAVAILABLE = 'Roster unavailable';

const SORT_CHOICES = [
  { value: 'rank:asc', label: 'Rank, highest first' },
  { value: 'rank:desc', label: 'Rank, lowest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'callsign:asc', label: 'Callsign, ascending' },
  { value: 'callsign:desc', label: 'Callsign, descending' },
  { value: 'hoursWeek:desc', label: 'Hours in 7 days, most first' },
  { value: 'hoursWeek:asc', label: 'Hours in 7 days, fewest first' },
  { value: 'hours30Days:desc', label: 'Hours in 30 days, most first' },
  { value: 'hours30Days:asc', label: 'Hours in 30 days, fewest first' },
];

/** Roster (member-portal §2.6, §4, §5, §6, §8), with duty hours, their sort and the Duty filter (issue 24). */
export function RosterPage() {
  const slug = useActiveSlug();
  const { config, levels } = useAgency();
  const access = useNavAccess();
  const viewer = access.viewer;
  const roster = useQuery(rosterQueryOptions(slug));
  // A structure failure is silent: empty lists.
  const structure = useQuery(structureQueryOptions(slug));
  const departments = useMemo(() => structure.data?.departments ?? [], [structure.data]);
  // Silent too: no qualification filter, and (without the department page) the server decides whom one may edit.
  const qualifications = useQuery(qualificationsQueryOptions(slug));
  // Every member's duty hours in one request (issue 24), joined to the rows here; silent too: '-' in the columns.
  const hours = useQuery(rosterHoursQueryOptions(slug));
  const inactiveAfterDays = hours.data?.inactiveAfterDays ?? null;

  const callsignsDisabled = config?.flags.disableCallsigns === true;
  const subDepartmentsDisabled = config?.flags.disableSubDepartments === true;
  // A roster manager (by level) who is not on leave; they add people at the levels they may
  // assign and edit only the people the rank rule lets them touch.
  const canManage = canManageRoster(viewer, config?.flags.rosterManageLevels) && canWrite(viewer);
  const canAdd = canManage && hasAssignableLevels(viewer);
  // Command scoped to one department edits that department's people only (issue 23).
  const scope = useQuery({ ...commandScopeQueryOptions(slug), enabled: canManage }).data?.viewer;
  const canEdit = useCallback(
    (entry: RosterEntry) => canEditPerson(viewer, entry, levels) && reachesDepartment(scope, entry.departmentId),
    [viewer, levels, scope],
  );

  const [filters, setFilters] = useState<RosterFilters>({ ...EMPTY_ROSTER_FILTERS });
  const [sort, setSort] = useState<RosterSort>({ ...DEFAULT_ROSTER_SORT });
  const [pageSize, setPageSize] = useState<RosterPageSize>(DEFAULT_ROSTER_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<PersonDialogMode | null>(null);
  const onEdit = canManage
    ? (entry: RosterEntry) => {
        setDialog({ kind: 'edit', entry });
      }
    : undefined;

  const entries = useMemo(() => withDuty(roster.data ?? [], hours.data?.members), [roster.data, hours.data]);
  const order = useMemo(() => rankOrder({ departments }), [departments]);
  const visible = useMemo(() => sortRoster(filterRoster(entries, filters), sort, order), [entries, filters, sort, order]);
  const current = paginate(visible, pageSize, page);

  const changeFilters = (change: Partial<RosterFilters>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    setPage(1);
  };

  const rankOptions = rankFilterOptions({ departments }, filters.department, entries);
  // Phones get cards, and the filters (but the search) in a drawer with the sort order.
  const phone = useMediaQuery('(max-width: 48em)');
  const [filtersOpened, { open: openFilters, close: closeFilters }] = useDisclosure(false);
  const activeFilters = [filters.rank, filters.department, filters.status, filters.qualification, filters.duty].filter((value) => value !== null).length;
  const filtered = activeFilters > 0 || filters.search.trim() !== '';
  const qualificationOptions = (qualifications.data ?? []).map((q) => ({ value: String(q.id), label: q.name }));

  const filterFields = (
    <>
      <Select
        label="Rank"
        placeholder="All ranks"
        data={rankOptions}
        value={filters.rank}
        onChange={(rank) => {
          changeFilters({ rank });
        }}
        clearable
        searchable
        w={phone ? undefined : 200}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Department"
        placeholder="All departments"
        data={departments.map((dept) => ({ value: dept.id, label: dept.name }))}
        value={filters.department}
        onChange={(department) => {
          changeFilters({ department, rank: null });
        }}
        clearable
        searchable
        w={phone ? undefined : 220}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={[...ROSTER_STATUSES]}
        value={filters.status}
        onChange={(status) => {
          changeFilters({ status });
        }}
        clearable
        w={phone ? undefined : 160}
      />
      <Select
        label="Qualification"
        placeholder="Any qualification"
        data={qualificationOptions}
        value={filters.qualification}
        onChange={(qualification) => {
          changeFilters({ qualification });
        }}
        clearable
        searchable
        nothingFoundMessage="No qualification of that name"
        w={phone ? undefined : 200}
        comboboxProps={{ withinPortal: true }}
      />
      {hours.data !== undefined && (
        <Select
          label="Duty"
          placeholder="Anyone"
          data={dutyFilterOptions(inactiveAfterDays)}
          value={filters.duty}
          onChange={(duty) => {
            changeFilters({ duty });
          }}
          clearable
          w={phone ? undefined : 190}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {filtered && (
        <Button
          variant="subtle"
          onClick={() => {
            changeFilters({ ...EMPTY_ROSTER_FILTERS });
          }}
        >
          Clear filters
        </Button>
      )}
    </>
  );

  return (
    <Page
      size="xl"
      title="Roster"
      description="Everyone in the agency, their rank, department and time in grade."
      actions={
        canAdd && (
          <Button
            onClick={() => {
              setDialog({ kind: 'add' });
            }}
          >
            + Add New
          </Button>
        )
      }
    >
      {isOnLeave(viewer) && <LoaNotice />}
      {canManage && scopeLine(scope) !== null && (
        <Text size="sm" c="dimmed" data-testid="roster-scope">
          {scopeLine(scope)}
        </Text>
      )}

      <Paper withBorder p="md" radius="md" component="section" aria-label="Filters">
        <Group align="flex-end" gap="sm" wrap={phone ? 'nowrap' : 'wrap'}>
          <SearchField
            placeholder="Name, callsign, region, department"
            value={filters.search}
            onSearch={(text) => {
              changeFilters({ search: text });
            }}
            w={phone ? undefined : 300}
            style={phone ? { flex: 1, minWidth: 0 } : undefined}
            type="search"
          />
          {phone ? (
            <Button variant="default" onClick={openFilters} style={{ flex: 'none' }}>
              Filters{activeFilters > 0 ? ` (${String(activeFilters)})` : ''}
            </Button>
          ) : (
            filterFields
          )}
        </Group>
      </Paper>
      <Drawer opened={phone && filtersOpened} onClose={closeFilters} position="bottom" title="Filters" size="auto">
        <Stack gap="sm" pb="md">
          {filterFields}
          <Select
            label="Sort by"
            data={SORT_CHOICES}
            value={`${sort.key}:${sort.direction}`}
            allowDeselect={false}
            onChange={(value) => {
              const [key, direction] = (value ?? 'rank:asc').split(':') as [RosterSort['key'], RosterSort['direction']];
              setSort({ key, direction });
            }}
          />
          <Button onClick={closeFilters}>Show {String(visible.length)} people</Button>
        </Stack>
      </Drawer>

      <Group justify="space-between" align="center">
        <Group gap={6} role="group" aria-label="Rows per page">
          <Text size="sm" c="dimmed">
            Rows per page
          </Text>
          {ROSTER_PAGE_SIZES.map((size) => (
            <Button
              key={String(size)}
              size="compact-sm"
              variant={pageSize === size ? 'filled' : 'default'}
              aria-pressed={pageSize === size}
              onClick={() => {
                setPageSize(size);
                setPage(1);
              }}
            >
              {pageSizeLabel(size)}
            </Button>
          ))}
        </Group>
        {roster.isSuccess && (
          <Text size="sm" c="dimmed" data-testid="roster-count" aria-live="polite">
            {rangeText(current)}
          </Text>
        )}
      </Group>

      <QueryStatus
        query={roster}
        loading="Loading roster…"
        errorTitle={ROSTER_UNAVAILABLE}
        errorText={(error) => messageOf(error, 'Failed to load roster')}
        empty={current.total > 0 ? null : entries.length === 0 ? NO_PEOPLE : NO_MATCHES}
        emptyTestId="roster-empty"
      >
        {phone ? (
          <RosterCards
            rows={current.items}
            inactiveAfterDays={inactiveAfterDays}
            showCallsign={!callsignsDisabled}
            canEdit={canEdit}
            onEdit={onEdit}
          />
        ) : (
        <RosterTable
          rows={current.items}
          inactiveAfterDays={inactiveAfterDays}
          sort={sort}
          onSort={(key) => {
            setSort((previous) => nextSort(previous, key));
          }}
          showCallsign={!callsignsDisabled}
          canEdit={canEdit}
          onEdit={onEdit}
        />
        )}
      </QueryStatus>

      {current.pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={current.pageCount}
            value={current.page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}

      {dialog !== null && (
        <PersonDialog
          key={dialog.kind === 'edit' ? `edit-${dialog.entry.id}` : 'add'}
          slug={slug}
          mode={dialog}
          departments={departments}
          viewer={viewer}
          callsignsDisabled={callsignsDisabled}
          subDepartmentsDisabled={subDepartmentsDisabled}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
    </Page>
  );
}
