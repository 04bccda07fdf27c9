import { useState } from 'react';
import { ApiError } from '@/api/client';

export interface RefusalOptions<F extends string> {
  /** The sentence of a failure: the server's, or the form's fallback. */
  text: (error: unknown) => string;
  /** The field a sentence is about, from it and the HTTP status (null when no answer came), or null. */
  fieldOf: (message: string, status: number | null) => F | null;
}

/**
 * Where a form shows a refused save: under the field the server's sentence is about, else
 * above the buttons (`message`, for the form's `FailureAlert`). `clear` before sending again;
 * `refuse` returns the field the sentence went under, or null.
 */
export function useRefusal<F extends string>(
  form: { setFieldError: (field: F, error: string) => void },
  { text, fieldOf }: RefusalOptions<F>,
) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => {
      setMessage(null);
    },
    refuse: (error: unknown): F | null => {
      const sentence = text(error);
      const field = fieldOf(sentence, error instanceof ApiError ? error.status : null);
      if (field === null) setMessage(sentence);
      else form.setFieldError(field, sentence);
      return field;
    },
  };
}
