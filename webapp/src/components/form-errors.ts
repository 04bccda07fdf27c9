import type { FormErrors } from '@mantine/form';

/**
 * Helpers of the forms that @mantine/form validates (the report forms): keyboard focus on the
 * first field a validation marked, and dropping the errors of a list that is replaced whole.
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
