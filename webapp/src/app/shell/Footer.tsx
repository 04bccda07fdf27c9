import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAgency } from '@/agency/context';
import { copyrightLine, portalHref } from '@/lib/links';

/** Footer: About, Portal, community link and the copyright line. */
export function Footer() {
  const { config } = useAgency();
  const portal = portalHref(config?.links.portal, config?.domain, window.location);
  const discord = config?.links.discord?.trim();
  return (
    <Stack component="footer" gap={6} align="center" py="lg" mt="xl" style={{ borderTop: '1px solid var(--agency-border)' }}>
      <Group gap="lg" justify="center">
        <Anchor component={Link} to="/about" size="sm">
          About
        </Anchor>
        {portal !== null && (
          <Anchor href={portal} size="sm">
            Portal
          </Anchor>
        )}
        {discord ? (
          <Anchor href={discord} target="_blank" rel="noreferrer" size="sm">
            Discord
          </Anchor>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {copyrightLine(new Date().getFullYear(), config?.name)}
      </Text>
    </Stack>
  );
}
