import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVER_SRC = 'apps/server/src';

const entries = (at) => fs.readdirSync(`${import.meta.dirname}/${at}`, { withFileTypes: true });

/** A server module is a folder `modules/<group>/<module>`; the group's own files sit beside them. */
function serverModules() {
  const dirs = (at) => entries(at).filter((entry) => entry.isDirectory());
  return dirs(`${SERVER_SRC}/modules`).flatMap((group) =>
    dirs(`${SERVER_SRC}/modules/${group.name}`).map((m) => `${SERVER_SRC}/modules/${group.name}/${m.name}`),
  );
}

/** Every file and folder of the server's src that is not in `except`: modules counted one by one. */
function serverPathsExcept(...except) {
  const top = entries(SERVER_SRC)
    .filter((entry) => entry.name !== 'modules')
    .map((entry) => `${SERVER_SRC}/${entry.name}`);
  const groupFiles = entries(`${SERVER_SRC}/modules`)
    .filter((group) => group.isDirectory())
    .flatMap((group) =>
      entries(`${SERVER_SRC}/modules/${group.name}`)
        .filter((entry) => entry.isFile())
        .map((entry) => `${SERVER_SRC}/modules/${group.name}/${entry.name}`),
    );
  return [...top, ...groupFiles, ...serverModules()].filter((at) => !except.includes(at));
}

/**
 * A module is used through its public face (STYLE.md): anything outside a module folder imports only
 * its index.ts, never its repositories or other internals; nothing but the seed imports seed/.
 * app.ts and main.ts are the composition roots that wire every module's routes and jobs together.
 */
const ROOTS = [`${SERVER_SRC}/app.ts`, `${SERVER_SRC}/main.ts`];
const serverBoundaries = [
  ...serverModules().map((module) => ({
    target: serverPathsExcept(module, ...ROOTS),
    from: module,
    except: ['./index.ts'],
    message: `Import ${module.slice(SERVER_SRC.length + 1)} through its index.ts (its public face).`,
  })),
  {
    target: serverPathsExcept(`${SERVER_SRC}/seed`, `${SERVER_SRC}/main.ts`),
    from: `${SERVER_SRC}/seed`,
    message: 'Only the seed (and main.ts, which runs it) uses seed/.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'data/**', '**/test-results/**', '**/*.config.*', 'scripts/**', '.ci/**', '**/*.mjs', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    // The server imports its TypeScript files by their emitted names (`./x.js`): the resolver maps them
    // back, or import-x rules see no file behind a relative import and check nothing.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js', '.json', '.node'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverBoundaries }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other (ARCHITECTURE §3): shared code flows contract → lib → features → app.
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/features/*/**', '@/features/*'], message: 'Features do not import each other; move shared code to components/ or lib/.' }],
          paths: [{ name: 'primereact/datatable', importNames: ['DataTable'], message: 'Use DataTable from @/components/data-table: PrimeReact’s own keeps stale cells.' }],
        },
      ],
      // PrimeReact moves a disabled button into a wrapper behind React's back; React's next commit fails.
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='showOnDisabled']", message: 'Use <HintedButton hint=…> (components/hinted-button): its wrapper is React’s.' },
        // The unit tests share one module graph per worker (vitest.config.ts, isolate: false): a module
        // mocked in one file is already loaded, unmocked, for the next — and the other way round.
        { selector: "CallExpression[callee.object.name='vi'][callee.property.name='mock']", message: 'Web tests share modules between files: give the test what it needs (a QueryClient with data, props) instead of vi.mock.' },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/components/data-table.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
