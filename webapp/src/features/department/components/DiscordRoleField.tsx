import { Select, TextInput } from '@mantine/core';
import type { DiscordRole } from '@/api/types';

export interface DiscordRoleFieldProps {
  label?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The community server's roles; null when they cannot be listed (the id is then typed). */
  roles: readonly DiscordRole[] | null;
  disabled?: boolean;
}

/** The linked Discord role: a searchable list when the bot can list roles, else the role id as text. */
export function DiscordRoleField({ label = 'Discord role', value, onChange, roles, disabled = false }: DiscordRoleFieldProps) {
  if (roles === null) {
    return (
      <TextInput
        label={label}
        description="Discord role id (the role list is unavailable)"
        placeholder="Role id"
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => {
          const text = event.currentTarget.value.trim();
          onChange(text === '' ? null : text);
        }}
      />
    );
  }
  const data = roles.map((role) => ({ value: role.id, label: role.name }));
  if (value !== null && !roles.some((role) => role.id === value)) data.unshift({ value, label: `Unknown role (${value})` });
  return (
    <Select
      label={label}
      placeholder="None"
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      disabled={disabled}
      nothingFoundMessage="No roles"
    />
  );
}
