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
export type ErrorBody = Schemas['ErrorBody'];
export type Me = Schemas['Me'];
export type MeUser = Schemas['MeUser'];
export type RosterEntry = Schemas['RosterEntry'];
export type DiscordUser = Schemas['DiscordUser'];
export type NavPermissions = Schemas['NavPermissions'];
export type NavPermissionEntry = Schemas['NavEntry'];
export type NavPermissionsUpdate = Schemas['NavPermissionsUpdate'];
export type PermissionsMetadata = Schemas['PermissionsMetadata'];
export type RoleOption = Schemas['RoleOption'];
export type ViewerInfo = Schemas['ViewerInfo'];
export type UploadedMedia = Schemas['UploadedMedia'];
