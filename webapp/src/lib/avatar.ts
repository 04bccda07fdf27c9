/**
 * Discord avatar URLs (member-portal §7) and the initials shown when an image fails. The
 * portal serves avatars itself (issue 21): it fetches each one once from Discord's image
 * service at size 512 and keeps a copy, so a page never reaches out to Discord, and an
 * install that cannot reach Discord shows default images instead of failed requests.
 */

export interface AvatarSource {
  id: string;
  avatar?: string | null;
  discriminator?: string | number | null;
}

/**
 * `/avatars/{id}/{hash}.{gif|png}` (gif when the hash starts with 'a_'); without a hash the
 * default avatar `/avatars/default/{discriminator mod 5}`.
 */
export function discordAvatarUrl({ id, avatar, discriminator }: AvatarSource): string {
  const hash = avatar?.trim();
  if (hash) {
    const extension = hash.startsWith('a_') ? 'gif' : 'png';
    return `/avatars/${encodeURIComponent(id)}/${encodeURIComponent(hash)}.${extension}`;
  }
  const number = Number.parseInt(String(discriminator ?? '0'), 10);
  const index = Number.isFinite(number) ? Math.abs(number) % 5 : 0;
  return `/avatars/default/${String(index)}`;
}

/** Up to two initials: 'Jane Doe' → 'JD', 'raw' → 'R', '' → '?'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/[\s_.-]+/).filter((word) => word.length > 0);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (first.charAt(0) + last.charAt(0)).toUpperCase();
}
