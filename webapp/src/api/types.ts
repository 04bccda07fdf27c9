/**
 * API shapes (JSON, camelCase), aliases of the schemas generated from the server's OpenAPI
 * description. Regenerate `schema.ts` with `npm run gen:api` after the server's API changes.
 */

import type { components } from './schema';

type Schemas = components['schemas'];

export type Level = Schemas['Level'];
export type HomeCard = Schemas['HomeCard'];
export type Theme = Schemas['Theme'];
export type AgencyFlags = Schemas['AgencyFlags'];
export type AgencyLinks = Schemas['AgencyLinks'];
export type Agency = Schemas['Agency'];
export type AgencyList = Schemas['AgencyList'];
export type AgencyConfig = Schemas['AgencyConfig'];
export type AgencyDraft = Schemas['AgencyDraft'];
export type AgencyPatch = Schemas['AgencyPatch'];
export type ErrorBody = Schemas['ErrorBody'];
export type Me = Schemas['Me'];
export type MeUser = Schemas['MeUser'];
export type RosterEntry = Schemas['RosterEntry'];
/** A roster save's answer: the entry, and whether its callsign lies outside its rank's pools. */
export type SavedPerson = Schemas['SavedPerson'];
export type DiscordUser = Schemas['DiscordUser'];
export type NavPermissions = Schemas['NavPermissions'];
export type NavPermissionEntry = Schemas['NavEntry'];
export type NavPermissionsUpdate = Schemas['NavPermissionsUpdate'];
export type PermissionsMetadata = Schemas['PermissionsMetadata'];
export type RoleOption = Schemas['RoleOption'];
export type ViewerInfo = Schemas['ViewerInfo'];
export type UploadedMedia = Schemas['UploadedMedia'];
export type Structure = Schemas['Structure'];
export type Department = Schemas['Department'];
export type Rank = Schemas['Rank'];
export type SubDepartment = Schemas['SubDepartment'];
export type DepartmentRole = Schemas['DepartmentRole'];
export type StructurePatch = Schemas['StructurePatch'];
export type StructureCreate = Schemas['StructureCreate'];
export type ReorderRequest = Schemas['ReorderRequest'];
export type DiscordRole = Schemas['DiscordRole'];
export type DiscordRoles = Schemas['DiscordRoles'];
export type Pool = Schemas['Pool'];
/** `GET/POST /api/callsigns`: every rank's pools, keyed by rank name. */
export type PoolMap = Record<string, Pool[]>;
export type SavePools = Schemas['SavePools'];
export type UploadedInsignia = Schemas['UploadedInsignia'];
export type RosterInput = Schemas['RosterInput'];
export type StaleEdit = Schemas['StaleEdit'];
export type AvailableCallsigns = Schemas['AvailableCallsigns'];
export type RankLogItem = Schemas['RankLogItem'];
export type HireLogItem = Schemas['HireLogItem'];
export type LogItem = Schemas['LogItem'];
export type LogPage = Schemas['LogPage'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];
export type AuditSettings = Schemas['AuditSettings'];
/** A roster line of the list: the entry, the qualifications held and a running leave's end (issue 23). */
export type RosterRow = Schemas['RosterRow'];
export type HeldQualification = Schemas['HeldQualification'];
export type Qualification = Schemas['Qualification'];
export type QualificationInput = Schemas['QualificationInput'];
export type Holding = Schemas['Holding'];
export type MemberQualifications = Schemas['MemberQualifications'];
export type LeaveRequest = Schemas['LeaveRequest'];
export type CommandScope = Schemas['CommandScope'];
export type Scope = Schemas['Scope'];
/**
 * A backup of an agency (issue 27). The generated `counts` says an empty object (the server
 * describes it as a JSON value): it holds rows per table.
 */
export type Backup = Omit<Schemas['Backup'], 'counts'> & { counts: Record<string, number> };
export type BackupSettings = Schemas['BackupSettings'];
export type BackupSettingsInput = Schemas['BackupSettingsInput'];
export type BackupList = Omit<Schemas['BackupList'], 'backups'> & { backups: Backup[] };
export type ImportedAgency = Schemas['ImportedAgency'];
