import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Button, Card, Collapse, Group, Image, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import type { Department, DepartmentRole, DiscordRole, Level, PoolMap, Rank, SubDepartment } from '@/api/types';
import { ChevronIcon } from '@/components/icons';
import { SortableRow } from '@/components/SortableRow';
import { insigniaUrl } from '@/lib/insignia';
import { discordRoleName, levelLabel, listContainerId, rankCallsignText } from '../lib/structure';

/** Collapse animation (command-and-reports §9). */
export const COLLAPSE_MS = 240;

export const rankSortableId = (id: string): string => `rank:${id}`;
export const subSortableId = (id: string): string => `sub:${id}`;

export interface DepartmentActions {
  editDepartment: (department: Department) => void;
  addRanks: (department: Department) => void;
  addSub: (department: Department) => void;
  addRole: (department: Department) => void;
  deleteDepartment: (department: Department) => void;
  editRank: (department: Department, rank: Rank) => void;
  editPools: (rank: Rank) => void;
  deleteRank: (rank: Rank) => void;
  editSub: (department: Department, sub: SubDepartment) => void;
  deleteSub: (sub: SubDepartment) => void;
  editRole: (department: Department, role: DepartmentRole) => void;
  deleteRole: (role: DepartmentRole) => void;
}

/** What the viewer may change (the server's rank rule; nothing on leave of absence). */
export interface DepartmentAccess {
  /** Any change at all: edit, add, delete, reorder. */
  canWrite: boolean;
  /** '+ Rank': the viewer may give ranks some level. */
  canAddRanks: boolean;
  /** Delete of a department (one holding a High Command rank: High Command only). */
  canDeleteDepartment: (department: Department) => boolean;
  /** Edit and Delete of a rank (High Command ranks: High Command only). */
  canEditRank: (rank: Rank) => boolean;
}

export interface DepartmentCardProps {
  department: Department;
  levels: readonly Level[];
  /** The Discord roles, or null when they cannot be listed (linked role names are then hidden). */
  discordRoles: readonly DiscordRole[] | null;
  pools: PoolMap | undefined;
  callsignsDisabled: boolean;
  subDepartmentsDisabled: boolean;
  busy: boolean;
  actions: DepartmentActions;
  access: DepartmentAccess;
  /** Why the department shows read-only (another department than the viewer's command reaches), or null. */
  readOnlyNote?: string | null;
}

function RoleName({ roles, id }: { roles: readonly DiscordRole[] | null; id: string | null | undefined }) {
  const name = discordRoleName(roles, id);
  if (name === null) return null;
  return (
    <Text size="xs" c="dimmed" truncate>
      @{name}
    </Text>
  );
}

function Section({
  title,
  count,
  children,
  empty,
}: {
  title: string;
  count: number;
  children: ReactNode;
  empty: string;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <Stack gap={6}>
      <UnstyledButton
        onClick={() => {
          setOpen((value) => !value);
        }}
        aria-expanded={open}
        aria-controls={bodyId}
      >
        <Group gap={6}>
          <ChevronIcon expanded={open} />
          <Text fw={600} size="sm">
            {title} ({count})
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} transitionDuration={COLLAPSE_MS} id={bodyId}>
        {count === 0 ? (
          <Text size="sm" c="dimmed" pl="lg">
            {empty}
          </Text>
        ) : (
          <Stack gap={6}>{children}</Stack>
        )}
      </Collapse>
    </Stack>
  );
}

