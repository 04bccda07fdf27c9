import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { penalCodesErrorText, penalCodesQueryOptions, type PenalCode } from '@/api/penal-codes';
import { filterPenalCodes, formatCustodyRange, formatFineRange } from '@/lib/penal-format';
import { PickerDialog, SearchList } from './SearchPicker';

export type { PenalCode } from '@/api/penal-codes';

/** Badge colour of a classification: felonies red, misdemeanours orange, the rest (infractions) blue. */
function classificationColor(classification: string): string {
  const lower = classification.toLowerCase();
  if (lower.startsWith('felony')) return 'red';
  if (lower.startsWith('misdemeanor')) return 'orange';
  return 'blue';
}

export interface PenalCodeSearchProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen catalogue entry; the dialog closes after a pick. */
  onSelect: (entry: PenalCode) => void;
}

/**
 * The 'Search Penal Code' dialog (member-portal §2.11): the agency's catalogue
 * (`GET /api/penal-codes`, shared with the form that opens it) with a search box (statute,
 * title, description, classification), a category filter and a Select button per entry showing
 * statute, title, classification, fine and custody ranges (§5 display formats). Enter in the
 * search box picks the only match. Full screen on phones.
 */
export function PenalCodeSearch({ opened, onClose, onSelect }: PenalCodeSearchProps) {
  return (
    <PickerDialog opened={opened} onClose={onClose} title="Search Penal Code" size="xl">
      <PenalCodeList
        onSelect={(entry) => {
          onSelect(entry);
          onClose();
        }}
      />
    </PickerDialog>
  );
}

function PenalCodeList({ onSelect }: { onSelect: (entry: PenalCode) => void }) {
  const slug = useActiveSlug();
  const catalogue = useQuery(penalCodesQueryOptions(slug));
  const [category, setCategory] = useState<string | null>(null);
  const items = catalogue.data?.items ?? [];

  return (
    <SearchList
      status={catalogue.status}
      loadingText="Loading penal codes…"
      errorTitle="Penal codes unavailable"
      errorText={() => penalCodesErrorText(catalogue.error)}
      total={items.length}
      matching={(search) => filterPenalCodes(items, search, category)}
      searchPlaceholder="Statute, title or description"
      emptyText="The penal code catalogue is empty"
      noMatchText="No matching penal codes"
      listLabel="Penal codes"
      itemTestId="penal-code-row"
      keyOf={(entry) => entry.id ?? entry.statute}
      filters={
        <Select
          label="Category"
          placeholder="All categories"
          data={catalogue.data?.categories ?? []}
          value={category}
          onChange={setCategory}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      }
      renderItem={(entry) => (
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{entry.statute}</Text>
            <Text fw={500}>{entry.title}</Text>
            <Badge size="sm" variant="light" color={classificationColor(entry.classification)}>
              {entry.classification}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Fine: {formatFineRange(entry.fineMin, entry.fineMax)} · Custody:{' '}
            {formatCustodyRange(entry.custodyMin, entry.custodyMax)}
          </Text>
          {entry.category !== undefined && entry.category !== '' && (
            <Text size="xs" c="dimmed">
              {entry.category}
            </Text>
          )}
        </Stack>
      )}
      action={(entry) => ({
        label: 'Select',
        ariaLabel: `Select ${entry.statute} ${entry.title}`,
        onClick: () => {
          onSelect(entry);
        },
      })}
      onEnter={onSelect}
    />
  );
}
