import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useAgency } from '@/agency/context';
import { DEFAULT_AGENCY_SLUG } from '@/lib/active-agency';
import { navItem } from '@/lib/navigation';
import { useNavAccess, useNavPermissions } from '@/session/use-nav-access';
import { LOGIN_LABEL, useLoginHref } from '../shell/SessionControls';
import { NotFound } from './NotFound';
import { gatingNavId } from './route-handle';

export const CHECKING_ACCESS = 'Checking access…';
const AGENCIES_NAV_ID = 'command_agencies';
export const NAVIGATION_UNAVAILABLE = 'Navigation unavailable';
export const ACCESS_DENIED = 'Access denied';
export const ACCESS_DENIED_TEXT = 'You do not have permission to view this page.';

/**
 * Gates the matched route by its navigation id (member-portal §2.1, command-and-reports §2):
 * 'Checking access…' while permissions load, 'Navigation unavailable' with 'Failed to load
 * navigation permissions' and Retry when they failed, 'Access denied' when the viewer may not
 * see the page (with 'Login (Discord)' for a signed-out visitor, who may be allowed once signed
 * in). Pages that need agency management do not exist without it.
 */
export function RouteGate({ children }: { children: ReactNode }) {
  const navId = gatingNavId(useMatches());
  const { config } = useAgency();
  const access = useNavAccess();
  const permissions = useNavPermissions();
  const loginHref = useLoginHref();

  if (navId === undefined) return children;
  if (navItem(navId)?.requiresAgencyManagement === true && config?.flags.enableAgencyManagement !== true) {
    // Agencies are managed from the root agency: elsewhere the page says so (its own notice).
    if (navId === AGENCIES_NAV_ID && config !== null && config.slug !== DEFAULT_AGENCY_SLUG) return children;
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
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{access.error}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void permissions.refetch()}>
              Retry
            </Button>
          </Stack>
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
          {access.viewer?.isAuthenticated !== true && (
            <Group>
              <Button component="a" href={loginHref} data-testid="access-denied-login">
                {LOGIN_LABEL}
              </Button>
            </Group>
          )}
        </Stack>
      </Container>
    );
  }
  return children;
}
