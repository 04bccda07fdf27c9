import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Structure } from '@/api/types';
import { STRUCTURE_NAME_MAX } from '@/lib/limits';
import { useStructureChange } from '../../api/use-structure';
import { DiscordRoleField } from '../DiscordRoleField';
import { serverText, StructureDialog, type StructureModalProps } from './common';

export interface NamedItemModalProps extends StructureModalProps {
  title: string;
  /** Label of the name field. */
  nameLabel?: string;
  initialName?: string;
  initialRoleId?: string | null;
  /** Shown when the name is blank; null: a blank name saves nothing (Edit Sub). */
  nameRequired: string | null;
  /** The write, given the trimmed name and the linked Discord role. */
  write: (name: string, roleId: string | null) => Promise<Structure>;
  /** The confirmation after a save ('Department saved', 'Role added', …). */
  saved: string;
}

/**
 * The form of Add/Edit Department, Add/Edit Sub and Add/Edit Role: a name and a linked Discord
 * role, saved by `write`.
 */
export function NamedItemModal({
  slug,
  title,
  nameLabel = 'Name',
  initialName = '',
  initialRoleId = null,
  roles,
  nameRequired,
  write,
  saved,
  onClose,
}: NamedItemModalProps) {
  const form = useForm({
    initialValues: { name: initialName, roleId: initialRoleId },
    validate: {
      name: (value) => (nameRequired !== null && value.trim() === '' ? nameRequired : null),
    },
  });
  // The server's refusal (a taken name, an outage); the name's own rule sits in its field.
  const [error, setError] = useState<string | null>(null);
  const change = useStructureChange(slug);
  const name = form.values.name;

  const onSubmit = form.onSubmit(({ name: typed, roleId }) => {
    const trimmed = typed.trim();
    // Edit Sub: a blank name saves nothing.
    if (trimmed === '') return;
    setError(null);
    change.mutate(() => write(trimmed, roleId), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: saved });
        onClose();
      },
      onError: (failure) => {
        setError(serverText(failure, 'Save failed'));
      },
    });
  });

  return (
    <StructureDialog
      dirty={form.isDirty()}
      title={title}
      busy={change.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      submitDisabled={nameRequired === null && name.trim() === ''}
      error={error}
    >
      <TextInput
        label={nameLabel}
        required
        data-autofocus
        maxLength={STRUCTURE_NAME_MAX}
        disabled={change.isPending}
        {...form.getInputProps('name')}
      />
      <DiscordRoleField
        value={form.values.roleId}
        onChange={(roleId) => {
          form.setFieldValue('roleId', roleId);
        }}
        roles={roles}
        disabled={change.isPending}
      />
    </StructureDialog>
  );
}
