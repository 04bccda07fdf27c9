import { Paper, Text } from '@mantine/core';
import { NOT_SPECIFIED } from '../lib/uniforms';

/** One gear slot of a card: its label and its text, or 'Not specified' when blank. */
export function GearSlotBox({ label, text }: { label: string; text: string }) {
  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={label} data-testid="gear-slot">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {text === '' ? (
        <Text size="sm" c="dimmed" fs="italic">
          {NOT_SPECIFIED}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      )}
    </Paper>
  );
}
