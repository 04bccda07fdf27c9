import type { ReactNode } from 'react';
import { AgencyContext, type AgencyState } from '@/agency/context';
import type { AgencyConfig } from '@/api/types';
import { withThemeDefaults } from '@/lib/agency-theme';
import { DEFAULT_LEVELS } from '@/lib/levels';

/** A settled agency state for component tests. */
export function agencyState(config: AgencyConfig | null, overrides: Partial<AgencyState> = {}): AgencyState {
  return {
    slug: config?.slug ?? 'rawlife',
    ready: true,
    agencies: [],
    agenciesLoading: false,
    agenciesError: null,
    config,
    configLoading: false,
    configError: null,
    levels: config?.levels ?? DEFAULT_LEVELS.map((level) => ({ ...level })),
    theme: withThemeDefaults(config?.theme),
    selectAgency: () => undefined,
    switchDestination: () => null,
    ...overrides,
  };
}

export function WithAgency({ state, children }: { state: AgencyState; children: ReactNode }) {
  return <AgencyContext.Provider value={state}>{children}</AgencyContext.Provider>;
}
