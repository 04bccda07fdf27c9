import { Alert } from '@mantine/core';
import { LOA_NOTICE } from '@/lib/rank-access';

/** Shown instead of a screen's write controls to a member on leave of absence. */
export function LoaNotice() {
  return (
    <Alert color="yellow" variant="light" data-testid="loa-notice">
      {LOA_NOTICE}
    </Alert>
  );
}
