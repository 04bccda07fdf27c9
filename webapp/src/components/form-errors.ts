import type { FormErrors, UseFormReturnType } from '@mantine/form';

/**
 * Helpers of the forms that @mantine/form validates: keyboard focus on the first field a
 * validation marked, dropping the errors of a list that is replaced whole, and setting several
 * fields at once.
 */

/** What the helpers need of a `useForm` form. */
export interface ValidatedForm {
  /** The input rendered with `data-path={path}` (`getInputProps` adds it), or null. */
  getInputNode: (path: string) => HTMLElement | null;
  setErrors: (errors: FormErrors | ((current: FormErrors) => FormErrors)) => void;
}

/**
 * Moves keyboard focus to the first field, in the order of the page, that `errors` marks (a
 * field whose error has no input of its own is skipped). Returns the path focused, or null.
 */
export function focusFirstError(form: Pick<ValidatedForm, 'getInputNode'>, errors: FormErrors): string | null {
  let first: { path: string; node: HTMLElement } | null = null;
  for (const path of Object.keys(errors)) {
    const node = form.getInputNode(path);
    if (node === null) continue;
    if (first === null || node.compareDocumentPosition(first.node) & Node.DOCUMENT_POSITION_FOLLOWING) {
      first = { path, node };
    }
  }
  first?.node.focus();
  return first?.path ?? null;
}

/** Drops the errors of `path` and of everything under it (`officers`, `officers.0.name`, …). */
export function clearErrorsUnder(form: Pick<ValidatedForm, 'setErrors'>, path: string): void {
  form.setErrors((current) => {
    const kept = Object.entries(current).filter(([key]) => key !== path && !key.startsWith(`${path}.`));
    return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
  });
}

/**
 * Sets the fields of `patch` that differ, as typing into each would: each becomes dirty or
 * clean by its own value and loses its own error, the other fields keep theirs (a whole
 * `setValues` clears every error).
 */
export function setFields<V extends object>(form: UseFormReturnType<V>, patch: Partial<V>): void {
  const values = form.getValues();
  for (const [field, value] of Object.entries(patch)) {
    if (values[field as keyof V] !== value) setFieldAt(form, field, value);
  }
}

/**
 * `form.setFieldValue(path, value)` for a path built at run time (`ranks.2.file`) in a form
 * whose type is generic, where @mantine/form cannot type the value: the caller vouches for it.
 */
export function setFieldAt<V extends object>(form: UseFormReturnType<V>, path: string, value: unknown): void {
  (form.setFieldValue as (path: string, value: unknown) => void)(path, value);
}