/** A section whose rows are reordered by drag and drop: the ranks, the sub-departments. */
function SortableSection<T extends { id: string; name: string }>({
  title,
  empty,
  items,
  container,
  sortableId,
  listTestId,
  rowTestId,
  busy,
  sortable,
  children,
}: {
  title: string;
  empty: string;
  items: readonly T[];
  /** The list's drop container (`listContainerId`). */
  container: string;
  sortableId: (id: string) => string;
  listTestId: string;
  rowTestId: string;
  busy: boolean;
  sortable: boolean;
  /** A row's content beside its drag handle. */
  children: (item: T) => ReactNode;
}) {
  return (
    <Section title={title} count={items.length} empty={empty}>
      <SortableContext id={container} items={items.map((item) => sortableId(item.id))} strategy={verticalListSortingStrategy}>
        <Stack gap={6} data-testid={listTestId}>
          {items.map((item) => (
            <SortableRow
              key={item.id}
              sortableId={sortableId(item.id)}
              data={{ container, itemId: item.id }}
              label={item.name}
              disabled={busy}
              sortable={sortable}
              testId={rowTestId}
            >
              {children(item)}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </Section>
  );
}

/** The two sortable sections: their words, drag ids and test ids. */
const RANKS = { title: 'Ranks', empty: 'No ranks yet.', sortableId: rankSortableId, listTestId: 'rank-list', rowTestId: 'rank-row' };
const SUBS = { title: 'Sub-departments', empty: 'No sub-departments yet.', sortableId: subSortableId, listTestId: 'sub-list', rowTestId: 'sub-row' };

/** A named item with its linked Discord role: a role or a sub-department row. */
function NamedRow({
  name,
  roleId,
  roles,
  extra = null,
}: {
  name: string;
  roleId: string | null | undefined;
  roles: readonly DiscordRole[] | null;
  /** Under the name: a role's "Agency-wide command". */
  extra?: ReactNode;
}) {
  return (
    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {extra}
      <RoleName roles={roles} id={roleId} />
    </Stack>
  );
}

/** Edit and Delete of a row, named for screen readers ('Edit role Dispatch'). */
function RowActions({ label, busy, onEdit, onDelete }: { label: string; busy: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button size="compact-xs" variant="default" disabled={busy} aria-label={`Edit ${label}`} onClick={onEdit}>
        Edit
      </Button>
      <Button size="compact-xs" variant="subtle" color="red" disabled={busy} aria-label={`Delete ${label}`} onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}

/** One department: its actions and three collapsible sections (ranks, roles, sub-departments). */
export function DepartmentCard({
  department,
  levels,
  discordRoles,
  pools,
  callsignsDisabled,
  subDepartmentsDisabled,
  busy,
  actions,
  access,
  readOnlyNote = null,
}: DepartmentCardProps) {
  const { canWrite } = access;
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const ranksContainer = listContainerId(department.id, 'ranks');
  const subsContainer = listContainerId(department.id, 'subs');

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={department.name} data-testid="department-card">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <UnstyledButton
          onClick={() => {
            setOpen((value) => !value);
          }}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${department.name}`}
        >
          <Group gap="xs" wrap="nowrap">
            <ChevronIcon expanded={open} size={16} />
            <Stack gap={0}>
              <Title order={2} size="h4">
                {department.name}
              </Title>
              <RoleName roles={discordRoles} id={department.roleId} />
            </Stack>
          </Group>
        </UnstyledButton>
        {readOnlyNote !== null && (
          <Badge variant="outline" color="gray" style={{ textTransform: 'none' }} data-testid="department-read-only">
            {readOnlyNote}
          </Badge>
        )}
        {canWrite && (
          <Group gap={6}>
            <Button size="compact-sm" variant="default" disabled={busy} onClick={() => { actions.editDepartment(department); }}>
              Edit
            </Button>
            {access.canAddRanks && (
              <Button size="compact-sm" variant="light" disabled={busy} onClick={() => { actions.addRanks(department); }}>
                + Rank
              </Button>
            )}
            {!subDepartmentsDisabled && (
              <Button size="compact-sm" variant="light" disabled={busy} onClick={() => { actions.addSub(department); }}>
                + Sub
              </Button>
            )}
            <Button size="compact-sm" variant="light" disabled={busy} onClick={() => { actions.addRole(department); }}>
              + Role
            </Button>
            {access.canDeleteDepartment(department) && (
              <Button size="compact-sm" variant="light" color="red" disabled={busy} onClick={() => { actions.deleteDepartment(department); }}>
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>

      <Collapse expanded={open} transitionDuration={COLLAPSE_MS} id={bodyId}>
        <Stack gap="md" mt="md">
          <SortableSection {...RANKS} items={department.ranks} container={ranksContainer} busy={busy} sortable={canWrite}>
            {(rank) => (
              <>
                {rank.insignia ? (
                  <Image src={insigniaUrl(rank.insignia)} alt={`${rank.name} insignia`} h={32} w={32} fit="contain" />
                ) : (
                  <Paper w={32} h={32} radius="sm" bg="var(--mantine-color-dark-6)" aria-hidden />
                )}
                {/* Name and details, then the actions: side by side when there is room,
                    the actions on their own line on a phone. */}
                <Group gap="xs" wrap="wrap" align="center" style={{ flex: 1, minWidth: 0 }}>
                <Stack gap={0} style={{ flex: '1 1 180px', minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} size="sm" data-testid="rank-name">
                      {rank.name}
                    </Text>
                    <Badge size="sm" variant="light" style={{ flex: 'none' }}>
                      {levelLabel(levels, rank.level)}
                    </Badge>
                  </Group>
                  <Group gap="xs" wrap="wrap">
                    <RoleName roles={discordRoles} id={rank.roleId} />
                    <Text size="xs" c="dimmed" data-testid="rank-callsigns" style={{ whiteSpace: 'nowrap' }}>
                      {rankCallsignText(pools, rank.name, callsignsDisabled)}
                    </Text>
                  </Group>
                </Stack>
                {canWrite && (
                  <Group gap={4} wrap="nowrap">
                    {access.canEditRank(rank) && (
                      <Button size="compact-xs" variant="default" disabled={busy} aria-label={`Edit rank ${rank.name}`} onClick={() => { actions.editRank(department, rank); }}>
                        Edit
                      </Button>
                    )}
                    {!callsignsDisabled && (
                      <Button size="compact-xs" variant="default" disabled={busy} aria-label={`Edit pools of ${rank.name}`} onClick={() => { actions.editPools(rank); }}>
                        Edit pools
                      </Button>
                    )}
                    {access.canEditRank(rank) && (
                      <Button size="compact-xs" variant="subtle" color="red" disabled={busy} aria-label={`Delete rank ${rank.name}`} onClick={() => { actions.deleteRank(rank); }}>
                        Delete
                      </Button>
                    )}
                  </Group>
                )}
                </Group>
              </>
            )}
          </SortableSection>

          <Section title="Roles" count={department.roles.length} empty="No roles yet.">
            {department.roles.map((role) => (
              <Paper key={role.id} withBorder p="xs" radius="sm" data-testid="role-row">
                <Group gap="sm" wrap="nowrap">
                  <NamedRow
                    name={role.name}
                    roleId={role.discordRoleId}
                    roles={discordRoles}
                    extra={
                      role.grantsAgencyCommand && (
                        <Badge size="sm" variant="light" color="grape" style={{ textTransform: 'none', alignSelf: 'flex-start' }}>
                          Agency-wide command
                        </Badge>
                      )
                    }
                  />
                  {canWrite && (
                    <RowActions
                      label={`role ${role.name}`}
                      busy={busy}
                      onEdit={() => {
                        actions.editRole(department, role);
                      }}
                      onDelete={() => {
                        actions.deleteRole(role);
                      }}
                    />
                  )}
                </Group>
              </Paper>
            ))}
          </Section>

          {!subDepartmentsDisabled && (
            <SortableSection {...SUBS} items={department.subDepartments} container={subsContainer} busy={busy} sortable={canWrite}>
              {(sub) => (
                <>
                  <NamedRow name={sub.name} roleId={sub.roleId} roles={discordRoles} />
                  {canWrite && (
                    <RowActions
                      label={`sub-department ${sub.name}`}
                      busy={busy}
                      onEdit={() => {
                        actions.editSub(department, sub);
                      }}
                      onDelete={() => {
                        actions.deleteSub(sub);
                      }}
                    />
                  )}
                </>
              )}
            </SortableSection>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
