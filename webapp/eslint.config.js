// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { configs as tsConfigs } from 'typescript-eslint';

/**
 * One shape for every feature: `src/features/<name>/` holds `api/` (fetchers, query options,
 * hooks), `lib/` (pure logic with its unit tests) and `components/` (screens). Features may
 * import shared code (components/, lib/, api/, agency/, session/) but never each other; what
 * two features need lives in the shared folders.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The import zones. `libTests`: the zones of a lib's unit tests, which may also take their test
 * data from src/test-utils (one builder per record, shared with the screens' tests); the lib
 * code itself may not.
 */
const featureZones = (libTests = false) => features.flatMap((name) => [
  {
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features must not import each other; move shared code to src/components, src/lib or src/api.',
  },
  {
    // A feature's pure logic stays free of React, the API client and state, like src/lib.
    target: `./src/features/${name}/lib`,
    from: [
      './src/components',
      './src/api',
      './src/agency',
      './src/session',
      ...(libTests ? [] : ['./src/test-utils']),
      `./src/features/${name}/api`,
      `./src/features/${name}/components`,
    ],
    message: "A feature's lib/ holds pure functions only.",
  },
  {
    target: `./src/features/${name}/api`,
    from: `./src/features/${name}/components`,
    message: "A feature's api/ must not depend on its components.",
  },
]);

const layerZones = (libTests = false) => [
  {
    // Only the app (shell, router, providers) assembles features.
    target: ['./src/features', './src/components', './src/lib', './src/api', './src/agency', './src/session'],
    from: './src/app',
    message: 'src/app assembles the application; nothing imports from it.',
  },
  {
    target: ['./src/components', './src/lib', './src/api', './src/agency', './src/session'],
    from: './src/features',
    message: 'Shared code must not depend on a feature.',
  },
  {
    // Pure helpers stay free of React, the API client and state.
    target: './src/lib',
    from: ['./src/components', './src/api', './src/agency', './src/session', ...(libTests ? [] : ['./src/test-utils'])],
    message: 'src/lib holds pure functions only.',
  },
];

const API_HOMES = ['src/api/**', 'src/features/*/api/**'];
const TESTS = ['**/*.test.{ts,tsx}', 'src/test-utils/**'];
const DIALOG = 'src/components/Dialog.tsx';
const NO_API_CLIENT = {
  name: '@/api/client',
  importNames: ['api', 'apiFetch', 'apiRequest'],
  message: "Calls live in the feature's api/ folder (or src/api when several features share them).",
};
/** Escape closes only the top dialog and unsaved changes ask first: that lives in Dialog. */
const NO_MODAL = {
  name: '@mantine/core',
  importNames: ['Modal'],
  message: 'Use Dialog or FormDialog (src/components/Dialog.tsx): Escape closes only the top one, unsaved changes ask first.',
};

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/api/schema.ts',
      'e2e/screenshots/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  tsConfigs.strictTypeChecked,
  tsConfigs.stylisticTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  reactHooks.configs.flat['recommended-latest'],
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['./tsconfig.app.json', './tsconfig.node.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones(), ...layerZones()] }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // Every API call has one home: the feature's api/ folder, or src/api for the calls several
    // features share. Screens, shared components and helpers use those, never the client.
    // Every dialog is a Dialog (src/components/Dialog.tsx), never Mantine's Modal itself.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...API_HOMES, ...TESTS, DIALOG],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_API_CLIENT, NO_MODAL] }] },
  },
  {
    files: [...API_HOMES, ...TESTS],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_MODAL] }] },
  },
  {
    files: [DIALOG],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_API_CLIENT] }] },
  },
  {
    // The unit tests of src/lib and of the features' lib/ build their data with src/test-utils.
    files: ['src/**/lib/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...featureZones(true), ...layerZones(true)] }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/test-utils/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    files: ['e2e/**', '*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.js'],
    extends: [tsConfigs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
);
