import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { agenciesQueryOptions, agencyConfigQueryOptions } from '@/api/agencies';
import { messageOf } from '@/api/client';
import { survivesAgencySwitch } from '@/api/query-keys';
import type { Theme } from '@/api/types';
import { resolveActiveSlug, switchDestination, switchHref, visibleAgencies } from '@/lib/active-agency';
import { withThemeDefaults } from '@/lib/agency-theme';
import { DEFAULT_LEVELS, normalizeLevels } from '@/lib/levels';
import { AgencyContext, type AgencyState } from './context';
import { useThemePreview } from './preview';
import { applyResolvedSlug, chooseAgency, getSnapshot, subscribe } from './store';

export const AGENCIES_ERROR = 'Failed to load agencies';
export const CONFIG_ERROR = 'Failed to load agency config';

interface AgencyProviderProps {
  children: ReactNode;
  /** Host name used for the domain default (defaults to window.location.hostname). */
  hostname?: string;
}

/**
 * Resolves the active agency (stored choice > agency whose domain is the host > 'rawlife',
 * corrected against the visible list) and loads its configuration.
 */
export function AgencyProvider({ children, hostname }: AgencyProviderProps) {
  const queryClient = useQueryClient();
  const { stored, active } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const list = useQuery(agenciesQueryOptions());
  const host = hostname ?? window.location.hostname;

  const listForResolution = list.data ? list.data.agencies : list.isError ? null : undefined;
  const resolved = resolveActiveSlug({ stored, hostname: host, agencies: listForResolution });

  useEffect(() => {
    if (resolved !== null && resolved !== active) applyResolvedSlug(resolved);
  }, [resolved, active]);

  const ready = resolved !== null && resolved === active;
  const config = useQuery({ ...agencyConfigQueryOptions(active ?? ''), enabled: ready });
  const preview = useThemePreview();

  const selectAgency = useCallback(
    (slug: string) => {
      if (slug === active) return;
      // An agency's own domain is opened there, through the server (issue 12).
      const { pathname, search } = window.location;
      const away = switchHref(list.data?.agencies ?? [], slug, { hostname: host, pathname, search });
      if (away !== null) {
        window.location.assign(away);
        return;
      }
      // Agency-scoped data must not leak into the next agency's shell.
      queryClient.removeQueries({ predicate: (query) => !survivesAgencySwitch(query.queryKey) });
      chooseAgency(slug);
    },
    [active, queryClient, list.data, host],
  );

  const destinationOf = useCallback(
    (slug: string) =>
      slug === active ? null : switchDestination(list.data?.agencies ?? [], slug, { hostname: host, port: window.location.port }),
    [active, list.data, host],
  );

  const value = useMemo<AgencyState>(() => {
    const loaded = ready && !config.isError ? (config.data ?? null) : null;
    // A branding preview of this agency replaces its theme and texts until it is stopped.
    const previewed = loaded !== null && preview !== null && preview.slug === loaded.slug ? preview : null;
    const configData =
      loaded !== null && previewed !== null
        ? {
            ...loaded,
            description: previewed.description,
            longDescription: previewed.longDescription,
            theme: previewed.theme,
          }
        : loaded;
    const levelSource =
      configData && configData.levels.length > 0 ? configData.levels : configData?.flags.levels;
    return {
      slug: ready ? active : null,
      ready,
      agencies: visibleAgencies(list.data?.agencies ?? []),
      agenciesLoading: list.isPending,
      agenciesError: list.isError ? messageOf(list.error, AGENCIES_ERROR) : null,
      config: configData,
      configLoading: ready && config.isPending,
      configError: ready && config.isError ? messageOf(config.error, CONFIG_ERROR) : null,
      levels: configData ? normalizeLevels(levelSource) : DEFAULT_LEVELS.map((level) => ({ ...level })),
      theme: withThemeDefaults(configData?.theme) satisfies Theme,
      selectAgency,
      switchDestination: destinationOf,
    };
  }, [
    ready,
    active,
    config.data,
    config.isError,
    config.isPending,
    config.error,
    list.data,
    list.isPending,
    list.isError,
    list.error,
    selectAgency,
    destinationOf,
    preview,
  ]);

  return <AgencyContext.Provider value={value}>{children}</AgencyContext.Provider>;
}
