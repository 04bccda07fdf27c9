import { describe, expect, it } from 'vitest';
import openapiText from '../../openapi.json?raw';
import {
  ACTION_MAX,
  AGENCY_NAME_MAX,
  AGENCY_SHORT_NAME_MAX,
  CALLSIGN_MAX,
  CATALOGUE_NAME_MAX,
  CATALOGUE_NOTE_MAX,
  DISCORD_ID_MAX,
  PERSON_NAME_MAX,
  REASON_MAX,
  REGION_MAX,
  STRUCTURE_NAME_MAX,
} from './limits';

/** `components.schemas.<schema>.properties.<field>.maxLength` of the server's OpenAPI description. */
function maxLength(schema: string, field: string): unknown {
  const spec: unknown = JSON.parse(openapiText);
  let node: unknown = spec;
  for (const key of ['components', 'schemas', schema, 'properties', field, 'maxLength']) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('limits', () => {
  it.each([
    ['name', PERSON_NAME_MAX],
    ['callsign', CALLSIGN_MAX],
    ['region', REGION_MAX],
    ['discordId', DISCORD_ID_MAX],
    ['action', ACTION_MAX],
    ['reason', REASON_MAX],
  ])('RosterInput.%s matches the server (%i)', (field, limit) => {
    expect(maxLength('RosterInput', field)).toBe(limit);
  });

  it('StructurePatch.name matches the server', () => {
    expect(maxLength('StructurePatch', 'name')).toBe(STRUCTURE_NAME_MAX);
  });

  it.each([
    // What every vehicle, equipment kit and uniform has (their shared CatalogueEntry).
    ['CatalogueEntry', 'name', CATALOGUE_NAME_MAX],
    ['EquipmentSection', 'name', CATALOGUE_NAME_MAX],
    ['CatalogueEntry', 'notes', CATALOGUE_NOTE_MAX],
    ['Gear', 'helmet', CATALOGUE_NOTE_MAX],
    ['Gear', 'notes', CATALOGUE_NOTE_MAX],
  ])('%s.%s matches the server (%i)', (schema, field, limit) => {
    expect(maxLength(schema, field)).toBe(limit);
  });

  it('keeps the agency limits the server applies', () => {
    expect(AGENCY_NAME_MAX).toBe(120);
    expect(AGENCY_SHORT_NAME_MAX).toBe(40);
  });
});
