/** Static content of the About page (member-portal §2.5). */

export interface AboutTile {
  title: string;
  description: string;
}

export interface ContactProfile {
  role: string;
  name: string;
  tagline: string;
  href: string;
  linkLabel: string;
  note: string;
  discordId: string;
  avatarHash: string | null;
  discriminator: string;
}

export const ABOUT_INTRO =
  'This portal is the administrative hub of our law-enforcement roleplay community: one place ' +
  'for every agency to keep its roster, structure, equipment, policies and training in order. ' +
  'Deputies get a read-only catalogue; command staff get the full editing tools.';

export const WHAT_LIVES_HERE: readonly AboutTile[] = [
  {
    title: 'Roster Control',
    description: 'Personnel, ranks, callsigns, status and time in grade, kept in sync by command staff.',
  },
  {
    title: 'Structure Library',
    description: 'Vehicles, liveries, equipment and uniforms, filtered by the rank of the viewer.',
  },
  {
    title: 'Training & Oversight',
    description: 'FTO checklists and sessions, use-of-force reports and supervisor reviews.',
  },
  {
    title: 'Policy Hub',
    description: 'Standard operating procedures and presentations, published per rank.',
  },
];

export const TECHNOLOGY: readonly string[] = [
  'Discord sign-in with role syncing: your ranks and roles follow your Discord account.',
  'Rank-aware navigation: every page and menu item is shown according to your rank and roles.',
  'Self-hosted: the portal runs on our own infrastructure, with each agency’s data kept apart.',
];

export const ROADMAP: readonly string[] = [
  'Collaborative SOP editing.',
  'Automated Discord alerts for promotions, expiring qualifications and equipment.',
  'Analytics dashboards.',
];

export const CONTACTS: readonly ContactProfile[] = [
  {
    role: 'Site owner',
    name: 'Portal Owner',
    tagline: 'Builds and hosts the portal.',
    href: 'https://discord.com/users/100000000000000001',
    linkLabel: 'Message on Discord',
    note: 'Contact for bugs, outages and feature requests.',
    discordId: '100000000000000001',
    avatarHash: null,
    discriminator: '0',
  },
  {
    role: 'Command staff',
    name: 'Command Staff',
    tagline: 'Keeps rosters, ranks and permissions up to date.',
    href: 'https://discord.com/users/100000000000000002',
    linkLabel: 'Message on Discord',
    note: 'Contact for access, rank changes and roster corrections.',
    discordId: '100000000000000002',
    avatarHash: null,
    discriminator: '1',
  },
];

/** ISO date of the last content change of this page. */
export const ABOUT_LAST_UPDATED = '2026-11-22';
