import { Alert, Button, Stack, Text } from '@mantine/core';
import type { SaveProblem } from '@/lib/catalogue-failure';

export interface SaveProblemAlertProps {
  problem: SaveProblem;
  /** Reloads the list; offered only when the save was stale (409). */
  onReload: () => void;
  reloading?: boolean;
  'data-testid'?: string;
}

/**
 * A refused whole-list save (command-and-reports §4, §8), in red: the server's text (or
 * 'HTTP {status}', or the screen's 'Failed to save …'), and for a stale save (someone else
 * saved the list first) a Reload button.
 */
export function SaveProblemAlert({ problem, onReload, reloading = false, 'data-testid': testId }: SaveProblemAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{problem.message}</Text>
        {problem.stale && (
          <Button size="xs" variant="default" loading={reloading} onClick={onReload}>
            Reload
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
