// ESLint for every workspace, test/, scripts/ and bench/ (`npm run lint`, run by `npm test`).
// typescript-eslint's syntax-only `recommended` preset: the type-checked presets need a TypeScript
// program per workspace and take minutes on the 2-core machines; tsc (`npm run typecheck`) already
// checks the types. Layer rules (what may import what) are dependency-cruiser's: .dependency-cruiser.cjs.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/dist/', '**/migrations/', 'proto/src/generated/', '**/coverage/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // `import type` for type-only imports: erased for sure under isolatedModules/swc, and the
      // dependency graph (dependency-cruiser) tells type edges from runtime edges.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // ...and an import of types only is `import type { A }`, not `import { type A }` (which keeps a
      // side-effect import of the module at runtime under verbatimModuleSyntax).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // `_`-prefixed names are the deliberate "unused" (express error handlers need four parameters).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // One id schema: the kit's uuidSchema() lowercases what it accepts (ids are case-insensitive;
    // the services compare them as strings), which a bare z.uuid() would not.
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    ignores: ['services/service-kit/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='z'][callee.property.name='uuid']", message: "Use uuidSchema() from '@storecast/service-kit' (ids in capitals are lowercased)." },
      ],
      // One instant column: the kit's timestamptz reads every year back; Drizzle's timestamp reads
      // years 0001–0099 as two-digit years.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm/pg-core', importNames: ['timestamp'], message: "Use timestamptz() from '@storecast/service-kit' (Drizzle's timestamp misreads years 0001–0099)." }] },
      ],
    },
  },
  {
    // The web clients run in the browser (the service worker in its own global scope).
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    // Plain JavaScript (jest setup, scripts, benches, deploy helpers) runs on Node.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs', 'jest.config.js', 'test/setup/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
