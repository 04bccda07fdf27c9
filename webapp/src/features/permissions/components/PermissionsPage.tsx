import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { messageOf } from '@/api/client';
import { navPermissionsQueryOptions } from '@/api/nav-permissions';
import type { NavPermissions } from '@/api/types';
import { HighCommandNotice } from '@/components/HighCommandNotice';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { SearchField } from '@/components/SearchField';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { agencyLabel, DEFAULT_AGENCY_SLUG } from '@/lib/active-agency';
import { entryFor, toPermissionItems, type PermissionItems } from '@/lib/nav-permissions';
import { canWrite } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { manageableAgenciesQueryOptions } from '../api/manageable-agencies';
import { useSavePermissions } from '../api/use-save-permissions';
import {
  changedIds,
  filterPermissionCards,
  itemCount,
  permissionCards,
  permissionGroups,
  sameEntry,
  setLocked,
  updatedLine,
} from '../lib/permissions-editor';
import { EntryCard, LockCard } from './PermissionCard';
import { groupElementId, PermissionGroups } from './PermissionGroups';

export const NOT_HIGH_COMMAND = 'You must be part of High Command to manage permissions.';
export const SEARCH_DEBOUNCE_MS = 250;

const CARDS = permissionCards();
const GROUP_IDS = permissionGroups(CARDS).map((group) => group.id);
/** Below this width the groups start collapsed: every card open is about 11,000 px on a phone (issue 21). */
const PHONE = '(max-width: 48em)';
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The edits of one agency's permissions, pinned to the answer they started from. */
interface Draft {
  target: string | null;
  source: NavPermissions;
  /** The entries as loaded. */
  baseItems: PermissionItems;
  items: PermissionItems;
  locked: string[];
}

function freshDraft(target: string | null, source: NavPermissions): Draft {
  const baseItems = toPermissionItems(source.items);
  return { target, source, baseItems, items: toPermissionItems(source.items), locked: [...source.metadata.locked] };
}

/**
 * Navigation permissions (command-and-reports §2 Permissions, §4, §5, §8). The cards are grouped
 * by the menu's sections, which collapse (from the start on a phone) and a select jumps to;
 * Refresh and Save stay in a sticky bar (issue 21).
 */
