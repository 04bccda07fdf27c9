import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { callFailureOf, type ListSave } from '@/components/catalogue-calls';
import { SaveProblemAlert } from '@/components/SaveProblemAlert';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { saveProblemOf, type CallFailure, type SaveProblem } from '@/lib/catalogue-failure';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

export interface CatalogueDialogFrameProps {
  /** 'New equipment', 'Edit {name}', …; also names the form. */
  title: string;
  size?: 'lg' | 'xl';
  /** 'Create equipment', 'Save changes', … */
  submitLabel: string;
  /** A save is under way: the buttons wait and the dialog does not close. */
  busy?: boolean;
  /** Unsaved edits: a click beside the dialog does not drop them. */
  dirty: boolean;
  /** Shown above the buttons: a refused save (SaveProblemAlert). */
  alert?: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * The frame of a catalogue editor (command-and-reports §2, §4, §8): a dialog titled `title`
 * (full screen on phones) holding a form (Enter in a text field submits), the fields, an
 * alert (a refused save) and the Cancel and submit buttons.
 */
export function CatalogueDialogFrame({
  title,
  size = 'lg',
  submitLabel,
  busy = false,
  dirty,
  alert = null,
  onSubmit,
  onClose,
  'data-testid': testId,
  children,
}: CatalogueDialogFrameProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened
      title={title}
      size={size}
      fullScreen={phone}
      closeButtonProps={MODAL_CLOSE}
      closeOnClickOutside={!dirty}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
        aria-label={title}
        data-testid={testId}
      >
        <Stack gap="md">
          {children}
          {alert}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The problems of a draft by field ('Equipment name is required' under Name); null or absent: none. */
export type FieldErrors<D> = Partial<Record<keyof D, string | null>>;

/** What a catalogue editor's fields get: the draft, and ways to change it. */
export interface DraftForm<D> {
  draft: D;
  /** A save is under way: the fields wait. */
  busy: boolean;
  /** Replaces the draft (a section or attachment added, removed or edited). */
  change: (next: D) => void;
  /** Sets some fields and clears their problems. */
  update: (patch: Partial<D>) => void;
  /** The problem of a field after a submit, or null. */
  error: (field: keyof D) => string | null;
}

export interface CatalogueItemDialogProps<D, S> {
  title: string;
  size?: 'lg' | 'xl';
  submitLabel: string;
  /** The draft the dialog opens with (called once). */
  start: () => D;
  isDirty: (initial: D, draft: D) => boolean;
  validate: (draft: D) => FieldErrors<D>;
  /** The whole list to save with the draft's entry in it, and that entry's name (for the notification). */
  prepare: (draft: D) => { input: S; name: string };
  /** This dialog's own save (a fresh one per dialog, so an earlier save says nothing about this one). */
  save: ListSave<S>;
  /** The green notification's title: 'Equipment created', 'Uniform updated', … */
  savedText: string;
  /** A refused save's text: the server's, 'HTTP {status}' or the screen's 'Failed to save …'. */
  saveErrorText: (failure: CallFailure | null) => string;
  /** Reloads the list (after a stale save). */
  onReload: () => void;
  onClose: () => void;
  /** The fields. */
  children: (form: DraftForm<D>) => ReactNode;
}

/**
 * A catalogue editor (command-and-reports §2, §4, §5, §8) around the fields a screen renders:
 * a submit checks the draft (problems show under their fields), then saves the whole list with
 * the entry in it at the version read. The dialog stays open until the server answers, so a
 * refused save keeps what was typed: the error shows in the dialog, and a stale save (409)
 * offers Reload, after which saving again applies the entry to the list as it is now. A saved
 * entry says `savedText` in green and closes the dialog. Leaving the screen with unsaved edits
 * asks first.
 */
export function CatalogueItemDialog<D, S>({
  title,
  size,
  submitLabel,
  start,
  isDirty,
  validate,
  prepare,
  save,
  savedText,
  saveErrorText,
  onReload,
  onClose,
  children,
}: CatalogueItemDialogProps<D, S>) {
  const [initial] = useState<D>(start);
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors<D>>({});
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const busy = save.isPending;
  const dirty = isDirty(initial, draft);
  useUnsavedChanges(dirty && !save.isSuccess);

  const submit = () => {
    const found = validate(draft);
    setErrors(found);
    if (Object.values(found).some((message) => message !== null && message !== undefined)) return;
    setProblem(null);
    const { input, name } = prepare(draft);
    save.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: savedText, message: name });
        onClose();
      },
      onError: (error) => {
        setProblem(saveProblemOf(callFailureOf(error), saveErrorText));
      },
    });
  };

  const form: DraftForm<D> = {
    draft,
    busy,
    change: setDraft,
    update: (patch) => {
      setDraft({ ...draft, ...patch });
      const cleared: FieldErrors<D> = { ...errors };
      for (const field of Object.keys(patch) as (keyof D)[]) cleared[field] = null;
      setErrors(cleared);
    },
    error: (field) => errors[field] ?? null,
  };

  return (
    <CatalogueDialogFrame
      title={title}
      size={size}
      submitLabel={submitLabel}
      busy={busy}
      dirty={dirty}
      alert={
        problem !== null && (
          <SaveProblemAlert
            problem={problem}
            onReload={() => {
              setProblem(null);
              onReload();
            }}
          />
        )
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {children(form)}
    </CatalogueDialogFrame>
  );
}
