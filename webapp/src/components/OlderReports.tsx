import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

export const SHOW_OLDER = 'Show older reports';
export const OLDER_FAILED = 'Older reports could not be loaded. Try again.';

function reportCount(count: number): string {
  return `${String(count)} ${count === 1 ? 'report' : 'reports'}`;
}

export interface OlderReportsProps {
  /** How many reports are shown. */
  shown: number;
  /** Whether older reports remain to be read. */
  hasMore: boolean;
  /** Whether older reports are being read now. */
  loading: boolean;
  /** Whether the last read of older reports failed (what is shown stays). */
  failed: boolean;
  onMore: () => void;
}

/**
 * Under a list read a page at a time (the review screens, the profile's *My reports*): how many
 * reports are shown, and the button that reads older ones while there are any (across the
 * screen on a phone).
 */
export function OlderReports({ shown, hasMore, loading, failed, onMore }: OlderReportsProps) {
  const count = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The button is disabled while it reads and gone after the last page, which drops the
  // keyboard's focus: once read, focus goes back to it, or to the count when it is gone.
  const asked = useRef(false);
  useEffect(() => {
    if (loading || !asked.current) return;
    asked.current = false;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    (hasMore ? button.current : count.current)?.focus({ preventScroll: true });
  }, [loading, hasMore]);
  return (
    <Stack gap="xs" align="center">
      <Text ref={count} tabIndex={-1} size="sm" c="dimmed" data-testid="reports-count" aria-live="polite">
        {hasMore ? `Showing the newest ${reportCount(shown)}` : reportCount(shown)}
      </Text>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {OLDER_FAILED}
        </Text>
      )}
      {hasMore && (
        <Button
          ref={button}
          variant="default"
          onClick={() => {
            asked.current = true;
            onMore();
          }}
          loading={loading}
          w={{ base: '100%', xs: 'auto' }}
        >
          {SHOW_OLDER}
        </Button>
      )}
    </Stack>
  );
}
