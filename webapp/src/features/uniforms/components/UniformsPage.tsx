import { Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useActiveSlug } from '@/agency/context';
import { callFailureOf } from '@/components/catalogue-calls';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { uniformsQueryOptions, type Uniform } from '../api/uniforms';
import {
  displayAttachments,
  LEFT_SLOTS,
  memberLoadErrorText,
  NO_UNIFORMS_YET,
  RIGHT_SLOTS,
  slotLabel,
  slotText,
  UNIFORMS_UNAVAILABLE,
  type GearSlot,
} from '../lib/uniforms';
import { AttachmentChips } from './AttachmentChips';
import { GearSlotBox } from './GearSlotBox';
import { UniformImage } from './UniformImage';

function SlotColumn({ uniform, slots }: { uniform: Uniform; slots: readonly GearSlot[] }) {
  return (
    <Stack gap="xs">
      {slots.map((slot) => (
        <GearSlotBox key={slot} label={slotLabel(slot)} text={slotText(uniform.gear, slot)} />
      ))}
    </Stack>
  );
}

/**
 * A uniform card (member-portal §2.9): the summary under the name, then the slots: eyewear,
 * vest and backpack on the left, helmet and uniform on the right, the image (when there is
 * one) between them; a blank slot says 'Not specified'. On a phone the image comes first,
 * above the two columns. The gear notes (when written) and the attachment chips follow.
 */
function UniformCard({ uniform }: { uniform: Uniform }) {
  const titleId = useId();
  const summary = (uniform.notes ?? '').trim();
  const gearNotes = slotText(uniform.gear, 'notes');
  const hasImage = (uniform.image ?? '').trim() !== '';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="uniform-card">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {uniform.name}
          </Title>
          {summary !== '' && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {summary}
            </Text>
          )}
        </Stack>
        {hasImage ? (
          <Grid gap="sm" align="flex-start">
            <Grid.Col span={{ base: 6, sm: 4 }} order={{ base: 2, sm: 1 }}>
              <SlotColumn uniform={uniform} slots={LEFT_SLOTS} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }} order={{ base: 1, sm: 2 }}>
              <UniformImage src={uniform.image} alt={uniform.name} width="100%" height={240} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }} order={{ base: 3, sm: 3 }}>
              <SlotColumn uniform={uniform} slots={RIGHT_SLOTS} />
            </Grid.Col>
          </Grid>
        ) : (
          <SimpleGrid cols={2} spacing="sm">
            <SlotColumn uniform={uniform} slots={LEFT_SLOTS} />
            <SlotColumn uniform={uniform} slots={RIGHT_SLOTS} />
          </SimpleGrid>
        )}
        {gearNotes !== '' && <GearSlotBox label={slotLabel('notes')} text={gearNotes} />}
        <AttachmentChips attachments={displayAttachments(uniform.attachments)} />
      </Stack>
    </Card>
  );
}

/**
 * Uniforms (member-portal §2.9, §4, §8): the uniforms the viewer's rank may wear, as cards
 * with their gear slots, image and attachment chips. The server filters the list by rank.
 */
export function UniformsPage() {
  const slug = useActiveSlug();
  const query = useQuery(uniformsQueryOptions(slug));
  const list = query.data?.uniforms ?? [];

  return (
    <Page title="Uniforms" description="What your rank wears, slot by slot.">
      <QueryStatus
        query={query}
        loading="Loading uniforms…"
        errorTitle={UNIFORMS_UNAVAILABLE}
        errorText={(error) => memberLoadErrorText(callFailureOf(error))}
        empty={list.length === 0 ? NO_UNIFORMS_YET : null}
        emptyTestId="uniforms-empty"
      >
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {list.map((uniform, index) => (
            <UniformCard key={uniform.id ?? String(index)} uniform={uniform} />
          ))}
        </SimpleGrid>
      </QueryStatus>
    </Page>
  );
}
