import { Alert, Badge, Box, Group, Text } from '@mantine/core';
import { ALSO_EDITING, connectionColor, connectionText, NOBODY_ELSE, type ConnectionState, type Person } from '../lib/collab';

/**
 * The live editor's connection line: Connecting…, Live, Offline, or (in a red alert) the
 * server's reason for closing it, after which the editor is read-only.
 */
export function ConnectionStatus({ state }: { state: ConnectionState }) {
  const text = connectionText(state);
  if (state.kind === 'refused') {
    return (
      <Alert color="red" title="Editing stopped" data-testid="collab-status">
        <Text size="sm">{text}</Text>
        <Text size="sm">The editor is read-only.</Text>
      </Alert>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="collab-status">
      <Box w={10} h={10} style={{ borderRadius: '50%', flex: 'none', background: `var(--mantine-color-${connectionColor(state)}-6)` }} aria-hidden />
      <Text size="sm" c={state.kind === 'offline' ? 'orange.8' : undefined}>
        {text}
      </Text>
    </Group>
  );
}

/** Who else is editing: each name with their caret's colour (wraps on a phone). */
export function PeopleEditing({ people }: { people: readonly Person[] }) {
  if (people.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="collab-people">
        {NOBODY_ELSE}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap" data-testid="collab-people">
      <Text size="sm">{ALSO_EDITING}</Text>
      {people.map((person) => (
        <Badge
          key={person.clientId}
          variant="outline"
          tt="none"
          color="gray"
          leftSection={<Box w={8} h={8} style={{ borderRadius: '50%', background: person.color }} aria-hidden />}
          data-testid="collab-person"
          styles={{ label: { color: 'var(--mantine-color-text)' } }}
        >
          {person.name}
        </Badge>
      ))}
    </Group>
  );
}
