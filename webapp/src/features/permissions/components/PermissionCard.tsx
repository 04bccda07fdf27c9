import { Badge, Card, Checkbox, Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Level, RoleOption } from '@/api/types';
import type { PermissionEntry } from '@/lib/nav-permissions';
import { applyLevelSelection, roleLabel, type PermissionCard as CardInfo } from '../lib/permissions-editor';
import { LockIcon } from './LockIcon';

interface CardHeaderProps {
  card: CardInfo;
  locked: boolean;
}

function CardFrame({ card, locked, children }: CardHeaderProps & { children: ReactNode }) {
  const titleId = `permission-${card.id}-title`;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={`permission-card-${card.id}`}
    >
      <Stack gap="sm">
        <CardHeading card={card} locked={locked} titleId={titleId} />
        {children}
      </Stack>
    </Card>
  );
}

function CardHeading({ card, locked, titleId }: CardHeaderProps & { titleId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={700} id={titleId}>
          {card.label}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {card.section ? 'Menu section' : card.path}
          {card.group ? ` · ${card.group}` : ''}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {card.section && (
          <Badge variant="outline" color="gray" size="sm">
            Section
          </Badge>
        )}
        {locked && (
          <Badge color="red" variant="light" size="sm" leftSection={<LockIcon size={10} />}>
            Locked
          </Badge>
        )}
      </Group>
    </Group>
  );
}

export interface EntryCardProps {
  card: CardInfo;
  entry: PermissionEntry;
  levels: readonly Level[];
  levelOrder: readonly string[];
  roles: readonly RoleOption[];
  /** Locked by the root agency: read-only. */
  locked: boolean;
  disabled: boolean;
  onChange: (entry: PermissionEntry) => void;
}

/** One navigation item of the active agency: Public/Restricted, levels and roles. */
export function EntryCard({ card, entry, levels, levelOrder, roles, locked, disabled, onChange }: EntryCardProps) {
  const readOnly = locked || disabled;
  const restrictedOnly = readOnly || entry.public;
  return (
    <CardFrame card={card} locked={locked}>
      <SegmentedControl
        fullWidth
        size="xs"
        value={entry.public ? 'public' : 'restricted'}
        disabled={readOnly}
        data={[
          { value: 'public', label: 'Public' },
          { value: 'restricted', label: 'Restricted' },
        ]}
        onChange={(value) => {
          onChange({ ...entry, public: value === 'public' });
        }}
      />
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600}>
          Levels
        </Text>
        <Chip.Group
          multiple
          value={entry.levels}
          onChange={(next) => {
            onChange({ ...entry, levels: applyLevelSelection(entry.levels, next, levelOrder) });
          }}
        >
          <Group gap={6}>
            {levels.map((level) => (
              <Chip key={level.id} value={level.id} size="xs" disabled={restrictedOnly}>
                {level.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600}>
          Roles
        </Text>
        {roles.length === 0 ? (
          <Text size="xs" c="dimmed">
            No department roles yet.
          </Text>
        ) : (
          roles.map((role) => (
            <Checkbox
              key={role.id}
              size="xs"
              label={roleLabel(role)}
              checked={entry.roles.includes(role.id)}
              disabled={restrictedOnly}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                const rest = entry.roles.filter((id) => id !== role.id);
                onChange({ ...entry, roles: checked ? [...rest, role.id] : rest });
              }}
            />
          ))
        )}
      </Stack>
    </CardFrame>
  );
}

export interface LockCardProps {
  card: CardInfo;
  locked: boolean;
  disabled: boolean;
  onChange: (locked: boolean) => void;
}

/** One navigation item of another agency: Locked or Unlocked only. */
export function LockCard({ card, locked, disabled, onChange }: LockCardProps) {
  return (
    <CardFrame card={card} locked={locked}>
      <SegmentedControl
        fullWidth
        size="xs"
        value={locked ? 'locked' : 'unlocked'}
        disabled={disabled}
        data={[
          { value: 'locked', label: 'Locked' },
          { value: 'unlocked', label: 'Unlocked' },
        ]}
        onChange={(value) => {
          onChange(value === 'locked');
        }}
      />
    </CardFrame>
  );
}
