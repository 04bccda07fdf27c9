import { Card, Group, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EditableRows, RemoveRowButton } from '@/components/EditableRows';
import { newHomeCard, type BrandingValues } from '../lib/branding';

/** The homepage cards list: title, description and link per card, with add and remove. */
export function HomeCardsEditor({ form, disabled }: { form: UseFormReturnType<BrandingValues>; disabled: boolean }) {
  const cards = form.values.homeCards;
  return (
    <Stack gap="sm">
      <EditableRows
        rows={cards}
        keyOf={(card) => card.key}
        empty="No cards: the home page shows the default cards."
        addLabel="Add card"
        addSize="sm"
        disabled={disabled}
        onAdd={() => {
          form.insertListItem('homeCards', newHomeCard());
        }}
      >
        {(_card, index) => (
          <Card withBorder padding="sm" radius="md" data-testid="home-card-row">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label={`Card ${String(index + 1)} title`}
                style={{ flex: '1 1 160px' }}
                disabled={disabled}
                {...form.getInputProps(`homeCards.${String(index)}.title`)}
              />
              <TextInput
                label="Description"
                style={{ flex: '2 1 240px' }}
                disabled={disabled}
                {...form.getInputProps(`homeCards.${String(index)}.description`)}
              />
              <TextInput
                label="Link"
                placeholder="/roster"
                style={{ flex: '1 1 160px' }}
                disabled={disabled}
                {...form.getInputProps(`homeCards.${String(index)}.href`)}
              />
              <RemoveRowButton
                size="sm"
                disabled={disabled}
                aria-label={`Remove card ${String(index + 1)}`}
                onClick={() => {
                  form.removeListItem('homeCards', index);
                }}
              >
                Remove
              </RemoveRowButton>
            </Group>
          </Card>
        )}
      </EditableRows>
    </Stack>
  );
}
