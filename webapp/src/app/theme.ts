/** Maps an agency theme (member-portal §5, §9) onto a Mantine theme (dark scheme). */

import {
  createTheme,
  SegmentedControl,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { Theme } from '@/api/types';
import { generateDarkPalette, generatePalette, hexToRgba, hoverColor, PRIMARY_SHADE } from '@/lib/colors';

export const AGENCY_COLOR = 'agency';

export function buildMantineTheme(theme: Theme): MantineThemeOverride {
  const variantColorResolver: VariantColorsResolver = (input) => {
    const colors = defaultVariantColorsResolver(input);
    const isPrimary = input.color === undefined || input.color === AGENCY_COLOR;
    if (isPrimary && input.variant === 'filled') {
      return { ...colors, color: theme.buttonTextColor, hoverColor: theme.buttonTextColor };
    }
    return colors;
  };

  return createTheme({
    primaryColor: AGENCY_COLOR,
    primaryShade: PRIMARY_SHADE,
    colors: {
      [AGENCY_COLOR]: generatePalette(theme.primaryColor, theme.primaryDark),
      accent: generatePalette(theme.accentColor),
      dark: generateDarkPalette(theme),
    },
    variantColorResolver,
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    defaultRadius: 'md',
    other: { agency: theme },
    components: {
      // The selected segment in the agency colour, its label in whichever of black and white
      // reads on it (the default was dark grey on dark grey).
      SegmentedControl: SegmentedControl.extend({ defaultProps: { color: AGENCY_COLOR, autoContrast: true } }),
    },
  });
}

/** CSS variables of the agency colours; body, text and paper follow the agency theme. */
export function agencyCssVariables(theme: Theme): CSSVariablesResolver {
  const shared = {
    '--agency-primary': theme.primaryColor,
    '--agency-primary-dark': theme.primaryDark,
    '--agency-accent': theme.accentColor,
    '--agency-surface': theme.surface,
    '--agency-surface-alt': theme.surfaceAlt,
    '--agency-background': theme.background,
    '--agency-text': theme.textColor,
    '--agency-button-text': theme.buttonTextColor,
    '--agency-hover': hoverColor(theme.primaryColor),
    '--agency-border': hexToRgba(theme.primaryColor, 0.25),
  };
  return () => ({
    variables: shared,
    light: {},
    dark: {
      '--mantine-color-body': theme.background,
      '--mantine-color-text': theme.textColor,
      '--mantine-primary-color-contrast': theme.buttonTextColor,
    },
  });
}
