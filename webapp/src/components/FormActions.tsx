import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A refused save in red (the server's sentence, or the screen's fallback); nothing without one. */
export function FailureAlert({ message, testId }: { message: string | null; testId?: string }) {
  if (message === null) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}

export interface FormActionsProps {
  /** Above the buttons: a refused save (`FailureAlert`, `SaveProblemAlert`), or nothing. */
  alert?: ReactNode;
  /** 'Cancel', or 'Close' where nothing can be changed. */
  cancelLabel?: string;
  onCancel: () => void;
  /** 'Save', 'Save template', … */
  submitLabel?: string;
  /** A save is under way: Cancel waits, the submit button spins. */
  busy: boolean;
  /** No submit button (the viewer may not change anything). */
  readOnly?: boolean;
  submitDisabled?: boolean;
}

/** The end of a form: what went wrong, if anything, then Cancel and the submit button on the right. */
export function FormActions({
  alert = null,
  cancelLabel = 'Cancel',
  onCancel,
  submitLabel = 'Save',
  busy,
  readOnly = false,
  submitDisabled = false,
}: FormActionsProps) {
  return (
    <>
      {alert}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        {!readOnly && (
          <Button type="submit" loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        )}
      </Group>
    </>
  );
}
