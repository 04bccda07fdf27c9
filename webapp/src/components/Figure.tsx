import { Paper, Text } from '@mantine/core';

export interface FigureProps {
  /** What is counted ('Hours', 'Members now', …), small and dimmed. */
  label: string;
  /** The number as read ('12', '4.5 h', …), in bold. */
  value: string;
  testId?: string;
  /** The profile's larger figures; analytics' four in a row are smaller. */
  large?: boolean;
}

/** One key figure in a bordered box: a label above a bold value (analytics' cards, My duty). */
export function Figure({ label, value, testId, large = false }: FigureProps) {
  return (
    <Paper withBorder p={large ? 'sm' : 'xs'} radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size={large ? 'xl' : 'lg'} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
