import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, use, useEffect, useId, useMemo, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useDialogLayer } from './dialog-layers';
import { FormActions, type FormActionsProps } from './FormActions';
import { UNSAVED_CHANGES_TITLE } from './use-unsaved-changes';

/** The question before a dialog with unsaved changes is closed. */
export const DISCARD_CHANGES = 'Close this dialog and drop your changes?';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };
const PHONE = '(max-width: 36em)';

/** How many dialogs deep a dialog is rendered (0: over the page). */
const DialogDepth = createContext(0);

interface DialogControl {
  /** Closes the dialog, after asking when it holds unsaved changes. */
  close: () => void;
  /** A part of the dialog (a form inside it) says whether it holds unsaved changes. */
  markDirty: (part: string, dirty: boolean) => void;
}

const DialogContext = createContext<DialogControl | null>(null);

/**
 * Closes the dialog this is rendered in as its × would: after "Unsaved changes" when the
 * dialog holds changes, not at all while it saves. Outside a dialog: `fallback`.
 */
export function useDialogClose(fallback: () => void): () => void {
  return use(DialogContext)?.close ?? fallback;
}

/**
 * Tells the dialog this is rendered in that a form inside it holds unsaved changes (the review
 * notes of a report under review, the fields of a session): closing it then asks first.
 * Outside a dialog it does nothing.
 */
export function useDirtyInDialog(dirty: boolean): void {
  const control = use(DialogContext);
  const part = useId();
  useEffect(() => {
    if (control === null) return undefined;
    control.markDirty(part, dirty);
    return () => {
      control.markDirty(part, false);
    };
  }, [control, part, dirty]);
}

export interface DialogProps {
  /** Open by default: most dialogs are mounted while open. */
  opened?: boolean;
  title: ReactNode;
  size?: ModalProps['size'];
  /** Fill the screen: on phones (the default), always or never. */
  fullScreen?: 'phone' | boolean;
  /** Unsaved changes: Escape, a click beside the dialog, × and Cancel ask before closing. */
  dirty?: boolean;
  /** A save is under way: the dialog does not close. */
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Every dialog of the portal. Escape closes only the dialog on top (a picker opened from a
 * dialog, not the dialog beneath it too). A dialog with unsaved changes (`dirty`, or a form
 * inside it that says so through `useDirtyInDialog`) is not closed by Escape, a click beside
 * it, × or Cancel without "Unsaved changes": *Close this dialog and drop your changes?* with
 * Keep editing (the default, also Escape) and Discard. While `busy` it stays open.
 */
export function Dialog({ opened = true, title, size = 'lg', fullScreen = 'phone', dirty = false, busy = false, onClose, children }: DialogProps) {
  const id = useId();
  const depth = use(DialogDepth);
  const phone = useMediaQuery(PHONE);
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(() => new Set());
  const [asking, setAsking] = useState(false);
  const unsaved = dirty || dirtyParts.size > 0;

  const close = () => {
    if (busy) return;
    if (unsaved) setAsking(true);
    else onClose();
  };
  useDialogLayer(id, depth, opened, close);

  // The context stays the same object; its close is the close of the latest render.
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  const control = useMemo<DialogControl>(
    () => ({
      close: () => {
        latestClose.current();
      },
      markDirty: (part, partDirty) => {
        setDirtyParts((current) => {
          if (current.has(part) === partDirty) return current;
          const next = new Set(current);
          if (partDirty) next.add(part);
          else next.delete(part);
          return next;
        });
      },
    }),
    [],
  );

  return (
    <Modal
      id={id}
      opened={opened}
      title={title}
      size={size}
      fullScreen={fullScreen === 'phone' ? phone : fullScreen}
      closeButtonProps={MODAL_CLOSE}
      closeOnEscape={false}
      onClose={close}
    >
      <DialogDepth value={depth + 1}>
        <DialogContext value={control}>
          {children}
          <DiscardChanges
            opened={asking}
            onKeep={() => {
              setAsking(false);
            }}
            onDiscard={() => {
              setAsking(false);
              onClose();
            }}
          />
        </DialogContext>
      </DialogDepth>
    </Modal>
  );
}

/** "Unsaved changes" over a dialog being closed: Keep editing (focused first) or Discard. */
function DiscardChanges({ opened, onKeep, onDiscard }: { opened: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Dialog opened={opened} title={UNSAVED_CHANGES_TITLE} size="sm" fullScreen={false} onClose={onKeep}>
      <Text size="sm" mb="md">
        {DISCARD_CHANGES}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" data-autofocus onClick={onKeep}>
          Keep editing
        </Button>
        <Button color="red" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Dialog>
  );
}

export interface FormDialogProps extends Omit<DialogProps, 'children'> {
  /** 'Save', 'Create equipment', … */
  submitLabel?: string;
  /** 'Cancel', or 'Close' where nothing can be changed. */
  cancelLabel?: string;
  /** No submit button (a read-only view of the form). */
  readOnly?: boolean;
  submitDisabled?: boolean;
  /** Enter in a text field or the submit button; `form.onSubmit(…)` of @mantine/form fits. */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** Above the buttons: a refused save. */
  alert?: ReactNode;
  /** The space between the fields. */
  gap?: 'sm' | 'md';
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A dialog holding one form (a `Dialog`): the fields, an alert (a refused save), then Cancel
 * and the submit button. The form is named after the dialog's title; Cancel closes as × does
 * (asking first when there are unsaved changes); both buttons wait while `busy`.
 */
export function FormDialog({
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  readOnly = false,
  submitDisabled = false,
  onSubmit,
  alert = null,
  gap = 'md',
  'data-testid': testId,
  children,
  ...dialog
}: FormDialogProps) {
  return (
    <Dialog {...dialog}>
      <form
        noValidate
        aria-label={typeof dialog.title === 'string' ? dialog.title : undefined}
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) onSubmit(event);
        }}
      >
        <Stack gap={gap}>
          {children}
          <FormDialogActions
            alert={alert}
            submitLabel={submitLabel}
            cancelLabel={cancelLabel}
            readOnly={readOnly}
            submitDisabled={submitDisabled}
            busy={dialog.busy ?? false}
            onCancel={dialog.onClose}
          />
        </Stack>
      </form>
    </Dialog>
  );
}

/** The form's buttons, Cancel closing the dialog as × does. */
function FormDialogActions({ onCancel, ...actions }: FormActionsProps) {
  const cancel = useDialogClose(onCancel);
  return <FormActions {...actions} onCancel={cancel} />;
}
