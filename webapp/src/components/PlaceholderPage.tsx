import { Container, Stack, Text, Title } from '@mantine/core';

export const PLACEHOLDER_TEXT = 'This screen arrives in a later release.';

/** Stand-in for screens that later issues build. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{PLACEHOLDER_TEXT}</Text>
      </Stack>
    </Container>
  );
}
