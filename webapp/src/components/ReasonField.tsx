import { Textarea } from '@mantine/core';
import type { ComponentProps } from 'react';
import { REASON_MAX } from '@/lib/limits';

/**
 * A form's reason or note (leave, shift corrections, qualifications, applications, roster
 * edits): a textarea growing from two to five rows, at most `REASON_MAX` characters (the
 * server's limit); any other Textarea property (label, description, required,
 * data-autofocus, …) is passed on.
 */
export function ReasonField(props: ComponentProps<typeof Textarea>) {
  return <Textarea autosize minRows={2} maxRows={5} maxLength={REASON_MAX} {...props} />;
}
