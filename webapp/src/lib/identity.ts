/** How the signed-in user is named in the shell (member-portal §2.3). Pure. */

export interface DiscordAccount {
  username: string;
  discriminator?: string | null;
}

export interface RosterName {
  name?: string | null;
  callsign?: string | null;
}

/** 'username#1234', or just 'username' for the new-style discriminator '0' (or none). */
export function discordTag(user: DiscordAccount): string {
  const discriminator = user.discriminator?.trim() ?? '';
  if (discriminator === '' || /^0+$/.test(discriminator)) return user.username;
  return `${user.username}#${discriminator}`;
}

/** The user menu label: roster name, else callsign, else the Discord tag. */
export function userLabel(user: DiscordAccount, roster: RosterName | null | undefined): string {
  const name = roster?.name?.trim();
  if (name) return name;
  const callsign = roster?.callsign?.trim();
  if (callsign) return callsign;
  return discordTag(user);
}

/** The login path, coming back to `returnTo` (a local path) afterwards. */
export function loginHref(returnTo: string): string {
  const back = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  return `/auth/discord?returnTo=${encodeURIComponent(back)}`;
}
