import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/Dialog';
import type { CreatedToken } from '../api/api-tokens';
import { SECRET_ONCE } from '../lib/api-tokens';

/**
 * The secret of a token just created, shown this once: the token, Copy, and that it will not
 * be seen again (the portal keeps only its hash).
 */
export function TokenSecretDialog({ created, onClose }: { created: CreatedToken; onClose: () => void }) {
  return (
    <Dialog title={`Token ${created.token.name} created`} size="md" onClose={onClose}>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" data-testid="secret-once">
          {SECRET_ONCE}
        </Alert>
        <Code block data-testid="token-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {created.secret}
        </Code>
        <Text size="xs" c="dimmed">
          Send it as <Code>Authorization: Bearer …</Code> with the agency header; it may do only {created.token.scopes.join(', ')}.
        </Text>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
