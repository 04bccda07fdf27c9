import {
  closestCenter,
  DndContext,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Alert, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { messageOf } from '@/api/client';
import { structureQueryOptions } from '@/api/structure';
import type { Department, DepartmentRole, Rank, SubDepartment } from '@/api/types';
import { confirmThenMutate } from '@/components/confirm';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { useSortSensors, type SortableData } from '@/components/SortableRow';
import { reachesDepartment, scopeLine } from '@/lib/command-scope';
import { canDeleteDepartment, canEditRank, canWrite, hasAssignableLevels, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { callsignPoolsQueryOptions } from '../api/callsign-pools';
import { commandScopeQueryOptions } from '../api/command-scope';
import { deleteStructureItem, discordRolesQueryOptions } from '../api/structure';
import { useReorder, useStructureChange } from '../api/use-structure';
import {
  CONFIRM_DELETE_PERMANENTLY,
  CONFIRM_DELETE_RANK,
  CONFIRM_DELETE_ROLE,
  poolsOfRank,
  reorderAfterDrop,
  type ReorderList,
} from '../lib/structure';
import { CommandScopeCard } from './CommandScopeCard';
import { DepartmentCard, type DepartmentAccess, type DepartmentActions } from './DepartmentCard';
import { AddDepartmentModal } from './modals/AddDepartmentModal';
import { AddRanksModal } from './modals/AddRanksModal';
import { AddRoleModal } from './modals/AddRoleModal';
import { AddSubModal } from './modals/AddSubModal';
import { EditDepartmentModal } from './modals/EditDepartmentModal';
import { EditRankModal } from './modals/EditRankModal';
import { EditRoleModal } from './modals/EditRoleModal';
import { EditSubModal } from './modals/EditSubModal';
import { PoolsModal } from './modals/PoolsModal';

export const PAGE_TITLE = 'Command - Department Management';

/** Drag thresholds (command-and-reports §9): 5 px with a mouse, a 120 ms long-press on touch. */
export const TOUCH_DELAY_MS = 120;

type OpenModal =
  | { kind: 'addDepartment' }
  | { kind: 'editDepartment'; department: Department }
  | { kind: 'addRanks'; department: Department }
  | { kind: 'editRank'; rank: Rank }
  | { kind: 'addSub'; department: Department }
  | { kind: 'editSub'; sub: SubDepartment }
  | { kind: 'addRole'; department: Department }
  | { kind: 'editRole'; role: DepartmentRole }
  | { kind: 'pools'; rank: Rank };

function sortableData(value: unknown): SortableData | null {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  return typeof record.container === 'string' && typeof record.itemId === 'string'
    ? { container: record.container, itemId: record.itemId }
    : null;
}

/** Department management (command-and-reports §2, §4, §5, §8, §9). */
export function DepartmentPage() {
  const slug = useActiveSlug();
  const { config, levels } = useAgency();
  const { viewer } = useNavAccess();
  const callsignsDisabled = config?.flags.disableCallsigns === true;
  const subDepartmentsDisabled = config?.flags.disableSubDepartments === true;

  // Load failures are silent: the lists stay empty.
  const structure = useQuery(structureQueryOptions(slug));
  const discordRoles = useQuery(discordRolesQueryOptions(slug));
  const pools = useQuery({ ...callsignPoolsQueryOptions(slug), enabled: !callsignsDisabled });
  // What the viewer's command reaches (issue 23); until it is known, the rank rule alone decides.
  const commandScope = useQuery(commandScopeQueryOptions(slug));
  const reach = commandScope.data?.viewer;
  const departments = structure.data?.departments ?? [];
  // No list (the bot is not configured) or an empty one: Discord roles are typed by id.
  const listedRoles = discordRoles.data?.roles ?? [];
  const roles = listedRoles.length > 0 ? listedRoles : null;

  const change = useStructureChange(slug);
  const reorder = useReorder(slug);
  const [modal, setModal] = useState<OpenModal | null>(null);
  const close = () => {
    setModal(null);
  };
  // What every dialog gets.
  const dialog = { slug, roles, onClose: close };

  // What the rank rule lets the viewer change (nothing on leave of absence).
  const access = useMemo<DepartmentAccess>(
    () => ({
      canWrite: canWrite(viewer),
      canAddRanks: hasAssignableLevels(viewer),
      canDeleteDepartment: (department) => canDeleteDepartment(viewer, department, levels),
      canEditRank: (rank) => canEditRank(viewer, rank.level, levels),
    }),
    [viewer, levels],
  );

  // A department outside the viewer's reach is read-only (the server refuses changes to it).
  const readOnly = useMemo<DepartmentAccess>(
    () => ({ canWrite: false, canAddRanks: false, canDeleteDepartment: () => false, canEditRank: () => false }),
    [],
  );
  const accessFor = (department: Department) => (reachesDepartment(reach, department.id) ? access : readOnly);
  const outOfReach = scopeLine(reach);

  const sensors = useSortSensors(TOUCH_DELAY_MS);

  const onDragEnd = (event: DragEndEvent) => {
    const active = sortableData(event.active.data.current);
    const over = event.over ? sortableData(event.over.data.current) : null;
    if (active === null) return;
    const [departmentId, list] = active.container.split(':') as [string, ReorderList];
    const department = departments.find((dept) => dept.id === departmentId);
    if (department === undefined) return;
    const ids = (list === 'ranks' ? department.ranks : department.subDepartments).map((item) => item.id);
    const orderedIds = reorderAfterDrop(ids, {
      activeId: active.itemId,
      activeContainer: active.container,
      overId: over?.itemId ?? null,
      overContainer: over?.container ?? null,
    });
    if (orderedIds === null) return;
    reorder.mutate(
      { departmentId, list, orderedIds },
      {
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Reorder failed', message: messageOf(error, 'Reorder failed') });
        },
      },
    );
  };

  const confirmDelete = (title: string, what: string, id: string, deleted: string) => {
    confirmThenMutate({
      title,
      message: what,
      mutation: change,
      variables: () => deleteStructureItem(id),
      done: deleted,
      failedTitle: 'Delete failed',
      errorText: (error) => messageOf(error, 'Delete failed'),
    });
  };

  const actions: DepartmentActions = {
    editDepartment: (department) => {
      setModal({ kind: 'editDepartment', department });
    },
    addRanks: (department) => {
      setModal({ kind: 'addRanks', department });
    },
    addSub: (department) => {
      setModal({ kind: 'addSub', department });
    },
    addRole: (department) => {
      setModal({ kind: 'addRole', department });
    },
    deleteDepartment: (department) => {
      confirmDelete(
        CONFIRM_DELETE_PERMANENTLY,
        `Department '${department.name}' and its ranks, roles and sub-departments will be deleted.`,
        department.id,
        'Department deleted',
      );
    },
    editRank: (_department, rank) => {
      setModal({ kind: 'editRank', rank });
    },
    editPools: (rank) => {
      setModal({ kind: 'pools', rank });
    },
    deleteRank: (rank) => {
      confirmDelete(CONFIRM_DELETE_RANK, `Rank '${rank.name}' and its callsign pool will be deleted.`, rank.id, 'Rank deleted');
    },
    editSub: (_department, sub) => {
      setModal({ kind: 'editSub', sub });
    },
    deleteSub: (sub) => {
      confirmDelete(CONFIRM_DELETE_PERMANENTLY, `Sub-department '${sub.name}' will be deleted.`, sub.id, 'Sub-department deleted');
    },
    editRole: (_department, role) => {
      setModal({ kind: 'editRole', role });
    },
    deleteRole: (role) => {
      confirmDelete(
        CONFIRM_DELETE_ROLE,
        `Role '${role.name}' will be deleted and taken off everyone who holds it.`,
        role.id,
        'Role deleted',
      );
    },
  };

  const refresh = () => {
    void structure.refetch();
    void discordRoles.refetch();
    if (!callsignsDisabled) void pools.refetch();
  };

  const busy = reorder.isPending || change.isPending;

  return (
    <Page
      title={PAGE_TITLE}
      description="Departments, their ranks, roles and sub-departments. Drag ranks and sub-departments to reorder them."
      actions={
        <>
          {access.canWrite && reach?.reach !== 'department' && (
            <Button
              onClick={() => {
                setModal({ kind: 'addDepartment' });
              }}
            >
              + Department
            </Button>
          )}
          <Button variant="default" onClick={refresh} loading={structure.isFetching && !structure.isPending}>
            Refresh
          </Button>
        </>
      }
    >
      {isOnLeave(viewer) && <LoaNotice />}
      {outOfReach !== null && (
        <Alert color="blue" variant="light" data-testid="department-scope">
          {outOfReach}
        </Alert>
      )}
      {discordRoles.data?.available === false && (
        // Once, quietly: without a bot token the portal cannot list the server's roles.
        <Alert color="gray" variant="light" data-testid="discord-roles-unavailable">
          Discord roles are unavailable ({discordRoles.data.reason ?? 'no bot token'}). Link ranks and roles by typing
          a Discord role id; names appear once a bot token is configured.
        </Alert>
      )}

      <QueryStatus
        query={structure}
        loading="Loading departments…"
        empty={departments.length === 0 ? 'No departments yet.' : null}
      >
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <Stack gap="md">
            {departments.map((department) => (
              <DepartmentCard
                key={department.id}
                department={department}
                levels={levels}
                discordRoles={roles}
                pools={pools.data}
                callsignsDisabled={callsignsDisabled}
                subDepartmentsDisabled={subDepartmentsDisabled}
                busy={busy}
                actions={actions}
                access={accessFor(department)}
                readOnlyNote={reachesDepartment(reach, department.id) ? null : 'Read-only: another department.'}
              />
            ))}
          </Stack>
        </DndContext>
      </QueryStatus>

      {commandScope.data !== undefined && (
        <CommandScopeCard
          slug={slug}
          scope={commandScope.data}
          departments={departments}
          editable={commandScope.data.canEdit && access.canWrite}
        />
      )}

      {modal?.kind === 'addDepartment' && <AddDepartmentModal {...dialog} />}
      {modal?.kind === 'editDepartment' && <EditDepartmentModal {...dialog} department={modal.department} />}
      {modal?.kind === 'addSub' && <AddSubModal {...dialog} department={modal.department} />}
      {modal?.kind === 'editSub' && <EditSubModal {...dialog} sub={modal.sub} />}
      {modal?.kind === 'addRole' && <AddRoleModal {...dialog} department={modal.department} />}
      {modal?.kind === 'editRole' && <EditRoleModal {...dialog} role={modal.role} />}
      {modal?.kind === 'addRanks' && (
        <AddRanksModal {...dialog} department={modal.department} levels={levels} viewer={viewer} />
      )}
      {modal?.kind === 'editRank' && <EditRankModal {...dialog} rank={modal.rank} levels={levels} viewer={viewer} />}
      {modal?.kind === 'pools' && !callsignsDisabled && (
        <PoolsModal slug={slug} rank={modal.rank} pools={poolsOfRank(pools.data, modal.rank.name)} onClose={close} />
      )}
    </Page>
  );
}
