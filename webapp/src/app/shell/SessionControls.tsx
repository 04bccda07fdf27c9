import { Avatar, Badge, Button, Menu, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { Me } from '@/api/types';
import { LOGOUT_LABEL, LogoutForm } from '@/components/LogoutForm';
import { discordAvatarUrl } from '@/lib/avatar';
import { loginHref, userLabel } from '@/lib/identity';
import { useMe } from '@/session/use-me';

export const LOGIN_LABEL = 'Login (Discord)';
export const DEMO_MODE_LABEL = 'Demo mode';

interface SignedIn {
  label: string;
  avatar: string;
}

function signedIn(me: Me | undefined): SignedIn | null {
  const user = me?.user;
  if (!user) return null;
  return {
    label: userLabel(user, me.rosterMatches[0]),
    avatar: discordAvatarUrl({ id: user.id, avatar: user.avatar ?? null, discriminator: user.discriminator }),
  };
}

export function useLoginHref(): string {
  const { pathname, search } = useLocation();
  return loginHref(`${pathname}${search}`);
}

/** 'Demo mode' marker of the top bar, shown while demo sign-in is active. */
export function DemoModeBadge() {
  const me = useMe();
  if (me.data?.demoMode !== true) return null;
  return (
    <Badge color="orange" variant="filled" size="lg" data-testid="demo-mode">
      {DEMO_MODE_LABEL}
    </Badge>
  );
}

/** Who is signed in (null: nobody) and where 'Login (Discord)' goes; null while the session loads. */
function useSession() {
  const me = useMe();
  const href = useLoginHref();
  if (me.isPending) return null;
  return { user: signedIn(me.data), href };
}

/** Top bar: 'Login (Discord)' when signed out, else the user menu with Profile and Logout. */
export function UserMenu() {
  const session = useSession();
  if (session === null) return null;
  const { user, href } = session;
  if (user === null) {
    return (
      <Button component="a" href={href}>
        {LOGIN_LABEL}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          // Without the image (offline, blocked CDN) the avatar shows a placeholder icon.
          leftSection={<Avatar src={user.avatar} size={24} radius="xl" alt="" />}
          data-testid="user-menu"
        >
          {user.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile">
          Profile
        </Menu.Item>
        {/* The menu stays open on click: closing it would take the form out of the page before it is sent. */}
        <LogoutForm>
          <Menu.Item component="button" type="submit" closeMenuOnClick={false}>
            {LOGOUT_LABEL}
          </Menu.Item>
        </LogoutForm>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same choices in the burger drawer (small screens). */
export function MobileSessionLinks({ onNavigate }: { onNavigate: () => void }) {
  const session = useSession();
  if (session === null) return null;
  const { user, href } = session;
  if (user === null) {
    return (
      <Button component="a" href={href} mt="md">
        {LOGIN_LABEL}
      </Button>
    );
  }
  return (
    <Stack gap={0} mt="md">
      <Text size="sm" fw={700} px="sm" py={6}>
        {user.label}
      </Text>
      <NavLink component={Link} to="/profile" label="Profile" onClick={onNavigate} />
      <LogoutForm>
        <NavLink component="button" type="submit" label={LOGOUT_LABEL} />
      </LogoutForm>
    </Stack>
  );
}
