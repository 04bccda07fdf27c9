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
