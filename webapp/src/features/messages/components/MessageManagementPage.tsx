import { Container, Paper, Stack, Text, Title } from '@mantine/core';

export const MESSAGE_MANAGEMENT_TEXT = 'Custom message templates will be managed here.';

/**
 * Message management (command-and-reports §2, /command/messages): a placeholder saying that
 * custom message templates will be managed here. The spec describes no templates yet.
 */
export function MessageManagementPage() {
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Title order={1}>Message management</Title>
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed" data-testid="message-management-placeholder">
            {MESSAGE_MANAGEMENT_TEXT}
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
