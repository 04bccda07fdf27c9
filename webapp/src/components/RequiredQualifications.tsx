import { MultiSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { qualificationsQueryOptions } from '@/api/qualifications';
import { requiredNames, requiresText } from '@/lib/qualifications';

export interface RequiredQualificationsFieldProps {
  /** Qualification ids (as text, as the catalogues store them). */
  value: readonly string[];
  onChange: (value: string[]) => void;
  label?: string;
  disabled?: boolean;
  /** A smaller field (a livery's). */
  compact?: boolean;
}

/**
 * "Required qualifications" of a catalogue item or a livery (issue 23): the qualifications a
 * member must hold, all of them, besides a rank that may use it. Empty by default (nothing
 * required). Ids the catalogue no longer lists stay, shown by number, until removed.
 */
export function RequiredQualificationsField({
  value,
  onChange,
  label = 'Required qualifications',
  disabled = false,
  compact = false,
}: RequiredQualificationsFieldProps) {
  const slug = useActiveSlug();
  const catalogue = useQuery(qualificationsQueryOptions(slug));
  const list = catalogue.data ?? [];
  const options = list.map((q) => ({ value: String(q.id), label: q.name }));
  for (const id of value) {
    if (!options.some((option) => option.value === id)) options.push({ value: id, label: requiredNames([id], list)[0] ?? id });
  }
  return (
    <MultiSelect
      label={label}
      description={compact ? undefined : 'A member sees it only when they hold every one of these, besides a rank that may use it.'}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={value.length === 0 ? (catalogue.isPending ? 'Loading qualifications…' : 'None required') : undefined}
      data={options}
      value={[...value]}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={list.length === 0 ? 'No qualifications in the catalogue' : 'No qualification of that name'}
      disabled={disabled}
      size={compact ? 'xs' : 'sm'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** 'Requires Pursuit driver' on a management card, or nothing when the item requires none. */
export function RequiredQualificationsLine({ ids }: { ids: readonly string[] | null | undefined }) {
  if (ids == null || ids.length === 0) return null;
  return <RequiredNames ids={ids} />;
}

/** The names of `ids` in the catalogue's words (by number until it loads, or when it cannot be read). */
function RequiredNames({ ids }: { ids: readonly string[] }) {
  const slug = useActiveSlug();
  const catalogue = useQuery(qualificationsQueryOptions(slug));
  const text = requiresText(requiredNames(ids, catalogue.data ?? []));
  if (text === null) return null;
  return (
    <Text size="sm" c="orange" style={{ overflowWrap: 'anywhere' }} data-testid="required-qualifications">
      {text}
    </Text>
  );
}
