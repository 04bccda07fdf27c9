import { Alert, AppShell, Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { useAgency } from '@/agency/context';
import { AgencyBadge } from '@/components/AgencyBadge';
import { DUTY_STRIP_HEIGHT, DutyClock, DutyStrip, useDutyStrip } from '@/features/duty/components/DutyClock';
import { useSessionSync } from '@/session/use-me';
import { RouteGate } from '../routes/RouteGate';
import { AgencySwitcher } from './AgencySwitcher';
import { Footer } from './Footer';
import { MobileNav } from './MobileNav';
import { DemoModeBadge, MobileSessionLinks, UserMenu } from './SessionControls';
import classes from './Shell.module.css';
import { TopNav } from './TopNav';
import { useTopBarNavigation } from './use-navigation';

export const CONFIG_UNAVAILABLE = 'Agency configuration unavailable';
export const AGENCIES_UNAVAILABLE = 'Failed to load agencies';

/** The application shell (member-portal §2.3). Keyed on the agency slug by its parent. */
export function Shell() {
  const { config, configError, agenciesError, theme } = useAgency();
  const [opened, { toggle, close }] = useDisclosure(false);
  const entries = useTopBarNavigation();
  // On phones a member's duty clock takes a strip under the bar (issue 24).
  const dutyStrip = useDutyStrip();
  useSessionSync();
  const title = config ? `${config.name} Portal` : 'Community Portal';
  const short = config?.shortName?.trim() ?? '';
  // Phones show the short name (Shell.module.css); the full title stays the element's text.
  const shortTitle = short !== '' && short !== config?.name ? `${short} Portal` : undefined;

  return (
    <AppShell
      header={{ height: { base: 64 + (dutyStrip ? DUTY_STRIP_HEIGHT : 0), xs: 64, lg: 112 } }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { desktop: true, mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header style={{ borderBottom: '1px solid var(--agency-border)' }}>
        <Group h={64} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label="Toggle navigation" />
            <UnstyledButton component={Link} to="/" aria-label="Home">
              <AgencyBadge
                src={theme.badgeUrl}
                alt={`${config?.name ?? 'Community'} badge`}
                h={{ base: 36, xs: 44 }}
                w={{ base: 36, xs: 44 }}
              />
            </UnstyledButton>
            <Text
              component="p"
              fw={700}
              fz={{ base: 'md', sm: 'lg', md: 'xl' }}
              truncate="end"
              data-testid="portal-title"
              data-short={shortTitle}
              className={classes.title}
              m={0}
            >
              {title}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="sm">
              <DemoModeBadge />
            </Box>
            {/* Members on the roster clock in and out here (issue 24); on phones under the bar. */}
            <DutyClock />
            <AgencySwitcher />
            <Box visibleFrom="sm">
              <UserMenu />
            </Box>
          </Group>
        </Group>
        <DutyStrip />
        <Box visibleFrom="lg" px="md" h={48} style={{ display: 'flex', alignItems: 'center' }}>
          <TopNav entries={entries} />
        </Box>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <MobileNav entries={entries} onNavigate={close} />
        <Box hiddenFrom="sm">
          <Box px="sm" pt="md">
            <DemoModeBadge />
          </Box>
          <MobileSessionLinks onNavigate={close} />
        </Box>
      </AppShell.Navbar>

      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        {configError !== null && (
          <Alert color="red" variant="light" title={CONFIG_UNAVAILABLE} mb="md" role="alert">
            {configError}
          </Alert>
        )}
        {agenciesError !== null && (
          // The agency's own configuration still drives the page; only the switcher's list is missing.
          <Alert color="orange" variant="light" mb="md" role="alert" data-testid="agencies-error">
            {AGENCIES_UNAVAILABLE}
          </Alert>
        )}
        <Box style={{ flex: 1 }}>
          <RouteGate>
            <Outlet />
          </RouteGate>
        </Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
