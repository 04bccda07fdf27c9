import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAgency } from '@/agency/context';
import builtInBadge from '@/assets/badge.svg';
import { agencyCssVariables, buildMantineTheme } from './theme';

/** Sets `<link rel="icon">` to `href`, creating the element when missing. */
export function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link === null) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  // The built-in icon is an SVG, agency icons are usually PNG: let the browser sniff the type.
  link.removeAttribute('type');
  if (link.getAttribute('href') !== href) link.href = href;
}

/** Confirm dialog defaults (member-portal §9): confirm 'OK', cancel 'Cancel'. */
export const CONFIRM_LABELS = { confirm: 'OK', cancel: 'Cancel' };
/** Close label of dialogs (member-portal §9). */
export const MODAL_PROPS = { closeButtonProps: { 'aria-label': 'Close this dialog' } };

/**
 * Notifications where they cover nothing the member needs: the top bar holds the agency
 * switcher and the user menu, so they rise from the bottom (centred on phones, where they
 * take the width, in the corner elsewhere).
 */
export function PortalNotifications() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} />;
}

/** MantineProvider themed from the active agency, dark scheme; also keeps the favicon in sync. */
export function AgencyThemeProvider({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const { theme, config } = useAgency();
  const mantineTheme = useMemo(() => buildMantineTheme(theme), [theme]);
  const cssVariablesResolver = useMemo(() => agencyCssVariables(theme), [theme]);

  useEffect(() => {
    setFavicon(theme.faviconUrl ?? builtInBadge);
  }, [theme.faviconUrl]);

  useEffect(() => {
    document.title = config ? `${config.name} Portal` : 'Community Portal';
  }, [config]);

  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      forceColorScheme="dark"
      {...(env === undefined ? {} : { env })}
    >
      <PortalNotifications />
      <ModalsProvider labels={CONFIRM_LABELS} modalProps={MODAL_PROPS}>
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}
