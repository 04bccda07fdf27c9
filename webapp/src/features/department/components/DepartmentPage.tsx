import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useActiveSlug, useAgency } from '@/agency/context';
import { messageOf } from '@/api/client';
import {
  callsignPoolsQueryOptions,
  createStructureItem,
  deleteStructureItem,
  discordRolesQueryOptions,
  structureQueryOptions,
  updateStructureItem,
} from '@/api/structure';
import type { Department, DepartmentRole, Rank, SubDepartment } from '@/api/types';
import { LoaNotice } from '@/components/LoaNotice';
import { canDeleteDepartment, canEditRank, canWrite, hasAssignableLevels, isOnLeave } from '@/lib/rank-access';
import {
  CONFIRM_DELETE_PERMANENTLY,
  CONFIRM_DELETE_RANK,
  CONFIRM_DELETE_ROLE,
  DEPARTMENT_NAME_REQUIRED,
  NAME_REQUIRED,
  poolsOfRank,
  reorderAfterDrop,
  SUB_NAME_REQUIRED,
  type ReorderList,
} from '@/lib/structure';
import { useNavAccess } from '@/session/use-nav-access';
import { useReorder, useStructureChange } from '../api/use-structure';
import { DepartmentCard, type DepartmentAccess, type DepartmentActions } from './DepartmentCard';
import type { SortableData } from './SortableRow';
import { AddRanksModal, EditRankModal, NamedItemModal, PoolsModal } from './StructureModals';

export const PAGE_TITLE = 'Command - Department Management';

/** Drag thresholds (command-and-reports §9): 5 px with a mouse, a 120 ms long-press on touch. */
export const MOUSE_DISTANCE_PX = 5;
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

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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

  const confirmDelete = (title: string, what: string, id: string) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{what}</Text>,
      confirmProps: { color: 'red' },
      onConfirm: () => {
        change.mutate(() => deleteStructureItem(id), {
          onError: (error) => {
            notifications.show({
              color: 'red',
              title: 'Delete failed',
              message: messageOf(error, 'Delete failed'),
            });
          },
        });
      },
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
      );
    },
    editRank: (_department, rank) => {
      setModal({ kind: 'editRank', rank });
    },
    editPools: (rank) => {
      setModal({ kind: 'pools', rank });
    },
    deleteRank: (rank) => {
      confirmDelete(CONFIRM_DELETE_RANK, `Rank '${rank.name}' and its callsign pool will be deleted.`, rank.id);
    },
    editSub: (_department, sub) => {
      setModal({ kind: 'editSub', sub });
    },
    deleteSub: (sub) => {
      confirmDelete(CONFIRM_DELETE_PERMANENTLY, `Sub-department '${sub.name}' will be deleted.`, sub.id);
    },
    editRole: (_department, role) => {
      setModal({ kind: 'editRole', role });
    },
    deleteRole: (role) => {
      confirmDelete(CONFIRM_DELETE_ROLE, `Role '${role.name}' will be deleted and taken off everyone who holds it.`, role.id);
    },
  };

  const refresh = () => {
    void structure.refetch();
    void discordRoles.refetch();
    if (!callsignsDisabled) void pools.refetch();
  };

  const busy = reorder.isPending || change.isPending;

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={1}>{PAGE_TITLE}</Title>
            <Text c="dimmed" size="sm">
              Departments, their ranks, roles and sub-departments. Drag ranks and sub-departments to reorder them.
            </Text>
          </Stack>
          <Group gap="xs">
            {access.canWrite && (
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
          </Group>
        </Group>

        {isOnLeave(viewer) && <LoaNotice />}

        {structure.isPending ? (
          <Group gap="sm" py="lg" aria-busy="true">
            <Loader size="sm" />
            <Text>Loading departments…</Text>
          </Group>
        ) : departments.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text c="dimmed" ta="center">
              No departments yet.
            </Text>
          </Paper>
        ) : (
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
                  access={access}
                />
              ))}
            </Stack>
          </DndContext>
        )}
      </Stack>

      {modal?.kind === 'addDepartment' && (
        <NamedItemModal
          slug={slug}
          title="Add Department"
          nameLabel="Department name"
          roles={roles}
          nameRequired={DEPARTMENT_NAME_REQUIRED}
          write={(name, roleId) => createStructureItem({ type: 'department', parentId: null, data: { name, roleId } })}
          onClose={close}
        />
      )}
      {modal?.kind === 'editDepartment' && (
        <NamedItemModal
          slug={slug}
          title="Edit Department"
          nameLabel="Department name"
          initialName={modal.department.name}
          initialRoleId={modal.department.roleId ?? null}
          roles={roles}
          nameRequired={DEPARTMENT_NAME_REQUIRED}
          write={(name, roleId) => updateStructureItem(modal.department.id, { name, roleId })}
          onClose={close}
        />
      )}
      {modal?.kind === 'addSub' && (
        <NamedItemModal
          slug={slug}
          title="Add Sub"
          nameLabel="Sub-department name"
          roles={roles}
          nameRequired={SUB_NAME_REQUIRED}
          write={(name, roleId) => createStructureItem({ type: 'sub', parentId: modal.department.id, data: { name, roleId } })}
          onClose={close}
        />
      )}
      {modal?.kind === 'editSub' && (
        <NamedItemModal
          slug={slug}
          title="Edit Sub"
          nameLabel="Sub-department name"
          initialName={modal.sub.name}
          initialRoleId={modal.sub.roleId ?? null}
          roles={roles}
          nameRequired={null}
          write={(name, roleId) => updateStructureItem(modal.sub.id, { name, roleId })}
          onClose={close}
        />
      )}
      {modal?.kind === 'addRole' && (
        <NamedItemModal
          slug={slug}
          title="Add Role"
          nameLabel="Role name"
          roles={roles}
          nameRequired={NAME_REQUIRED}
          write={(name, discordRoleId) =>
            createStructureItem({ type: 'role', parentId: modal.department.id, data: { name, discordRoleId } })
          }
          onClose={close}
        />
      )}
      {modal?.kind === 'editRole' && (
        <NamedItemModal
          slug={slug}
          title="Edit Role"
          nameLabel="Role name"
          initialName={modal.role.name}
          initialRoleId={modal.role.discordRoleId ?? null}
          roles={roles}
          nameRequired={NAME_REQUIRED}
          write={(name, discordRoleId) => updateStructureItem(modal.role.id, { name, discordRoleId })}
          onClose={close}
        />
      )}
      {modal?.kind === 'addRanks' && (
        <AddRanksModal
          slug={slug}
          department={modal.department}
          roles={roles}
          levels={levels}
          viewer={viewer}
          onClose={close}
        />
      )}
      {modal?.kind === 'editRank' && (
        <EditRankModal slug={slug} rank={modal.rank} roles={roles} levels={levels} viewer={viewer} onClose={close} />
      )}
      {modal?.kind === 'pools' && !callsignsDisabled && (
        <PoolsModal slug={slug} rank={modal.rank} pools={poolsOfRank(pools.data, modal.rank.name)} onClose={close} />
      )}
    </Container>
  );
}
