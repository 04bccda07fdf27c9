import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOME_BODY,
  DEFAULT_HOME_CARDS,
  EMPTY_CARD_DESCRIPTION,
  resolveHome,
  resolveHomeCards,
  isInternalHref,
} from './home';

const BADGE = '/assets/badge.svg';

describe('resolveHome', () => {
  it('uses the built-in defaults when nothing is configured', () => {
    const home = resolveHome(null, BADGE);
    expect(home.title).toBe('Community Portal');
    expect(home.subtitle).toBe('Administrative hub for your department.');
    expect(home.body).toBe(DEFAULT_HOME_BODY);
    expect(home.body).toMatch(/roster/i);
    expect(home.body).toMatch(/structure/i);
    expect(home.body).toMatch(/permissions/i);
    expect(home.body).toMatch(/SOPs/);
    expect(home.body).toMatch(/training/i);
    expect(home.image).toBe(BADGE);
    expect(home.cta).toBeNull();
    expect(home.cards).toEqual(DEFAULT_HOME_CARDS);
  });

  it('falls back to the agency texts, then the theme texts win', () => {
    const agency = { name: 'LSPD', description: 'Desc', longDescription: 'Long', theme: {} };
    expect(resolveHome(agency, BADGE)).toMatchObject({ title: 'LSPD', subtitle: 'Desc', body: 'Long' });
    const themed = {
      ...agency,
      theme: { heroTitle: 'Hero', heroSubtitle: 'Sub', heroBody: 'Body' },
    };
    expect(resolveHome(themed, BADGE)).toMatchObject({ title: 'Hero', subtitle: 'Sub', body: 'Body' });
  });

  it('treats blank texts as unset', () => {
    const home = resolveHome({ name: '  ', description: '', theme: { heroTitle: ' ' } }, BADGE);
    expect(home.title).toBe('Community Portal');
    expect(home.subtitle).toBe('Administrative hub for your department.');
  });

  it('picks the hero image, then the badge, then the built-in badge', () => {
    expect(resolveHome({ theme: { heroUrl: '/media/hero.png', badgeUrl: '/media/b.png' } }, BADGE).image).toBe(
      '/media/hero.png',
    );
    expect(resolveHome({ theme: { heroUrl: '', badgeUrl: '/media/b.png' } }, BADGE).image).toBe('/media/b.png');
    expect(resolveHome({ theme: { heroUrl: null, badgeUrl: null } }, BADGE).image).toBe(BADGE);
  });

  it('shows the call to action only when label and href are both set', () => {
    expect(resolveHome({ theme: { heroCtaLabel: 'Join', heroCtaHref: '/roster' } }, BADGE).cta).toEqual({
      label: 'Join',
      href: '/roster',
    });
    expect(resolveHome({ theme: { heroCtaLabel: 'Join', heroCtaHref: '' } }, BADGE).cta).toBeNull();
    expect(resolveHome({ theme: { heroCtaLabel: null, heroCtaHref: '/roster' } }, BADGE).cta).toBeNull();
  });
});

describe('resolveHomeCards', () => {
  it('uses the default four cards when none are configured', () => {
    expect(resolveHomeCards([]).map((card) => [card.title, card.href])).toEqual([
      ['Roster', '/roster'],
      ['Command', '/command/department'],
      ['SOPs & Docs', '/sops'],
      ['Training', '/fto/training'],
    ]);
    expect(resolveHomeCards(undefined)).toHaveLength(4);
  });

  const PARTLY_SET = [
    { title: '', description: '', href: '' },
    { title: ' ', description: 'Only a description', href: '' },
    { title: 'Only a title', description: '', href: '/x' },
    { title: 'Roster', description: 'Officers by rank.', href: '/roster' },
  ];

  it('for those who edit branding, drops all-empty cards and fills empty titles and descriptions', () => {
    expect(resolveHomeCards(PARTLY_SET, { showHints: true })).toEqual([
      { title: 'Untitled', description: 'Only a description', href: '', incomplete: true },
      { title: 'Only a title', description: EMPTY_CARD_DESCRIPTION, href: '/x', incomplete: true },
      { title: 'Roster', description: 'Officers by rank.', href: '/roster', incomplete: false },
    ]);
    expect(EMPTY_CARD_DESCRIPTION).toBe('Configure this card from Command → Branding.');
  });

  it('for everyone else, leaves out a card without its title or its description (issue 21)', () => {
    const cards = resolveHomeCards(PARTLY_SET);
    expect(cards).toEqual([{ title: 'Roster', description: 'Officers by rank.', href: '/roster', incomplete: false }]);
    expect(resolveHome({ theme: { homeCards: PARTLY_SET } }, BADGE, { showHints: false }).cards).toEqual(cards);
    expect(resolveHome({ theme: { homeCards: PARTLY_SET } }, BADGE, { showHints: true }).cards).toHaveLength(3);
  });

  it('falls back to the defaults when no configured card is left', () => {
    expect(resolveHomeCards([{ title: '', description: '', href: '' }])).toEqual(DEFAULT_HOME_CARDS);
    expect(resolveHomeCards([{ title: 'Arrest report', description: '', href: '/reports/arrest' }])).toEqual(
      DEFAULT_HOME_CARDS,
    );
    expect(DEFAULT_HOME_CARDS.every((card) => !card.incomplete)).toBe(true);
  });
});

describe('isInternalHref', () => {
  it('recognises router paths', () => {
    expect(isInternalHref('/roster')).toBe(true);
    expect(isInternalHref('//evil.example')).toBe(false);
    expect(isInternalHref('https://discord.gg/x')).toBe(false);
  });
});
