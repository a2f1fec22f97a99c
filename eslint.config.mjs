import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = fileURLToPath(new URL('.', import.meta.url));
const APPS = ['shell', 'mfe-configurator', 'mfe-cart-checkout', 'mfe-account', 'mfe-admin'];

function featuresOf(app) {
  try {
    return readdirSync(new URL(`./${app}/src/features`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Import boundaries (docs/architecture.md): an app never reaches into another app's source (shared code
 * lives in @shop/ui, @shop/contracts or the federated shell/store), and a feature never reaches into a
 * sibling feature (what two features share moves to the app's components/ or lib/).
 */
const boundaryZones = APPS.flatMap((app) => [
  {
    target: `./${app}`,
    from: APPS.filter((other) => other !== app).map((other) => `./${other}`),
    message: 'Apps do not import each other: use @shop/ui, @shop/contracts or shell/store.',
  },
  ...featuresOf(app).map((feature) => ({
    target: `./${app}/src/features/${feature}`,
    from: `./${app}/src/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what they share to components/ or lib/.',
  })),
]);

const API_MODULES = readdirSync(new URL('./api/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The API's boundaries (api/README.md, "Layout"): a module reaches another only through its public
 * face, `modules/<domain>/<domain>.ts` (never its repository, model or routes), and platform/ serves
 * every module without knowing any.
 */
const apiZones = [
  ...API_MODULES.map((module) => ({
    target: `./api/src/modules/${module}`,
    from: './api/src/modules',
    except: [
      `./${module}`,
      ...API_MODULES.filter((other) => other !== module).map((other) => `./${other}/${other}.ts`),
    ],
    message: 'A module calls another only through modules/<domain>/<domain>.ts.',
  })),
  {
    target: './api/src/platform',
    from: './api/src/modules',
    message: 'platform/ is what every module uses; it imports no module.',
  },
];

/** kebab-case file names (README, Dockerfile and the like are not linted). */
const fileNames = {
  rules: {
    'kebab-case': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: { name: 'File name "{{name}}" is not kebab-case.' },
      },
      create(context) {
        const name = context.filename.split(/[\\/]/).pop() ?? '';
        const base = name.replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
        return {
          Program(node) {
            if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/.test(base))
              context.report({ node, messageId: 'name', data: { name } });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
      // Built or fetched at run time and ignored by git (.gitignore): FerretDB's patched source, the
      // release store, test reports and uploads.
      'tools/ferretdb/bin/**',
      '.releases/**',
      '.tmp/**',
      '.tools/**',
      'uploads/**',
      // Deliberately bad code the lint test (scripts/lint-rules.test.mjs) expects to be rejected.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // webpack configs, the shared factory and loaders (.cjs) are CommonJS, which webpack loads with require.
    files: ['**/webpack.config.js', 'webpack-config/**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['{shell,mfe-*,ui}/src/**/*.{ts,tsx}', 'scripts/lint-fixtures/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'file-names': fileNames },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads the imported files too; they are TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'file-names/kebab-case': 'error',
    },
  },
  {
    files: ['api/src/**/*.ts'],
    plugins: { 'import-x': importX, 'file-names': fileNames },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: apiZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'file-names/kebab-case': 'error',
    },
  },
  {
    files: ['shell/**/*.tsx', 'mfe-*/**/*.tsx', 'ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