export function PermissionsPage() {
  const slug = useActiveSlug();
  const { config } = useAgency();
  const access = useNavAccess();
  // Other agencies' locks are managed from the root agency only, with agency management on.
  const canManageOthers = slug === DEFAULT_AGENCY_SLUG && config?.flags.enableAgencyManagement === true;
  // Nothing changes on leave of absence.
  const writable = canWrite(access.viewer);

  const [chosenTarget, setTarget] = useState<string | null>(null);
  const target = canManageOthers ? chosenTarget : null;
  const query = useQuery({ ...navPermissionsQueryOptions(slug, target), enabled: access.isHighCommand });
  const agencies = useQuery({ ...manageableAgenciesQueryOptions(slug), enabled: canManageOthers && access.isHighCommand });
  const save = useSavePermissions(slug);

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const cards = useMemo(() => filterPermissionCards(CARDS, debouncedSearch), [debouncedSearch]);
  const groups = useMemo(() => permissionGroups(cards), [cards]);

  // Groups start open on a desktop and collapsed on a phone; a search opens them all.
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState<string[]>(() => (phone ? [] : [...GROUP_IDS]));
  const [jump, setJump] = useState<string | null>(null);
  const focusFrame = useRef(0);
  useEffect(() => () => {
    cancelAnimationFrame(focusFrame.current);
  }, []);

  // Edits survive background refetches; they are dropped by Refresh, a save or another agency.
  const [edit, setEdit] = useState<Draft | null>(null);
  const data = query.data;
  const draft = edit !== null && edit.target === target ? edit : data ? freshDraft(target, data) : null;
  // The cards with unsaved changes: their groups' headers say so.
  const changed =
    draft === null ? new Set<string>() : changedIds({ items: draft.baseItems, locked: draft.source.metadata.locked }, draft);
  const dirty = changed.size > 0;
  useUnsavedChanges(dirty && writable && !save.isPending);

  const loadFailed = query.isError && data === undefined;
  const loadError = loadFailed ? messageOf(query.error, 'Failed to load permissions') : null;
  useEffect(() => {
    if (loadError !== null) {
      notifications.show({ color: 'red', title: 'Failed to load permissions', message: loadError });
    }
  }, [loadError]);

  if (!access.isHighCommand) return <HighCommandNotice title="Permissions">{NOT_HIGH_COMMAND}</HighCommandNotice>;

  const otherAgency = target !== null;
  const busy = save.isPending;

  const update = (change: (current: Draft) => Draft) => {
    if (draft !== null) setEdit(change(draft));
  };

  const onSave = () => {
    if (draft === null || !dirty || !writable) return;
    const baseUpdatedAt = draft.source.updatedAt ?? null;
    const body = otherAgency
      ? { locked: draft.locked, baseUpdatedAt }
      : {
          // Only the items that changed: untouched entries are not re-validated.
          items: Object.fromEntries(
            Object.entries(draft.items).filter(
              ([id, entry]) => !sameEntry(entryFor(draft.baseItems, id), entry),
            ),
          ),
          locked: draft.source.metadata.locked,
          baseUpdatedAt,
        };
    save.mutate(
      { target, body },
      {
        onSuccess: () => {
          setEdit(null);
          notifications.show({ color: 'green', message: 'Permissions saved.' });
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: 'Failed to save permissions',
            message: messageOf(error, 'Failed to save permissions'),
          });
        },
      },
    );
  };

  const onRefresh = async () => {
    const result = await query.refetch();
    if (result.isError) {
      notifications.show({
        color: 'red',
        message: `Failed to refresh permissions: ${messageOf(result.error, 'Unknown error')}`,
      });
      return;
    }
    setEdit(null);
  };

  const agencyOptions = (agencies.data?.agencies ?? []).map((agency) => ({
    value: agency.slug,
    label: `${agencyLabel(agency)}${agency.flags.hidden ? ' (hidden)' : ''}`,
  }));
  if (!agencyOptions.some((option) => option.value === slug)) {
    agencyOptions.unshift({ value: slug, label: config ? agencyLabel(config) : slug });
  }

  /** Opens the group `id`, brings its header under the top bar and puts the focus on it. */
  const jumpTo = (id: string) => {
    setJump(id);
    setOpen((current) => (current.includes(id) ? current : [...current, id]));
    const item = document.getElementById(groupElementId(id));
    item?.scrollIntoView({ block: 'start' });
    // After the select has closed its list (it keeps the focus until then).
    cancelAnimationFrame(focusFrame.current);
    focusFrame.current = requestAnimationFrame(() => {
      item?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    });
  };
  const allOpen = groups.every((group) => open.includes(group.id));

  const updated = data ? updatedLine(data.updatedAt, data.updatedBy, (date) => timeFormat.format(date)) : null;
  const levels = data?.metadata.levels ?? [];
  const levelOrder = data?.metadata.levelOrder ?? [];
  const roles = data?.metadata.roles ?? [];

  return (
    <Page
      size="xl"
      title="Permissions"
      description={
        otherAgency
          ? 'Lock pages so that the agency cannot change who sees them.'
          : 'Choose who sees each page and menu section.'
      }
      note={
        updated !== null && (
          <Text size="sm" c="dimmed" data-testid="permissions-updated">
            {updated}
          </Text>
        )
      }
      actions={
        canManageOthers && (
          <Select
            label="Managing agency"
            data={agencyOptions}
            value={target ?? slug}
            allowDeselect={false}
            w={260}
            onChange={(value) => {
              setTarget(value === null || value === slug ? null : value);
            }}
          />
        )
      }
    >
      <Group align="flex-end" gap="sm">
        <SearchField
          placeholder="Search pages"
          value={search}
          onSearch={(text) => {
            setSearch(text);
            if (text.trim() !== '') setOpen([...GROUP_IDS]);
          }}
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          label="Jump to section"
          placeholder="Choose a section"
          data={groups.map((group) => ({ value: group.id, label: group.label }))}
          value={jump !== null && groups.some((group) => group.id === jump) ? jump : null}
          allowDeselect={false}
          onOptionSubmit={jumpTo}
          w={{ base: '100%', xs: 220 }}
        />
        <Button
          variant="default"
          onClick={() => {
            setOpen(allOpen ? [] : [...GROUP_IDS]);
          }}
        >
          {allOpen ? 'Collapse all' : 'Expand all'}
        </Button>
      </Group>

      {!writable && <LoaNotice />}

      <QueryStatus
        query={{ status: loadFailed ? 'error' : draft === null ? 'pending' : 'success', error: query.error }}
        loading="Loading permissions…"
        loader="spinner"
        errorTitle="Failed to load permissions"
        errorText={() => loadError}
      />

      {draft !== null && (
        <PermissionGroups
          groups={groups}
          open={open}
          onOpenChange={setOpen}
          changed={changed}
          renderCard={(card) =>
            otherAgency ? (
              <LockCard
                card={card}
                locked={draft.locked.includes(card.id)}
                disabled={busy || !writable}
                onChange={(isLocked) => {
                  update((current) => ({ ...current, locked: setLocked(current.locked, card.id, isLocked) }));
                }}
              />
            ) : (
              <EntryCard
                card={card}
                entry={entryFor(draft.items, card.id)}
                levels={levels}
                levelOrder={levelOrder}
                roles={roles}
                locked={draft.source.metadata.locked.includes(card.id)}
                disabled={busy || !writable}
                onChange={(entry) => {
                  update((current) => ({ ...current, items: { ...current.items, [card.id]: entry } }));
                }}
              />
            )
          }
        />
      )}

      {/* Save stays in reach at the bottom of the screen however long the list (issue 11). */}
      <Paper
        withBorder
        shadow="md"
        p="sm"
        radius="md"
        data-testid="permissions-actions"
        style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" c="dimmed" data-testid="permissions-count">
            {itemCount(cards.length)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => void onRefresh()} loading={query.isFetching && !busy}>
              Refresh
            </Button>
            {writable && (
              <Button onClick={onSave} disabled={!dirty || busy} loading={busy}>
                {dirty ? 'Save changes' : 'Saved'}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </Page>
  );
}
