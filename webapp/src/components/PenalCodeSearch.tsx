import { Alert, Badge, Button, Group, Loader, Modal, Paper, ScrollArea, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { penalCodesErrorText, penalCodesQueryOptions, type PenalCode } from '@/api/penal-codes';
import { filterPenalCodes, formatCustodyRange, formatFineRange } from '@/lib/penal-format';

export type { PenalCode } from '@/api/penal-codes';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

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
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Search Penal Code" size="xl" fullScreen={phone} closeButtonProps={MODAL_CLOSE}>
      {opened && (
        <PenalCodeList
          onSelect={(entry) => {
            onSelect(entry);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function PenalCodeList({ onSelect }: { onSelect: (entry: PenalCode) => void }) {
  const slug = useActiveSlug();
  const catalogue = useQuery(penalCodesQueryOptions(slug));
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const items = catalogue.data?.items ?? [];
  const matches = filterPenalCodes(items, search, category);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Search"
          placeholder="Statute, title or description"
          value={search}
          data-autofocus
          onChange={(event) => {
            setSearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              const only = matches.length === 1 ? matches[0] : undefined;
              if (only !== undefined) onSelect(only);
            }
          }}
        />
        <Select
          label="Category"
          placeholder="All categories"
          data={catalogue.data?.categories ?? []}
          value={category}
          onChange={setCategory}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {catalogue.status === 'pending' ? (
        <Group gap="sm" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading penal codes…</Text>
        </Group>
      ) : catalogue.status === 'error' ? (
        <Alert color="red" variant="light" title="Penal codes unavailable" role="alert">
          {penalCodesErrorText(catalogue.error)}
        </Alert>
      ) : matches.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {items.length === 0 ? 'The penal code catalogue is empty' : 'No matching penal codes'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="60vh" type="auto">
          <Stack gap="xs" role="list" aria-label="Penal codes">
            {matches.map((entry) => (
              <Paper key={entry.id ?? entry.statute} withBorder p="xs" radius="sm" role="listitem" data-testid="penal-code-row">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
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
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Select ${entry.statute} ${entry.title}`}
                    onClick={() => {
                      onSelect(entry);
                    }}
                  >
                    Select
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
