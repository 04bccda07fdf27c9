import { List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DisplaySection } from '../lib/equipment';

/** Not given by the spec: the heading of a section saved without a name. */
export const UNNAMED_SECTION = 'Items';

/** The sections of an entry, each its name and a list of its items, side by side where there is room. */
export function SectionLists({ sections }: { sections: readonly DisplaySection[] }) {
  if (sections.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No items listed.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      {sections.map((section, index) => (
        <Stack key={`${section.name}-${String(index)}`} gap={4} data-testid="equipment-section" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {section.name === '' ? UNNAMED_SECTION : section.name}
          </Text>
          {section.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No items.
            </Text>
          ) : (
            <List size="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
              {section.items.map((item, itemIndex) => (
                <List.Item key={`${item}-${String(itemIndex)}`}>{item}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
