import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { navPermissionsQueryOptions } from '@/api/nav-permissions';
import type { ViewerInfo } from '@/api/types';
import { agencyState, WithAgency } from '@/test-utils/agency';
import {
  ANONYMOUS_VIEWER,
  configOf,
  LSPD,
  navPermissions,
  rosterEntry,
  signedIn,
  theme,
  viewerOf,
} from '@/test-utils/fixtures';
import { createTestQueryClient, render, screen } from '@/test-utils/render';
import { HomePage } from './HomePage';

const HINT = 'Configure this card from Command → Branding.';
const HIDDEN_FROM_MEMBERS = 'Members do not see this card until it has a title and a description.';

/** Renders Home for `config`, with the permissions call already answered for `viewer`. */
function renderHome(config: Parameters<typeof agencyState>[0], viewer: ViewerInfo = ANONYMOUS_VIEWER) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(navPermissionsQueryOptions(config?.slug ?? 'rawlife').queryKey, navPermissions({ viewer }));
  return render(
    <MemoryRouter>
      <WithAgency state={agencyState(config)}>
        <HomePage />
      </WithAgency>
    </MemoryRouter>,
    { queryClient },
  );
}

/** LSPD as the demo data sets it: two complete cards, one without description, one with a link only. */
const LSPD_HOME = configOf({
  ...LSPD,
  theme: theme({
    heroTitle: 'Protect and serve',
    heroSubtitle: 'Los Santos',
    heroBody: 'Welcome.',
    heroCtaLabel: 'Open roster',
    heroCtaHref: '/roster',
    heroUrl: '/media/hero.png',
    homeCards: [
      { title: 'Roster', description: 'Officers by division and rank.', href: '/roster' },
      { title: 'Field training', description: 'Your FTO sessions and checklists.', href: '/fto/training' },
      { title: 'Arrest report', description: '', href: '/reports/arrest' },
      { title: '', description: '', href: '/sops' },
      { title: '', description: '', href: '' },
    ],
  }),
});

const MEMBER = signedIn(rosterEntry({ name: 'Casey Nguyen', level: 'deputy' }));
const HIGH_COMMAND = signedIn(rosterEntry({ name: 'Alex Mercer', level: 'high_command' }));

describe('HomePage', () => {
  it('shows the defaults without an agency', () => {
    renderHome(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Community Portal' })).toBeTruthy();
    expect(screen.getByText('Administrative hub for your department.')).toBeTruthy();
    for (const title of ['Roster', 'Command', 'SOPs & Docs', 'Training']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    expect(screen.getByText('SOPs & Docs').closest('a')?.getAttribute('href')).toBe('/sops');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the configured hero and call to action', () => {
    renderHome(LSPD_HOME);
    expect(screen.getByRole('heading', { level: 1, name: 'Protect and serve' })).toBeTruthy();
    expect(screen.getByText('Los Santos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open roster' }).getAttribute('href')).toBe('/roster');
    expect(screen.getByTestId('home-hero-image').getAttribute('src')).toBe('/media/hero.png');
    expect(screen.queryByText('SOPs & Docs')).toBeNull();
  });

  // Issue 21, defect 3: configuration hints are for those who edit branding only.
  it.each([
    ['a visitor', ANONYMOUS_VIEWER],
    ['a member', viewerOf(MEMBER)],
    ['a member of another agency', viewerOf(signedIn(null))],
  ])('shows %s only the complete cards, without hints', (_who, viewer) => {
    renderHome(LSPD_HOME, viewer);
    expect(screen.getByText('Roster').closest('a')?.getAttribute('href')).toBe('/roster');
    expect(screen.getByText('Field training').closest('a')?.getAttribute('href')).toBe('/fto/training');
    expect(screen.queryByText('Arrest report')).toBeNull();
    expect(screen.queryByText('Untitled')).toBeNull();
    expect(screen.queryByText(HINT)).toBeNull();
    expect(screen.queryByText(HIDDEN_FROM_MEMBERS)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Branding' })).toBeNull();
  });

  it('shows High Command the incomplete cards with the hint and a link to Branding', () => {
    renderHome(LSPD_HOME, viewerOf(HIGH_COMMAND, true));
    const incomplete = screen.getAllByTestId('home-card-incomplete');
    expect(incomplete.map((card) => card.querySelector('p')?.textContent)).toEqual(['Arrest report', 'Untitled']);
    expect(screen.getAllByText(HINT)).toHaveLength(2);
    expect(screen.getAllByText(HIDDEN_FROM_MEMBERS)).toHaveLength(2);
    for (const link of screen.getAllByRole('link', { name: 'Open Branding' })) {
      expect(link.getAttribute('href')).toBe('/command/branding');
    }
    // The complete cards are the same as everyone's.
    expect(screen.getByText('Roster').closest('a')?.getAttribute('href')).toBe('/roster');
  });

  it('changes nothing for an agency whose cards are all set', () => {
    const config = configOf({
      ...LSPD,
      theme: theme({ homeCards: [{ title: 'Patrol', description: 'Vehicles of patrol.', href: '/structure/vehicles' }] }),
    });
    for (const viewer of [ANONYMOUS_VIEWER, viewerOf(HIGH_COMMAND, true)]) {
      const { unmount } = renderHome(config, viewer);
      expect(screen.getByText('Patrol').closest('a')?.getAttribute('href')).toBe('/structure/vehicles');
      expect(screen.getByText('Vehicles of patrol.')).toBeTruthy();
      expect(screen.queryByTestId('home-card-incomplete')).toBeNull();
      expect(screen.queryByText(HINT)).toBeNull();
      unmount();
    }
  });
});
