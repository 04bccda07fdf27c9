import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { agencyState, WithAgency } from '@/test-utils/agency';
import { configOf, LSPD, theme } from '@/test-utils/fixtures';
import { render, screen } from '@/test-utils/render';
import { HomePage } from './HomePage';

function renderHome(config: Parameters<typeof agencyState>[0]) {
  return render(
    <MemoryRouter>
      <WithAgency state={agencyState(config)}>
        <HomePage />
      </WithAgency>
    </MemoryRouter>,
  );
}

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

  it('shows the configured hero, call to action and cards', () => {
    const config = configOf({
      ...LSPD,
      theme: theme({
        heroTitle: 'Protect and serve',
        heroSubtitle: 'Los Santos',
        heroBody: 'Welcome.',
        heroCtaLabel: 'Open roster',
        heroCtaHref: '/roster',
        heroUrl: '/media/hero.png',
        homeCards: [
          { title: 'Patrol', description: '', href: '/structure/vehicles' },
          { title: '', description: '', href: '' },
        ],
      }),
    });
    renderHome(config);
    expect(screen.getByRole('heading', { level: 1, name: 'Protect and serve' })).toBeTruthy();
    expect(screen.getByText('Los Santos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open roster' }).getAttribute('href')).toBe('/roster');
    expect(screen.getByText('Patrol')).toBeTruthy();
    expect(screen.getByText('Configure this card from Command → Branding.')).toBeTruthy();
    expect(screen.queryByText('SOPs & Docs')).toBeNull();
    expect(screen.getByTestId('home-hero-image').getAttribute('src')).toBe('/media/hero.png');
  });
});
