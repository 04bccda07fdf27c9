/**
 * Vehicle access control rules (command-and-reports §2 "Vehicle access control", §4, §5, §8)
 * and the member catalogue texts (member-portal §2.7, §8). Pure.
 */

import type { CatalogueBasics, CatalogueEntryLike } from '@/lib/catalogue-list';
import { ALL_RANKS } from '@/lib/rank-list';

export const VEHICLE_NAME_REQUIRED = 'Vehicle name is required';
/** The server's refusals of unnamed variants and liveries, checked before sending too. */
export const VARIANT_NAME_REQUIRED = 'Each variant needs a name.';
export const LIVERY_NAME_REQUIRED = 'Each livery needs a name.';
export const VEHICLE_CREATED = 'Vehicle created';
export const VEHICLE_UPDATED = 'Vehicle updated';
/** Not in the spec (which shows no vehicle delete): worded like the other catalogues. */
export const VEHICLE_REMOVED = 'Vehicle removed';
export const REMOVE_VEHICLE = 'Remove this vehicle?';
export const NO_VEHICLES_CONFIGURED = 'No vehicles configured';
export const UNABLE_TO_LOAD = 'Unable to load vehicles';

export const VEHICLE_LIST_UNAVAILABLE = 'Vehicle list unavailable';
export const NO_VARIANTS = 'No variants registered.';
export const NOT_FOR_YOUR_RANK = 'Not available for your rank';
/** A variant without any livery, seen signed out (the server lists every livery then). */
export const NO_LIVERIES = 'No liveries registered.';
export const LOGIN_TO_FILTER = 'You are seeing every vehicle. Log in to see only the vehicles and liveries your rank may use.';

/** What the rules need of a vehicle (the API's `Vehicle`). */
export interface VehicleValue extends CatalogueEntryLike {
  departmentIds?: string[];
  /** Liveries name the qualifications a member must hold as well (issue 23), like the vehicle. */
  variants?: { name: string; liveries?: { name: string; rankIds?: string[]; requiredQualifications?: string[] }[] }[];
}

export interface LiveryDraft {
  key: string;
  name: string;
  rankIds: string[];
  requiredQualifications: string[];
}

export interface VariantDraft {
  key: string;
  name: string;
  liveries: LiveryDraft[];
}

/** The vehicle modal's form. `id` is '' for a new vehicle; `departmentIds` are kept as loaded. */
export interface VehicleDraft extends CatalogueBasics {
  id: string;
  departmentIds: string[];
  variants: VariantDraft[];
}

let keySeed = 0;
/** A key for a new row of the form (React list keys only; never sent). */
export function newKey(): string {
  keySeed += 1;
  return `row-${String(keySeed)}`;
}

/** The form of an existing vehicle, or of a new one (open to all ranks, no variants). */
export function draftOf(vehicle: VehicleValue | null): VehicleDraft {
  if (vehicle === null) {
    return {
      id: '',
      name: '',
      image: '',
      notes: '',
      departmentIds: [],
      allowedRanks: [ALL_RANKS],
      requiredQualifications: [],
      variants: [],
    };
  }
  return {
    id: vehicle.id ?? '',
    name: vehicle.name,
    image: vehicle.image ?? '',
    notes: vehicle.notes ?? '',
    departmentIds: [...(vehicle.departmentIds ?? [])],
    allowedRanks: [...(vehicle.allowedRanks ?? [])],
    requiredQualifications: [...(vehicle.requiredQualifications ?? [])],
    variants: (vehicle.variants ?? []).map((variant) => ({
      key: newKey(),
      name: variant.name,
      liveries: (variant.liveries ?? []).map((livery) => ({
        key: newKey(),
        name: livery.name,
        rankIds: [...(livery.rankIds ?? [])],
        requiredQualifications: [...(livery.requiredQualifications ?? [])],
      })),
    })),
  };
}

export function newVariant(): VariantDraft {
  return { key: newKey(), name: '', liveries: [] };
}

/** A new livery is open to all ranks until chips are chosen. */
export function newLivery(): LiveryDraft {
  return { key: newKey(), name: '', rankIds: [ALL_RANKS], requiredQualifications: [] };
}

/**
 * The form's refusals by field, checked as the server would (§5): 'Vehicle name is required'
 * under Name, 'Each variant needs a name.' and 'Each livery needs a name.' under each unnamed
 * one (paths of @mantine/form: `variants.0.liveries.1.name`). Empty: none.
 */
export function draftErrors(draft: VehicleDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.name.trim() === '') errors.name = VEHICLE_NAME_REQUIRED;
  draft.variants.forEach((variant, v) => {
    if (variant.name.trim() === '') errors[`variants.${String(v)}.name`] = VARIANT_NAME_REQUIRED;
    variant.liveries.forEach((livery, l) => {
      if (livery.name.trim() === '') errors[`variants.${String(v)}.liveries.${String(l)}.name`] = LIVERY_NAME_REQUIRED;
    });
  });
  return errors;
}

const trimmedList = (list: readonly string[]) => list.map((value) => value.trim()).filter((value) => value !== '');

/** The vehicle the form describes, trimmed (the server normalises the rest, §5). */
export function vehicleOf(draft: VehicleDraft): VehicleValue & { id: string } {
  return {
    id: draft.id,
    name: draft.name.trim(),
    image: draft.image.trim(),
    notes: draft.notes.trim(),
    departmentIds: trimmedList(draft.departmentIds),
    allowedRanks: trimmedList(draft.allowedRanks),
    requiredQualifications: trimmedList(draft.requiredQualifications),
    variants: draft.variants.map((variant) => ({
      name: variant.name.trim(),
      liveries: variant.liveries.map((livery) => ({
        name: livery.name.trim(),
        rankIds: trimmedList(livery.rankIds),
        requiredQualifications: trimmedList(livery.requiredQualifications),
      })),
    })),
  };
}

/**
 * The whole list with `vehicle` saved: it replaces the vehicle of the same id, or is added at
 * the end (a new vehicle, or one someone else removed meanwhile).
 */
export function withVehicle<T extends VehicleValue>(list: readonly T[], vehicle: T): T[] {
  const id = vehicle.id ?? '';
  const index = id === '' ? -1 : list.findIndex((item) => item.id === id);
  if (index < 0) return [...list, vehicle];
  return list.map((item, i) => (i === index ? vehicle : item));
}

/** The whole list without the vehicle `id`. */
export function withoutVehicle<T extends VehicleValue>(list: readonly T[], id: string): T[] {
  return list.filter((item) => item.id !== id);
}

/** '1 livery' or 'N liveries'. */
export function liveryCount(count: number): string {
  return count === 1 ? '1 livery' : `${String(count)} liveries`;
}

/** '1 variant' or 'N variants'. */
export function variantCount(count: number): string {
  return count === 1 ? '1 variant' : `${String(count)} variants`;
}
