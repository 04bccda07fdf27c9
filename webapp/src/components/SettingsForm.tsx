import { Button, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications, type NotificationData } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { FailureAlert } from './FormActions';
import { useUnsavedChanges } from './use-unsaved-changes';

export interface SettingsSaveOptions<Values, Saved, Body> {
  /** The settings' form (`useForm`); saved settings become its unchanged state. */
  form: UseFormReturnType<Values>;
  /** The save call; it answers with the settings as saved. */
  save: Pick<UseMutationResult<Saved, Error, Body>, 'mutate' | 'isPending'>;
  /** The form's values of saved settings. */
  valuesOf: (saved: Saved) => Values;
  /** The refusal's sentence (the server's, or the screen's fallback). */
  errorText: (error: unknown) => string;
  /** The `FailureAlert`'s test id. */
  problemTestId: string;
}

/**
 * An agency's settings saved from a card (duty, Discord): unsaved changes guarded while the form
 * differs from what is saved; `send` saves, makes the answer the form's unchanged state and
 * shows the notification `notice` makes of it (green unless it says), or the refusal in the
 * form; `frame` is what `SettingsFormFrame` takes of it (Undo changes resets the form).
 */
export function useSettingsSave<Values, Saved, Body>({ form, save, valuesOf, errorText, problemTestId }: SettingsSaveOptions<Values, Saved, Body>) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const dirty = form.isDirty();
  useUnsavedChanges(dirty);

  const send = (body: Body, notice: (saved: Saved) => NotificationData) => {
    setRefusal(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        const values = valuesOf(saved);
        form.setInitialValues(values);
        form.setValues(values);
        notifications.show({ color: 'green', ...notice(saved) });
      },
      onError: (error) => {
        setRefusal(errorText(error));
      },
    });
  };

  const undo = () => {
    form.reset();
    setRefusal(null);
  };

  return { send, frame: { refusal, problemTestId, dirty, busy: save.isPending, onUndo: undo } };
}

export interface SettingsFormFrameProps {
  /** The form's accessible name ('Duty settings'). */
  label: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  refusal: string | null;
  problemTestId: string;
  dirty: boolean;
  busy: boolean;
  onUndo: () => void;
  /** The fields. */
  children: ReactNode;
}

/** A settings card's form: the fields, a refused save, then Undo changes (once changed) and Save settings. */
export function SettingsFormFrame({ label, onSubmit, refusal, problemTestId, dirty, busy, onUndo, children }: SettingsFormFrameProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {children}
        <FailureAlert message={refusal} testId={problemTestId} />
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Button variant="default" disabled={busy} onClick={onUndo}>
              Undo changes
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={!dirty}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
