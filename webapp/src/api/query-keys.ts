/**
 * Every TanStack Query key of the portal, built in one place.
 *
 * Agency-scoped data lives under `['agency', slug, …]`; switching agency drops all of it, and
 * only the agency list (`['agencies']`) survives. The `…All` keys are prefixes for
 * invalidation: invalidating one matches every key that starts with it.
 */

import type { QueryKey } from '@tanstack/react-query';

const AGENCIES = 'agencies';

/** Prefix of everything that belongs to agency `slug`. */
const agency = (slug: string) => ['agency', slug] as const;
const navPermissionsAll = (slug: string) => [...agency(slug), 'nav-permissions'] as const;
const roster = (slug: string) => [...agency(slug), 'roster'] as const;
const availableCallsignsAll = (slug: string) => [...roster(slug), 'callsigns'] as const;

export const queryKeys = {
  /** `GET /api/agencies`: independent of the active agency. */
  agencies: () => [AGENCIES] as const,
  agency,
  agencyConfig: (slug: string) => [...agency(slug), 'config'] as const,
  me: (slug: string) => [...agency(slug), 'me'] as const,
  /** Every navigation permissions key of the agency, whatever their target. */
  navPermissionsAll,
  /** The agency's own permissions (`target` null) or another agency's (`target`). */
  navPermissions: (slug: string, target: string | null) => [...navPermissionsAll(slug), target] as const,
  /** The roster; also the prefix of its free callsigns. */
  roster,
  availableCallsignsAll,
  /** Free callsigns of rank `rank` (an id or name). */
  availableCallsigns: (slug: string, rank: string) => [...availableCallsignsAll(slug), rank] as const,
  structure: (slug: string) => [...agency(slug), 'structure'] as const,
  discordRoles: (slug: string) => [...agency(slug), 'discord-roles'] as const,
  callsignPools: (slug: string) => [...agency(slug), 'callsign-pools'] as const,
  /** `GET /api/penal-codes`: the catalogue the report forms pick charges and violations from. */
  penalCodes: (slug: string) => [...agency(slug), 'penal-codes'] as const,
  /** `GET /api/discord/settings`: the agency's Discord server, bot and role sync. */
  discordSettings: (slug: string) => [...agency(slug), 'discord', 'settings'] as const,
  /** `GET /api/discord/mappings`: the parts of the structure linked to Discord roles. */
  discordMappings: (slug: string) => [...agency(slug), 'discord', 'mappings'] as const,
  /** `GET /api/discord/sync`: how the guild's roles differ from the roster (the prefix of its runs). */
  discordSync: (slug: string) => [...agency(slug), 'discord', 'sync'] as const,
  /** `GET /api/discord/sync/runs/{id}`: one run of "Sync now". */
  discordSyncRun: (slug: string, id: number) => [...agency(slug), 'discord', 'sync', 'runs', id] as const,
  /** `GET /api/webhooks`: the agency's webhooks (the prefix of their delivery log). */
  webhooks: (slug: string) => [...agency(slug), 'webhooks'] as const,
  /** `GET /api/webhooks/deliveries`: the last hundred deliveries. */
  webhookDeliveries: (slug: string) => [...agency(slug), 'webhooks', 'deliveries'] as const,
  /** Every qualification key of the agency: the catalogue, what members hold, what expires (issue 23). */
  qualificationsAll: (slug: string) => [...agency(slug), 'qualifications'] as const,
  /** `GET /api/qualifications`: the catalogue. */
  qualifications: (slug: string) => [...agency(slug), 'qualifications', 'catalogue'] as const,
  /** `GET /api/qualifications/expiring?days=` (null: the agency's default). */
  expiringQualifications: (slug: string, days: number | null) => [...agency(slug), 'qualifications', 'expiring', days] as const,
  /** `GET /api/roster/{id}/qualifications`: what member `id` holds and held. */
  memberQualifications: (slug: string, id: number) => [...agency(slug), 'qualifications', 'member', id] as const,
  /** Every leave key of the agency (the viewer's own requests and the review list). */
  leaveAll: (slug: string) => [...agency(slug), 'leave'] as const,
  /** `GET /api/leave?mine=true` ('mine') or `GET /api/leave` ('all', the reviewers'). */
  leave: (slug: string, scope: 'mine' | 'all') => [...agency(slug), 'leave', scope] as const,
  /** Every personnel file of the agency. */
  personnelFilesAll: (slug: string) => [...agency(slug), 'personnel-file'] as const,
  /** `GET /api/roster/{id}/file`. */
  personnelFile: (slug: string, id: number) => [...agency(slug), 'personnel-file', id] as const,
  /** `GET /api/command-scope`: which levels command their own department only, and the viewer's reach. */
  commandScope: (slug: string) => [...agency(slug), 'command-scope'] as const,
  /** Every duty key of the agency (issue 24): the viewer's own, who is on duty, shifts, hours, settings. */
  dutyAll: (slug: string) => [...agency(slug), 'duty'] as const,
  /** `GET /api/duty/me`: the viewer's open shift, hours, weeks and recent shifts. */
  myDuty: (slug: string) => [...agency(slug), 'duty', 'me'] as const,
  /** `GET /api/duty/now`: who is on duty and the last week's shifts (Supervisor → On duty). */
  onDuty: (slug: string) => [...agency(slug), 'duty', 'now'] as const,
  /** `GET /api/duty/shifts/{id}`: one shift with its corrections. */
  shift: (slug: string, id: number) => [...agency(slug), 'duty', 'shift', id] as const,
  /** `GET /api/duty/hours`: every member's hours, for the roster. */
  rosterHours: (slug: string) => [...agency(slug), 'duty', 'hours'] as const,
  /** `GET /api/duty/settings`: when shifts close themselves and members count as inactive. */
  dutySettings: (slug: string) => [...agency(slug), 'duty', 'settings'] as const,
  /** `GET /api/analytics/{section}?from&to&department` (issue 25): one section of Command → Analytics. */
  analytics: (slug: string, section: string, query: string) => [...agency(slug), 'analytics', section, query] as const,
  /** `GET /api/analytics/agencies`: every agency's figures (the root agency's High Command). */
  analyticsAgencies: (slug: string) => [...agency(slug), 'analytics', 'agencies'] as const,
  /** `GET /api/tokens`: the agency's API tokens and the scopes a token may have. */
  apiTokens: (slug: string) => [...agency(slug), 'api-tokens'] as const,
  /** Every recruitment key of the agency (issue 26): forms, open forms, the viewer's applications, the board. */
  recruitmentAll: (slug: string) => [...agency(slug), 'recruitment'] as const,
  /** `GET /api/applications/forms`: every form, as Command → Recruitment edits them. */
  applicationForms: (slug: string) => [...agency(slug), 'recruitment', 'forms'] as const,
  /** `GET /api/apply/forms`: the open forms anyone may read. */
  openApplicationForms: (slug: string) => [...agency(slug), 'recruitment', 'open-forms'] as const,
  /** `GET /api/apply/mine`: the viewer's own applications (the status page). */
  myApplications: (slug: string) => [...agency(slug), 'recruitment', 'mine'] as const,
  /** `GET /api/applications`: the reviewers' board. */
  applicationBoard: (slug: string) => [...agency(slug), 'recruitment', 'board'] as const,
  /** `GET /api/applications/{id}`: one application with its answers, notes and votes. */
  application: (slug: string, id: number) => [...agency(slug), 'recruitment', 'application', id] as const,
  /** Every arrest report key of the agency (lists, next number, details). */
  arrestsAll: (slug: string) => [...agency(slug), 'arrests'] as const,
  /** `GET /api/arrests/next-number`: the case number the form suggests. */
  arrestNextNumber: (slug: string) => [...agency(slug), 'arrests', 'next-number'] as const,
  /** `GET /api/arrests/{id}`. */
  arrest: (slug: string, id: number) => [...agency(slug), 'arrests', 'detail', id] as const,
  /** `GET /api/arrests?status=` (null: every status), the review list. */
  arrestList: (slug: string, status: string | null) => [...agency(slug), 'arrests', 'list', status] as const,
  /** Every ticket key of the agency (list, next number, details). */
  ticketsAll: (slug: string) => [...agency(slug), 'tickets'] as const,
  /** `GET /api/tickets/next-number`: the citation number the form suggests. */
  ticketNextNumber: (slug: string) => [...agency(slug), 'tickets', 'next-number'] as const,
  /** `GET /api/tickets/{id}`. */
  ticket: (slug: string, id: number) => [...agency(slug), 'tickets', 'detail', id] as const,
  /** Every use-of-force key of the agency (lists, next number, details). */
  uofAll: (slug: string) => [...agency(slug), 'uof'] as const,
  /** `GET /api/uof?status=` (null: every status), the review list. */
  uofList: (slug: string, status: string | null) => [...agency(slug), 'uof', 'list', status] as const,
  /** `GET /api/uof/next-number`: the incident number the form suggests. */
  uofNextNumber: (slug: string) => [...agency(slug), 'uof', 'next-number'] as const,
  /** `GET /api/uof/{id}`. */
  uof: (slug: string, id: number) => [...agency(slug), 'uof', 'detail', id] as const,
  rosterLogs: (slug: string, { type, limit, offset }: { type: string; limit: number; offset: number }) =>
    [...agency(slug), 'roster-logs', type, limit, offset] as const,
  /** `GET /api/audit?…`: one page of the audit log for these filters (the query string). */
  audit: (slug: string, query: string) => [...agency(slug), 'audit', query] as const,
  /** `GET /api/audit/settings`: how long the agency keeps its audit log. */
  auditSettings: (slug: string) => [...agency(slug), 'audit-settings'] as const,
  /** The agencies admin list (hidden agencies included). */
  agenciesAdmin: (slug: string) => [...agency(slug), 'agencies-admin'] as const,
  /** `GET /api/agencies/{target}/backups`, asked from agency `slug` (the root agency's for another agency). */
  agencyBackups: (slug: string, target: string) => [...agency(slug), 'agency-backups', target] as const,
  /** The 'Managing agency' choices of the permissions screen. */
  manageableAgencies: (slug: string) => [...agency(slug), 'agencies-manageable'] as const,
  /** Every vehicle list of the agency (the member list and the management list). */
  vehiclesAll: (slug: string) => [...agency(slug), 'vehicles'] as const,
  /** `GET /api/vehicles` (filtered by the viewer's rank, 'member') or `?scope=manage` ('manage'). */
  vehicles: (slug: string, scope: 'member' | 'manage') => [...agency(slug), 'vehicles', scope] as const,
  /** Every equipment list of the agency (the member list and the management list). */
  equipmentAll: (slug: string) => [...agency(slug), 'equipment'] as const,
  /** `GET /api/equipment` (filtered by the viewer's rank, 'member') or `?scope=manage` ('manage'). */
  equipment: (slug: string, scope: 'member' | 'manage') => [...agency(slug), 'equipment', scope] as const,
  /** Every uniform list of the agency (the member list and the management list). */
  uniformsAll: (slug: string) => [...agency(slug), 'uniforms'] as const,
  /** `GET /api/uniforms` (filtered by the viewer's rank, 'member') or `?scope=manage` ('manage'). */
  uniforms: (slug: string, scope: 'member' | 'manage') => [...agency(slug), 'uniforms', scope] as const,
  /** Every document list of the agency (SOPs and presentations: the member list and the management list). */
  sopsAll: (slug: string) => [...agency(slug), 'sops'] as const,
  /** `GET /api/sops` (the documents the viewer's level reaches, 'member') or `?scope=manage` ('manage'). */
  sops: (slug: string, scope: 'member' | 'manage') => [...agency(slug), 'sops', scope] as const,
  /** `GET /api/sops/sources` ('member') or `?scope=manage` ('manage'): documents' Office files (issue 28). */
  sopSources: (slug: string, scope: 'member' | 'manage') => [...agency(slug), 'sops', 'sources', scope] as const,
  /** `GET /api/sops/{id}/source/versions`: every version of one document's Office file. */
  sopSourceVersions: (slug: string, id: string) => [...agency(slug), 'sops', 'source-versions', id] as const,
  /** `GET /api/sops/{id}/draft`: one document's draft (issue 28). */
  sopDraft: (slug: string, id: string) => [...agency(slug), 'sops', 'draft', id] as const,
  /** `GET /api/sops/{id}/versions` and `…/versions/{version}` (the latter with `version`). */
  sopVersions: (slug: string, id: string, version?: number) =>
    version === undefined ? ([...agency(slug), 'sops', 'versions', id] as const) : ([...agency(slug), 'sops', 'versions', id, version] as const),
  /** Every training key of the agency (templates and sessions). */
  trainingAll: (slug: string) => [...agency(slug), 'trainings'] as const,
  /** `GET /api/trainings`: the training templates. */
  trainingTemplates: (slug: string) => [...agency(slug), 'trainings', 'templates'] as const,
  /** Every training session key (the list, details, the viewer's own). */
  trainingSessionsAll: (slug: string) => [...agency(slug), 'trainings', 'sessions'] as const,
  /** `GET /api/trainings/assignments`. */
  trainingSessions: (slug: string) => [...agency(slug), 'trainings', 'sessions', 'list'] as const,
  /** `GET /api/trainings/assignments/{id}`. */
  trainingSession: (slug: string, id: number) => [...agency(slug), 'trainings', 'sessions', 'detail', id] as const,
  /** `GET /api/trainings/assignments?trainee=me`: the viewer's own training (their profile). */
  myTrainingSessions: (slug: string) => [...agency(slug), 'trainings', 'sessions', 'mine'] as const,
  /**
   * The viewer's own reports of one kind for their profile (`GET /api/uof`, `/api/arrests`,
   * `/api/tickets`), under the kind's prefix so that filing or reviewing one refreshes them.
   */
  myReports: (slug: string, kind: 'uof' | 'arrests' | 'tickets') => [...agency(slug), kind, 'mine'] as const,
};

/** True for data that survives an agency switch (only the agency list). */
export function survivesAgencySwitch(key: QueryKey): boolean {
  return key[0] === AGENCIES;
}
