import { Badge, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/** A uniform's attachments as chips, under the heading 'Attachments'; nothing without any. */
export function AttachmentChips({ attachments }: { attachments: readonly string[] }) {
  const headingId = useId();
  if (attachments.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase">
        Attachments
      </Text>
      <Group gap={6} role="list" aria-labelledby={headingId}>
        {attachments.map((attachment, index) => (
          <Badge
            key={`${attachment}-${String(index)}`}
            role="listitem"
            variant="light"
            tt="none"
            fw={500}
            size="lg"
            radius="xl"
            maw="100%"
            data-testid="attachment-chip"
          >
            {attachment}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
