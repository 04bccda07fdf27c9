import { Card, Flex, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { allowedSummary, type RankChoice } from '@/lib/rank-list';
import { AllowedRankNames } from './AllowedRankNames';
import { RequiredQualificationsLine } from './RequiredQualifications';

export interface CatalogueCardProps {
  name: string;
  /** The entry's picture (or its placeholder), left of the text; above it on phones. */
  image: ReactNode;
  /** What the entry holds, before the ranks: '2 sections', '3 gear slots'. */
  count: string;
  allowedRanks: readonly string[] | undefined;
  /** The ranks of the catalogue answer, to name the allowed ones under the summary. */
  ranks: readonly RankChoice[];
  /** Qualification ids a member must hold as well (issue 23): 'Requires …' under the ranks. */
  requiredQualifications?: readonly string[] | undefined;
  /** The entry's notes (a uniform's summary); nothing shows when blank. */
  notes: string | undefined;
  /** Edit and Delete (CatalogueManager), or null when read-only. */
  actions: ReactNode;
  'data-testid': string;
  /** What follows the notes: sections with their items, gear slots and attachments. */
  children?: ReactNode;
}

/**
 * A management card of a catalogue entry (command-and-reports §2 "Equipment management",
 * "Uniform management"): image, name, count, notes, then the entry's own content; Edit and
 * Delete beside the name. Besides what the spec lists it says which ranks may use the entry
 * ('Allowed: All ranks' or 'N rank(s)'); an empty rank list reads 'All ranks', because that is
 * what the server does with it (the editor says so under the chips). Under 'N rank(s)' a line
 * names them (`AllowedRankNames`).
 */
export function CatalogueCard({
  name,
  image,
  count,
  allowedRanks,
  ranks,
  requiredQualifications,
  notes,
  actions,
  'data-testid': testId,
  children,
}: CatalogueCardProps) {
  const titleId = useId();
  const text = (notes ?? '').trim();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid={testId}>
      <Flex direction={{ base: 'column', xs: 'row' }} gap="md" align="flex-start">
        {image}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            {/* Room for the names beside the actions; on a phone the actions go below. */}
            <Stack gap={0} style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Text size="sm" c="dimmed">
                {count} · Allowed: {allowedSummary(allowedRanks ?? [], { emptyIsAll: true })}
              </Text>
              <AllowedRankNames allowed={allowedRanks} ranks={ranks} />
              <RequiredQualificationsLine ids={requiredQualifications} />
            </Stack>
            {actions !== null && <Group gap="xs">{actions}</Group>}
          </Group>
          {text !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          )}
          {children}
        </Stack>
      </Flex>
    </Card>
  );
}
