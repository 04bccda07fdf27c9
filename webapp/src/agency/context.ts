import { createContext, useContext } from 'react';
import type { Agency, AgencyConfig, Level, Theme } from '@/api/types';

export interface AgencyState {
  /** The active agency slug; null while it is being resolved. */
  slug: string | null;
  /** True once the slug is settled and the store agrees with it. */
  ready: boolean;
  /** Visible agencies (hidden ones left out). */
  agencies: Agency[];
  agenciesLoading: boolean;
  /** 'Failed to load agencies' or the error text. */
  agenciesError: string | null;
  config: AgencyConfig | null;
  configLoading: boolean;
  /** 'Failed to load agency config' or the error text. */
  configError: string | null;
  /** The agency's levels, or the default four. */
  levels: Level[];
  /** The agency theme with defaults filled in (defaults while loading or after a failure). */
  theme: Theme;
  /** Switches agency: writes localStorage and cookie, then reloads the shell. */
  selectAgency: (slug: string) => void;
  /** Where switching to `slug` goes when it leaves this address (`bcso.example.org`), or null. */
  switchDestination: (slug: string) => string | null;
}

export const AgencyContext = createContext<AgencyState | null>(null);

export function useAgency(): AgencyState {
  const state = useContext(AgencyContext);
  if (state === null) throw new Error('useAgency must be used inside <AgencyProvider>');
  return state;
}

/** The active slug, for components rendered inside the ready shell. */
export function useActiveSlug(): string {
  const { slug } = useAgency();
  if (slug === null) throw new Error('The active agency is not resolved yet');
  return slug;
}
