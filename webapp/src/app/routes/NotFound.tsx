import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const NOT_FOUND_TITLE = 'Page not found';

export function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="xs">
        <Title order={1}>{NOT_FOUND_TITLE}</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Anchor component={Link} to="/">
          Back to home
        </Anchor>
      </Stack>
    </Container>
  );
}
