import { Badge, Progress, Stack, Text } from '@mantine/core';
import { checklistProgress, progressPercent, progressText, SESSION_STATUS_COLORS, SESSION_STATUS_LABELS, type SessionStatus } from '@/lib/training';

/** A training session's status as a badge in its colour (Scheduled, In progress, Completed). */
export function SessionStatusBadge({ status, variant = 'light' }: { status: SessionStatus; variant?: 'light' | 'filled' }) {
  return (
    <Badge color={SESSION_STATUS_COLORS[status]} variant={variant} style={{ flexShrink: 0 }}>
      {SESSION_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * How far a session's checklist is: a bar named 'Checklist progress of {title}' and
 * '2 of 4 done (1 of 3 required)' under it. Training's session cards and the profile show it.
 */
export function ChecklistProgress({
  checklist,
  title,
  color,
}: {
  checklist: Parameters<typeof checklistProgress>[0];
  title: string;
  /** The bar's colour (the status's on the profile). */
  color?: string;
}) {
  const progress = checklistProgress(checklist);
  return (
    <Stack gap={2}>
      <Progress value={progressPercent(progress)} size="sm" color={color} aria-label={`Checklist progress of ${title}`} />
      <Text size="xs" c="dimmed">
        {progressText(progress)}
      </Text>
    </Stack>
  );
}
