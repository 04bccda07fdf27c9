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
 * Feature folders may not import each other: shared code lives in components/, lib/, api/,
 * agency/ (active agency, theme preview) and session/ (signed-in user, navigation access).
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features must not import each other; move shared code to src/components, src/lib or src/api.',
}));

const layerZones = [
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
    from: ['./src/components', './src/api', './src/agency', './src/session', './src/test-utils'],
    message: 'src/lib holds pure functions only.',
  },
];

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
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...layerZones] }],
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
