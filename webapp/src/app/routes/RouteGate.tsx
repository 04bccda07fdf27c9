import { Alert, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useAgency } from '@/agency/context';
import { navItem } from '@/lib/navigation';
import { useNavAccess } from '@/session/use-nav-access';
import { NotFound } from './NotFound';
import { gatingNavId } from './route-handle';

export const CHECKING_ACCESS = 'Checking access…';
export const NAVIGATION_UNAVAILABLE = 'Navigation unavailable';
export const ACCESS_DENIED = 'Access denied';
export const ACCESS_DENIED_TEXT = 'You do not have permission to view this page.';

/**
 * Gates the matched route by its navigation id (member-portal §2.1, command-and-reports §2):
 * 'Checking access…' while permissions load, 'Navigation unavailable' with the error when
 * they failed, 'Access denied' when the viewer may not see the page. Pages that need agency
 * management do not exist without it.
 */
export function RouteGate({ children }: { children: ReactNode }) {
  const navId = gatingNavId(useMatches());
  const { config } = useAgency();
  const access = useNavAccess();

  if (navId === undefined) return children;
  if (navItem(navId)?.requiresAgencyManagement === true && config?.flags.enableAgencyManagement !== true) {
    return <NotFound />;
  }
  if (access.status === 'loading') {
    return (
      <Container size="sm" py="xl">
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text>{CHECKING_ACCESS}</Text>
        </Group>
      </Container>
    );
  }
  if (access.status === 'error') {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" title={NAVIGATION_UNAVAILABLE} role="alert">
          {access.error}
        </Alert>
      </Container>
    );
  }
  if (!access.canView(navId)) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="xs">
          <Title order={1}>{ACCESS_DENIED}</Title>
          <Text c="dimmed">{ACCESS_DENIED_TEXT}</Text>
        </Stack>
      </Container>
    );
  }
  return children;
}
