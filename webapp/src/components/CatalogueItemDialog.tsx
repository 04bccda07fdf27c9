import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { callFailureOf, type ListSave } from '@/components/catalogue-calls';
import { FormDialog } from '@/components/Dialog';
import { setFields } from '@/components/form-errors';
import { SaveProblemAlert } from '@/components/SaveProblemAlert';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { saveProblemOf, type CallFailure, type SaveProblem } from '@/lib/catalogue-failure';

/** The problems of a draft by field ('Equipment name is required' under Name); null or absent: none. */
export type FieldErrors<D> = Partial<Record<keyof D, string | null>>;

/** What a catalogue editor's fields get: the draft, and ways to change it. */
export interface DraftForm<D extends object> {
  /** The form (@mantine/form): `form.getInputProps('title')` binds a plain field. */
  form: UseFormReturnType<D>;
  draft: D;
  /** A save is under way: the fields wait. */
  busy: boolean;
  /** Replaces the draft (a section or attachment added, removed or edited); the fields that changed lose their problems. */
  change: (next: D) => void;
  /** Sets some fields and clears their problems (the other fields keep theirs). */
  update: (patch: Partial<D>) => void;
  /** The problem of a field after a submit, or null. */
  error: (field: keyof D) => string | null;
}

export interface CatalogueItemDialogProps<D extends object, S> {
  title: string;
  size?: 'lg' | 'xl';
  submitLabel: string;
  /** The draft the dialog opens with (called once). */
  start: () => D;
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
 * A catalogue editor (command-and-reports §2, §4, §5, §8) around the fields a screen renders,
 * on @mantine/form: a submit checks the draft (problems show under their fields), then saves
 * the whole list with the entry in it at the version read. The dialog stays open until the
 * server answers, so a refused save keeps what was typed: the error shows in the dialog, and a
 * stale save (409) offers Reload, after which saving again applies the entry to the list as it
 * is now. A saved entry says `savedText` in green and closes the dialog. Closing the dialog or
 * leaving the screen with unsaved edits asks first.
 */
export function CatalogueItemDialog<D extends object, S>({
  title,
  size = 'lg',
  submitLabel,
  start,
  validate,
  prepare,
  save,
  savedText,
  saveErrorText,
  onReload,
  onClose,
  children,
}: CatalogueItemDialogProps<D, S>) {
  const [initialValues] = useState(start);
  const form = useForm<D>({
    mode: 'controlled',
    initialValues,
    validate: (draft) => validate(draft),
  });
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const busy = save.isPending;
  const dirty = form.isDirty();
  useUnsavedChanges(dirty && !save.isSuccess);

  const submit = form.onSubmit((draft) => {
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
  });

  const fields: DraftForm<D> = {
    form,
    draft: form.values,
    busy,
    change: (next) => {
      setFields(form, next);
    },
    update: (patch) => {
      setFields(form, patch);
    },
    error: (field) => {
      const message = form.errors[String(field)];
      return typeof message === 'string' ? message : null;
    },
  };

  return (
    <FormDialog
      title={title}
      size={size}
      submitLabel={submitLabel}
      busy={busy}
      dirty={dirty && !save.isSuccess}
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
      {children(fields)}
    </FormDialog>
  );
}
