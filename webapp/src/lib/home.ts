/** Home page fallbacks (member-portal §2.4). Pure: the built-in badge URL is passed in. */

export interface HomeCardInput {
  title?: string | null;
  description?: string | null;
  href?: string | null;
}

export interface HomeThemeInput {
  heroTitle?: string | null;
  heroSubtitle?: string | null;
  heroBody?: string | null;
  heroUrl?: string | null;
  badgeUrl?: string | null;
  heroCtaLabel?: string | null;
  heroCtaHref?: string | null;
  homeCards?: readonly HomeCardInput[] | null;
}

export interface HomeAgencyInput {
  name?: string | null;
  description?: string | null;
  longDescription?: string | null;
  theme?: HomeThemeInput | null;
}

export interface HomeCardView {
  title: string;
  description: string;
  href: string;
  /**
   * The card lacks its title or its description and shows a placeholder for it ('Untitled',
   * the Branding hint): only those who edit branding get such cards (see `resolveHomeCards`).
   */
  incomplete: boolean;
}

export interface HomeOptions {
  /**
   * The viewer edits branding (High Command): incomplete cards show with their placeholders.
   * Everyone else (visitors, members, members of other agencies) sees only complete cards.
   */
  showHints?: boolean;
}

export interface HomeView {
  title: string;
  subtitle: string;
  body: string;
  image: string;
  cta: { label: string; href: string } | null;
  cards: HomeCardView[];
}

export const DEFAULT_HOME_TITLE = 'Community Portal';
export const DEFAULT_HOME_SUBTITLE = 'Administrative hub for your department.';
export const DEFAULT_HOME_BODY =
  'Manage your roster, keep the department structure up to date, control who can see what with ' +
  'rank-aware permissions, publish SOPs and presentations, and run field training, all in one place.';
export const UNTITLED_CARD = 'Untitled';
export const EMPTY_CARD_DESCRIPTION = 'Configure this card from Command → Branding.';

export const DEFAULT_HOME_CARDS: readonly HomeCardView[] = Object.freeze([
  {
    title: 'Roster',
    description: 'Browse personnel, ranks, callsigns and time in grade.',
    href: '/roster',
    incomplete: false,
  },
  {
    title: 'Command',
    description: 'Manage departments, ranks, roles and callsign pools.',
    href: '/command/department',
    incomplete: false,
  },
  {
    title: 'SOPs & Docs',
    description: 'Read standard operating procedures and presentations.',
    href: '/sops',
    incomplete: false,
  },
  {
    title: 'Training',
    description: 'Follow field training sessions and checklists.',
    href: '/fto/training',
    incomplete: false,
  },
]);

/** The first argument that is a non-blank string, trimmed; otherwise `null`. */
export function firstFilled(...values: readonly (string | null | undefined)[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/**
 * Configured cards: all-empty cards are dropped. For those who edit branding (`showHints`) an
 * empty title reads 'Untitled' and an empty description 'Configure this card from Command →
 * Branding.' (member-portal §2.4); for everyone else a card without its title or its
 * description is left out, since those texts are configuration hints (issue 21). No usable
 * card → the default four.
 */
export function resolveHomeCards(
  cards: readonly HomeCardInput[] | null | undefined,
  { showHints = false }: HomeOptions = {},
): HomeCardView[] {
  const configured = (cards ?? [])
    .map((card) => ({
      title: firstFilled(card.title),
      description: firstFilled(card.description),
      href: firstFilled(card.href),
    }))
    .filter((card) => card.title !== null || card.description !== null || card.href !== null)
    .map((card) => ({
      title: card.title ?? UNTITLED_CARD,
      description: card.description ?? EMPTY_CARD_DESCRIPTION,
      href: card.href ?? '',
      incomplete: card.title === null || card.description === null,
    }))
    .filter((card) => showHints || !card.incomplete);
  return configured.length > 0 ? configured : DEFAULT_HOME_CARDS.map((card) => ({ ...card }));
}

/** Every hero and card fallback of the home page. */
export function resolveHome(
  agency: HomeAgencyInput | null | undefined,
  builtInBadge: string,
  options: HomeOptions = {},
): HomeView {
  const theme = agency?.theme ?? {};
  const label = firstFilled(theme.heroCtaLabel);
  const href = firstFilled(theme.heroCtaHref);
  return {
    title: firstFilled(theme.heroTitle, agency?.name) ?? DEFAULT_HOME_TITLE,
    subtitle: firstFilled(theme.heroSubtitle, agency?.description) ?? DEFAULT_HOME_SUBTITLE,
    body: firstFilled(theme.heroBody, agency?.longDescription) ?? DEFAULT_HOME_BODY,
    image: firstFilled(theme.heroUrl, theme.badgeUrl) ?? builtInBadge,
    cta: label !== null && href !== null ? { label, href } : null,
    cards: resolveHomeCards(theme.homeCards, options),
  };
}

/** True for links the router should handle (same-site absolute paths). */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
