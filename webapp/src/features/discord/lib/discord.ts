/**
 * Command → Discord (issue 22): the screen's texts, the settings form's values and checks (the
 * server's rules), the names shown for Discord roles and parts of the structure, and what a
 * sync did, read from the server's answer. Pure.
 */

export const DISCORD_TITLE = 'Discord';
export const SETTINGS_UNAVAILABLE = 'Discord settings unavailable';
export const MAPPINGS_UNAVAILABLE = 'Role links unavailable';
export const DIFFERENCES_UNAVAILABLE = 'Differences unavailable';
export const SETTINGS_SAVED = 'Discord settings saved.';
export const DIRECTION_SAVED = 'Direction saved.';
export const ONLY_HIGH_COMMAND = 'Only High Command can change the Discord server, the bot and role sync.';
export const NO_SECRET_KEY =
  "This portal cannot store a bot token: the server has no secret key (PORTAL_SECRET_KEY). Without one the deployment's bot is used.";
export const NO_MAPPINGS =
  'Nothing in the structure is linked to a Discord role yet. Link departments, ranks and roles to Discord roles in Department management.';
export const ALL_MATCH = "Every member's roles match the roster.";
export const SYNC_OFF_HINT = 'Role sync is off. High Command can turn on "Roles follow the roster" above.';
export const CONFIRM_REMOVE_TOKEN =
  "Remove the agency's own bot token? The deployment's bot is used instead, when there is one.";

/** The server's checks of the settings (`features/discord/model.rs`). */
export const BAD_GUILD =
  'A Discord server id is 17 to 20 digits (right-click the server with Developer Mode on, then Copy Server ID).';
export const BAD_TOKEN = 'A bot token is one line of at most 200 characters.';
export const TOKEN_MAX = 200;

/** A Discord id (a snowflake): 17 to 20 digits. */
export function isDiscordId(value: string): boolean {
  return /^\d{17,20}$/.test(value);
}

// ——— Settings ———

/** What the settings card needs of `GET /api/discord/settings`. */
export interface SettingsLike {
  guildId?: string | null;
  deploymentGuildId?: string | null;
  botTokenSet: boolean;
  deploymentBot: boolean;
  syncEnabled: boolean;
}

/** The settings form: the server id, a new bot token (blank keeps the one there is), role sync. */
export interface SettingsFormValues {
  guildId: string;
  botToken: string;
  syncEnabled: boolean;
}

export function settingsFormValues(settings: SettingsLike): SettingsFormValues {
  return { guildId: settings.guildId ?? '', botToken: '', syncEnabled: settings.syncEnabled };
}

/** The form's errors by field (none: `{}`). */
export function validateSettings(values: SettingsFormValues): Partial<Record<keyof SettingsFormValues, string>> {
  const errors: Partial<Record<keyof SettingsFormValues, string>> = {};
  const guild = values.guildId.trim();
  if (guild !== '' && !isDiscordId(guild)) errors.guildId = BAD_GUILD;
  const token = values.botToken.trim();
  if (token.length > TOKEN_MAX || /\s/.test(token)) errors.botToken = BAD_TOKEN;
  return errors;
}

/** `PUT /api/discord/settings`: only what changed (a blank server id falls back to the deployment's). */
export interface SettingsChange {
  guildId?: string;
  botToken?: string;
  syncEnabled?: boolean;
}

/** What the form changes of `initial`; null when nothing. A blank token field keeps the token. */
export function settingsChange(initial: SettingsFormValues, values: SettingsFormValues): SettingsChange | null {
  const change: SettingsChange = {};
  const guild = values.guildId.trim();
  if (guild !== initial.guildId.trim()) change.guildId = guild;
  const token = values.botToken.trim();
  if (token !== '') change.botToken = token;
  if (values.syncEnabled !== initial.syncEnabled) change.syncEnabled = values.syncEnabled;
  return Object.keys(change).length === 0 ? null : change;
}

/** Which Discord server the agency uses. */
export function serverLine(settings: SettingsLike): string {
  if (settings.guildId != null && settings.guildId !== '') return `Server ${settings.guildId}`;
  if (settings.deploymentGuildId != null && settings.deploymentGuildId !== '') {
    return `The deployment's server (${settings.deploymentGuildId})`;
  }
  return 'No server yet';
}

/** Which bot the agency uses; the token itself is never shown. */
export function tokenLine(settings: SettingsLike): string {
  if (settings.botTokenSet) return 'A bot token is set.';
  if (settings.deploymentBot) return "Using the deployment's bot.";
  return 'No bot: enter a bot token.';
}

export function syncLine(enabled: boolean): string {
  return enabled ? 'Roles follow the roster.' : 'Role sync is off.';
}

// ——— Role links ———

export const TO_DISCORD = 'to_discord';
export const FROM_DISCORD = 'from_discord';

/** The direction select's choices (only department roles may go from Discord). */
export const DIRECTIONS: readonly { value: string; label: string }[] = [
  { value: TO_DISCORD, label: 'The roster decides' },
  { value: FROM_DISCORD, label: 'Discord decides' },
];

export function directionLabel(direction: string): string {
  return DIRECTIONS.find((d) => d.value === direction)?.label ?? direction;
}

const KIND_LABELS: Readonly<Record<string, string>> = {
  rank: 'Rank',
  department: 'Department',
  sub_department: 'Sub-department',
  role: 'Department role',
};

