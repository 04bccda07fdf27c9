import { Card, Flex, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useActiveSlug } from '@/agency/context';
import { callFailureOf } from '@/components/catalogue-calls';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { allowedSummary } from '@/lib/rank-list';
import { equipmentQueryOptions, type Equipment } from '../api/equipment';
import { displaySections, EQUIPMENT_UNAVAILABLE, memberLoadErrorText, NO_EQUIPMENT_YET } from '../lib/equipment';
import { EntryImage } from './EntryImage';
import { SectionLists } from './SectionLists';

function EquipmentCard({ entry }: { entry: Equipment }) {
  const titleId = useId();
  const notes = (entry.notes ?? '').trim();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="equipment-card">
      <Flex direction={{ base: 'column', xs: 'row' }} gap="md" align="flex-start">
        <EntryImage src={entry.image} alt={entry.name} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {entry.name}
          </Title>
          <Text size="sm">
            <Text span fw={600} inherit>
              Allowed:
            </Text>{' '}
            {allowedSummary(entry.allowedRanks ?? [], { emptyIsAll: true })}
          </Text>
          {notes !== '' && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {notes}
            </Text>
          )}
          <SectionLists sections={displaySections(entry)} />
        </Stack>
      </Flex>
    </Card>
  );
}

/**
 * Equipment (member-portal §2.8, §4, §8): the equipment templates the viewer's rank may use,
 * each with image, name, 'Allowed: All ranks' or 'N rank(s)', notes, and its sections with
 * their items. The server filters the list by rank.
 */
export function EquipmentPage() {
  const slug = useActiveSlug();
  const query = useQuery(equipmentQueryOptions(slug));
  const list = query.data?.equipment ?? [];

  return (
    <Page title="Equipment" description="The kits your rank may carry, section by section.">
      <QueryStatus
        query={query}
        loading="Loading equipment…"
        errorTitle={EQUIPMENT_UNAVAILABLE}
        errorText={(error) => memberLoadErrorText(callFailureOf(error))}
        empty={list.length === 0 ? NO_EQUIPMENT_YET : null}
        emptyTestId="equipment-empty"
      >
        <Stack gap="md">
          {list.map((entry, index) => (
            <EquipmentCard key={entry.id ?? String(index)} entry={entry} />
          ))}
        </Stack>
      </QueryStatus>
    </Page>
  );
}
