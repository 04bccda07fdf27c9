/**
 * The branding preview (command-and-reports §4 "Branding preview"): a draft theme and texts
 * applied to the live shell of one agency until the preview is stopped. A tiny external
 * store, read by the agency provider.
 */

import { useSyncExternalStore } from 'react';
import type { BrandingPreviewState } from '@/lib/agency-theme';

export interface ThemePreview extends BrandingPreviewState {
  /** The agency the draft belongs to; other agencies ignore it. */
  slug: string;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: ThemePreview | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

/** Applies a draft to the live shell of `preview.slug`. */
export function applyThemePreview(preview: ThemePreview): void {
  current = preview;
  emit();
}

/** Restores the saved theme. */
export function clearThemePreview(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function getThemePreview(): ThemePreview | null {
  return current;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The active preview, if any. */
export function useThemePreview(): ThemePreview | null {
  return useSyncExternalStore(subscribe, getThemePreview, getThemePreview);
}
