import { Alert, Badge, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useActiveSlug } from '@/agency/context';
import { CardsOrTable } from '@/components/CardsOrTable';
import { QueryStatus } from '@/components/QueryStatus';
import { ReportSection } from '@/components/ReportRows';
import { discordErrorText, discordMappingsQueryOptions, useSaveDirections, type Mapping } from '../api/discord';
import {
  canChooseDirection,
  DIRECTION_SAVED,
  directionLabel,
  DIRECTIONS,
  kindLabel,
  MAPPINGS_UNAVAILABLE,
  mappingPlace,
  NO_MAPPINGS,
} from '../lib/discord';

interface LinkViewProps {
  mapping: Mapping;
  /** The direction select, or the direction as text. */
  direction: ReactNode;
}

function DiscordRoleName({ mapping }: { mapping: Mapping }) {
  return mapping.discordRoleName == null ? (
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {mapping.discordRoleId}
    </Text>
  ) : (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} title={mapping.discordRoleId}>
      {mapping.discordRoleName}
    </Text>
  );
}

function LinkRow({ mapping, direction }: LinkViewProps) {
  return (
    <Table.Tr data-testid="discord-mapping">
      <Table.Td>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {mappingPlace(mapping)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray" style={{ minWidth: 'max-content' }}>
          {kindLabel(mapping.kind)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <DiscordRoleName mapping={mapping} />
      </Table.Td>
      <Table.Td>{direction}</Table.Td>
    </Table.Tr>
  );
}

function LinkCard({ mapping, direction }: LinkViewProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" data-testid="discord-mapping">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {mappingPlace(mapping)}
          </Text>
          <Badge variant="light" color="gray" style={{ minWidth: 'max-content' }}>
            {kindLabel(mapping.kind)}
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            Discord role:
          </Text>
          <DiscordRoleName mapping={mapping} />
        </Group>
        {direction}
      </Stack>
    </Paper>
  );
}

/**
 * The parts of the structure linked to Discord roles (linked in Department management): the
 * part, the Discord role's name (its id when the guild could not be read) and which way it
 * goes. Department roles may be handed out in Discord (the roster follows); ranks, departments
 * and sub-departments always follow the roster. A direction is saved as soon as it is chosen.
 */
export function RoleLinks({ writable }: { writable: boolean }) {
  const slug = useActiveSlug();
  const query = useQuery(discordMappingsQueryOptions(slug));
  const save = useSaveDirections(slug);
  const mappings = query.data?.mappings ?? [];

  const choose = (mapping: Mapping, direction: string | null) => {
    if (direction === null || direction === mapping.direction) return;
    save.mutate(
      { [mapping.itemId]: direction },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${mapping.name}: ${directionLabel(direction)}. ${DIRECTION_SAVED}` });
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Direction not saved', message: discordErrorText(error) });
        },
      },
    );
  };

  const direction = (mapping: Mapping) =>
    writable && canChooseDirection(mapping.kind) ? (
      <Select
        aria-label={`Direction of ${mapping.name}`}
        data={[...DIRECTIONS]}
        value={mapping.direction}
        onChange={(value) => {
          choose(mapping, value);
        }}
        allowDeselect={false}
        disabled={save.isPending}
        size="xs"
        w={{ base: '100%', sm: 180 }}
        comboboxProps={{ withinPortal: true }}
      />
    ) : (
      <Text size="sm">{directionLabel(mapping.direction)}</Text>
    );

  return (
    <ReportSection id="discord-mappings-title" title="Role links">
      <Text size="sm" c="dimmed">
        The roster decides a member's Discord roles; a department role may instead be handed out in Discord, and the
        roster follows.
      </Text>
      <QueryStatus
        query={query}
        loading="Loading role links…"
        errorTitle={MAPPINGS_UNAVAILABLE}
        errorText={(error) => discordErrorText(error)}
        empty={query.data !== undefined && mappings.length === 0 ? NO_MAPPINGS : null}
        emptyTestId="discord-mappings-empty"
      >
        {query.data?.rolesProblem != null && (
          <Alert color="yellow" variant="light" title="Role names unavailable">
            {query.data.rolesProblem}
          </Alert>
        )}
        <CardsOrTable
          items={mappings}
          itemKey={(mapping) => `${mapping.kind}:${mapping.itemId}`}
          label="Role links"
          columns={['Linked to', 'Kind', 'Discord role', 'Direction']}
          row={(mapping) => <LinkRow mapping={mapping} direction={direction(mapping)} />}
          card={(mapping) => <LinkCard mapping={mapping} direction={direction(mapping)} />}
          cardsUpTo="48em"
        />
      </QueryStatus>
    </ReportSection>
  );
}
