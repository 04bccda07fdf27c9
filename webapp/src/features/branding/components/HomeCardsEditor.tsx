import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { newHomeCard, type BrandingValues } from '../lib/branding';

/** The homepage cards list: title, description and link per card, with add and remove. */
export function HomeCardsEditor({ form, disabled }: { form: UseFormReturnType<BrandingValues>; disabled: boolean }) {
  const cards = form.values.homeCards;
  return (
    <Stack gap="sm">
      {cards.length === 0 && (
        <Text size="sm" c="dimmed">
          No cards: the home page shows the default cards.
        </Text>
      )}
      {cards.map((card, index) => (
        <Card key={card.key} withBorder padding="sm" radius="md" data-testid="home-card-row">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label={`Card ${index + 1} title`}
              style={{ flex: '1 1 160px' }}
              disabled={disabled}
              {...form.getInputProps(`homeCards.${index}.title`)}
            />
            <TextInput
              label="Description"
              style={{ flex: '2 1 240px' }}
              disabled={disabled}
              {...form.getInputProps(`homeCards.${index}.description`)}
            />
            <TextInput
              label="Link"
              placeholder="/roster"
              style={{ flex: '1 1 160px' }}
              disabled={disabled}
              {...form.getInputProps(`homeCards.${index}.href`)}
            />
            <Button
              variant="subtle"
              color="red"
              disabled={disabled}
              aria-label={`Remove card ${index + 1}`}
              onClick={() => {
                form.removeListItem('homeCards', index);
              }}
            >
              Remove
            </Button>
          </Group>
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          disabled={disabled}
          onClick={() => {
            form.insertListItem('homeCards', newHomeCard());
          }}
        >
          Add card
        </Button>
      </Group>
    </Stack>
  );
}
