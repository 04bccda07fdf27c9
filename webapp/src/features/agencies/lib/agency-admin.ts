/** Agencies admin (command-and-reports §2 Agencies admin, §5 Agency create). Pure. */

import type { Level } from '@/lib/levels';

/**
 * Custom levels typed as text: entries separated by commas or new lines; ids are lowercased
 * with every non-alphanumeric character replaced by '_'; duplicates and blanks are dropped;
 * the label is the entry as typed (trimmed).
 */
export function parseCustomLevels(text: string): Level[] {
  const levels: Level[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/[,\n\r]+/)) {
    const label = raw.trim();
    if (label === '') continue;
    const id = label.toLowerCase().replace(/[^a-z0-9]/g, '_');
    if (seen.has(id)) continue;
    seen.add(id);
    levels.push({ id, label });
  }
  return levels;
}

export interface CreateAgencyValues {
  name: string;
  slug: string;
  shortName: string;
  domain: string;
  description: string;
  enableAgencyManagement: boolean;
  disableCallsigns: boolean;
  levels: string;
  ownerDiscordId: string;
  ownerName: string;
}

export const EMPTY_CREATE_AGENCY: Readonly<CreateAgencyValues> = Object.freeze({
  name: '',
  slug: '',
  shortName: '',
  domain: '',
  description: '',
  enableAgencyManagement: true,
  disableCallsigns: false,
  levels: '',
  ownerDiscordId: '',
  ownerName: '',
});

export const AGENCY_NAME_REQUIRED = 'Agency name is required.';

/** What the create form posts to `POST /api/agencies` (the compiler checks it against the generated `AgencyDraft` where it is sent). */
export interface AgencyDraftBody {
  name: string;
  slug?: string;
  shortName?: string;
  domain?: string;
  description?: string;
  flags: { enableAgencyManagement: boolean; disableCallsigns: boolean; levels?: Level[] };
  owner?: { discordId: string; name: string };
}

/** Form values → request body: texts trimmed, blanks left out, slug lowercased. */
export function agencyDraftBody(values: CreateAgencyValues): AgencyDraftBody {
  const optional = (value: string): string | undefined => {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  };
  const body: AgencyDraftBody = {
    name: values.name.trim(),
    flags: {
      enableAgencyManagement: values.enableAgencyManagement,
      disableCallsigns: values.disableCallsigns,
    },
  };
  const slug = optional(values.slug)?.toLowerCase();
  if (slug !== undefined) body.slug = slug;
  const shortName = optional(values.shortName);
  if (shortName !== undefined) body.shortName = shortName;
  const domain = optional(values.domain);
  if (domain !== undefined) body.domain = domain;
  const description = optional(values.description);
  if (description !== undefined) body.description = description;
  const levels = parseCustomLevels(values.levels);
  if (levels.length > 0) body.flags.levels = levels;
  const ownerId = values.ownerDiscordId.trim();
  const ownerName = values.ownerName.trim();
  if (ownerId !== '' || ownerName !== '') body.owner = { discordId: ownerId, name: ownerName };
  return body;
}

/** The image kinds an agency can upload, with the theme key each one sets. */
export const AGENCY_MEDIA_KINDS = Object.freeze([
  { key: 'badgeUrl', label: 'Badge' },
  { key: 'heroUrl', label: 'Hero image' },
  { key: 'faviconUrl', label: 'Favicon' },
] as const);

export type AgencyMediaKey = (typeof AGENCY_MEDIA_KINDS)[number]['key'];
