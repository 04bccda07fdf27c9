import { notifications, type NotificationData } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from './FormActions';

export interface FormMutationOptions<TData, V> {
  /** The dialog's form (`useForm`): its unsaved changes make closing ask first. */
  form: { isDirty: () => boolean };
  /** The one call the form sends. */
  mutation: Pick<UseMutationResult<TData, Error, V>, 'mutate' | 'isPending'>;
  /** The refusal's sentence (the server's, or the screen's fallback). */
  errorText: (error: unknown) => string;
  onClose: () => void;
  /** The `FailureAlert`'s test id. */
  problemTestId: string;
}

/**
 * A `FormDialog` whose form sends one mutation: `send` clears the last refusal and sends,
 * running `onSuccess` once done and showing the refusal above the buttons otherwise;
 * `sendAndClose` shows the notification `notice` makes of the answer (green unless it says)
 * and closes the dialog once done. `dialog` is what the `FormDialog` takes of it: the width and
 * spacing of these small dialogs, unsaved changes, waiting while it runs, closing, and the
 * refusal's `FailureAlert`.
 */
export function useFormMutation<TData, V>({ form, mutation, errorText, onClose, problemTestId }: FormMutationOptions<TData, V>) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = (variables: V, onSuccess: (data: TData) => void) => {
    setRefusal(null);
    mutation.mutate(variables, {
      onSuccess: (data) => {
        onSuccess(data);
      },
      onError: (error) => {
        setRefusal(errorText(error));
      },
    });
  };
  const sendAndClose = (variables: V, notice: (data: TData) => NotificationData) => {
    send(variables, (data) => {
      notifications.show({ color: 'green', ...notice(data) });
      onClose();
    });
  };
  return {
    send,
    sendAndClose,
    dialog: {
      size: 'md',
      gap: 'sm',
      dirty: form.isDirty(),
      busy: mutation.isPending,
      onClose,
      alert: <FailureAlert message={refusal} testId={problemTestId} />,
    } as const,
  };
}