/** 'Rank', 'Department', 'Sub-department' or 'Department role'. */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** Only department roles may be handed out in Discord (the rest follow the roster). */
export function canChooseDirection(kind: string): boolean {
  return kind === 'role';
}

/** What the screen needs of a mapping. */
export interface MappingLike {
  kind: string;
  itemId: string;
  name: string;
  departmentName: string;
}

/** 'Patrol Division' for a department, else 'Sergeant · Patrol Division'. */
export function mappingPlace(mapping: MappingLike): string {
  return mapping.kind === 'department' ? mapping.name : `${mapping.name} · ${mapping.departmentName}`;
}

/** Names by id; an id without a name is shown as itself. */
export type Names = (id: string) => string;

export function namesOf(entries: readonly { id: string; name: string }[]): Names {
  const names = new Map(entries.map((entry) => [entry.id, entry.name]));
  return (id) => names.get(id) ?? id;
}

/** The names of the department roles that have a link (the roster's side of `from_discord`). */
export function departmentRoleNames(mappings: readonly MappingLike[]): Names {
  return namesOf(mappings.filter((m) => m.kind === 'role').map((m) => ({ id: m.itemId, name: m.name })));
}

// ——— Differences and syncs ———

/** What one member's sync did (`POST /api/discord/sync` with `rosterId`, or a run's result). */
export interface MemberSync {
  name: string | null;
  /** Discord roles given and taken. */
  added: string[];
  removed: string[];
  /** The roster's department roles before and after, when Discord changed them. */
  rosterRoles: { before: string[]; after: string[] } | null;
  changed: boolean;
  notInGuild: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A member's sync as the server describes it (its schema leaves it untyped); null when it is not one. */
export function readMemberSync(value: unknown): MemberSync | null {
  if (!isRecord(value)) return null;
  const roster = value.rosterRoles;
  return {
    name: text(value.name),
    added: strings(value.added),
    removed: strings(value.removed),
    rosterRoles: isRecord(roster) ? { before: strings(roster.before), after: strings(roster.after) } : null,
    changed: value.changed === true,
    notInGuild: value.notInGuild === true,
  };
}

const list = (ids: readonly string[], names: Names) => ids.map(names).join(', ');

/**
 * What a member's sync did, in a sentence: 'Casey Nguyen: given Deputy, Headquarters; taken
 * Supervisor.' `roles` names Discord roles, `departmentRoles` the roster's department roles.
 */
export function memberSyncLine(sync: MemberSync, fallbackName: string, roles: Names, departmentRoles: Names): string {
  const name = sync.name ?? fallbackName;
  if (sync.notInGuild) return `${name} is not in the Discord server: nothing to change.`;
  if (!sync.changed) return `${name}'s roles already match the roster.`;
  const parts: string[] = [];
  if (sync.added.length > 0) parts.push(`given ${list(sync.added, roles)}`);
  if (sync.removed.length > 0) parts.push(`taken ${list(sync.removed, roles)}`);
  if (sync.rosterRoles !== null) {
    const after = sync.rosterRoles.after;
    parts.push(after.length === 0 ? 'roster roles cleared' : `roster roles now ${list(after, departmentRoles)}`);
  }
  return `${name}: ${parts.join('; ')}.`;
}

/** One member of a run: what was done, or why it failed. */
export interface RunResult {
  discordId: string;
  status: string;
  result: MemberSync | null;
  error: string | null;
}

/** A run's results as the server describes them (its schema leaves them untyped). */
export function readRunResults(results: readonly unknown[]): RunResult[] {
  return results.filter(isRecord).map((item) => ({
    discordId: text(item.discordId) ?? '',
    status: text(item.status) ?? '',
    result: readMemberSync(item.result),
    error: text(item.error),
  }));
}

/** What the screen needs of a run of "Sync now". */
export interface RunLike {
  startedAt: string;
  startedBy: string;
  total: number;
  done: number;
  failed: number;
  finishedAt?: string | null;
}

/** How far a run got, in percent (a run over nobody is complete). */
export function runPercent(run: RunLike): number {
  if (run.total <= 0) return 100;
  return Math.min(100, Math.round(((run.done + run.failed) / run.total) * 100));
}

function members(count: number): string {
  return `${String(count)} ${count === 1 ? 'member' : 'members'}`;
}

/** 'Syncing: 3 of 12 members…' while it runs. */
export function runProgressLine(run: RunLike): string {
  return `Syncing: ${String(run.done + run.failed)} of ${members(run.total)}…`;
}

/** 'Last sync 3 Jan 2026, 14:05 by Alex Mercer: 11 done, 1 failed of 12 members.' */
export function lastRunLine(run: RunLike, formatDate: (date: Date) => string): string {
  const started = new Date(run.startedAt);
  const when = Number.isNaN(started.getTime()) ? '' : ` ${formatDate(started)}`;
  const who = run.startedBy.trim() === '' ? '' : ` by ${run.startedBy.trim()}`;
  return `Last sync${when}${who}: ${String(run.done)} done, ${String(run.failed)} failed of ${members(run.total)}.`;
}

/** 'Sync finished: 12 done, 0 failed.' */
export function runFinishedLine(run: RunLike): string {
  return `Sync finished: ${String(run.done)} done, ${String(run.failed)} failed.`;
}

/** 'N members differ from the roster (M in the Discord server).' */
export function differencesLine(differing: number, guildMembers: number): string {
  const verb = differing === 1 ? 'differs' : 'differ';
  return `${members(differing)} ${verb} from the roster (${members(guildMembers)} in the Discord server).`;
}
