import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  /** 'Delete Patrol car', 'Discard changes', … */
  title: string;
  /** The sentence under the title. */
  message: ReactNode;
  /** The red button ('Delete', 'Revoke', …); without it the portal's OK. */
  confirmLabel?: string;
  /** The other button; Cancel unless said. */
  cancelLabel?: string;
  onConfirm: () => void;
}

/**
 * Asks before a destructive step: a confirmation dialog with the title, the sentence, the red
 * confirm button and Cancel (or `cancelLabel`); `onConfirm` runs only on the red button.
 */
export function confirmAction({ title, message, confirmLabel, cancelLabel = 'Cancel', onConfirm }: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: confirmLabel === undefined ? undefined : { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

export interface ConfirmThenMutateOptions<TData, V> extends Omit<ConfirmOptions, 'onConfirm'> {
  mutation: Pick<UseMutationResult<TData, Error, V>, 'mutate'>;
  variables: V;
  /** The green notification once done. */
  done: string;
  /** The red notification's title, when it has one. */
  failedTitle?: string;
  /** The red notification's sentence (the server's, or the screen's fallback). */
  errorText: (error: unknown) => string;
  /** Anything else to do once done (before the notification). */
  onSuccess?: (data: TData) => void;
}

/**
 * `confirmAction`, then one mutation: a green notification (`done`) once it succeeds, a red one
 * (`failedTitle`, the error's sentence) when it fails. The delete and revoke buttons of the
 * catalogues, the application forms, the tokens, the webhooks, the leave and the training.
 */
export function confirmThenMutate<TData, V>({
  mutation,
  variables,
  done,
  failedTitle,
  errorText,
  onSuccess,
  ...confirm
}: ConfirmThenMutateOptions<TData, V>) {
  confirmAction({
    ...confirm,
    onConfirm: () => {
      mutation.mutate(variables, {
        onSuccess: (data) => {
          onSuccess?.(data);
          notifications.show({ color: 'green', message: done });
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: failedTitle, message: errorText(error) });
        },
      });
    },
  });
}

export interface ConfirmRemovalOptions<TData, V> extends Pick<ConfirmThenMutateOptions<TData, V>, 'message' | 'mutation' | 'variables' | 'errorText'> {
  /** The red button and the title's first word. */
  verb: 'Delete' | 'Revoke';
  /** What the entry is, at the start of the green notification: 'Qualification', 'Form', … */
  kind: string;
  /** The entry's name. */
  name: string;
}

/**
 * Deleting (or revoking) one entry of a list: `Delete <name>` asked with `message`, then
 * `<kind> <name> deleted.` in green, or `<name> not deleted` in red with the error's sentence.
 */
export function confirmRemoval<TData, V>({ verb, kind, name, ...rest }: ConfirmRemovalOptions<TData, V>) {
  const past = verb === 'Delete' ? 'deleted' : 'revoked';
  confirmThenMutate({ ...rest, title: `${verb} ${name}`, confirmLabel: verb, done: `${kind} ${name} ${past}.`, failedTitle: `${name} not ${past}` });
}
