// The layers' import rules: which folder may import which (see ARCHITECTURE.md), and no import
// circles. Only these rules run, on TypeScript's parser without type information, so `eslint .`
// stays fast.
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** An import into one of our top-level folders, from any depth (`../../server/app`). */
const into = (...folders) => ({ regex: String.raw`^(\.\./)+(${folders.join('|')})(/|$)`, message: 'Imports point one way: core ← widget, dashboard, server; never between those three.' });

const tests = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts', '**/*.test-helper.ts', '**/*-fixtures.ts', '**/test-fixtures.ts', '**/e2e-*.ts', 'server/test-support/**'];
/** Scripts that drive a live server the way tests do (benchmarks, build and test configuration). */
const tools = ['bench/**', '*.config.ts', '*.config.js'];

const testSupport = { regex: String.raw`(^|/)test-support(/|$)`, message: 'test-support is for tests only.' };
const testFile = { regex: String.raw`\.(test|e2e\.test|test-helper|test-d)(\.tsx?)?$|-fixtures(\.ts)?$|(^|/)test-fixtures(\.ts)?$|(^|/)e2e-[^/]*$`, message: 'Code does not import a test file.' };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/results/**'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  // The components' effects name what they depend on (a deliberate omission says why, in place).
  { files: ['widget/**/*.{ts,tsx}', 'dashboard/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, rules: { 'react-hooks/exhaustive-deps': 'error' } },
  { files: ['**/*.{ts,tsx}'], ignores: [...tests, ...tools], rules: restrict(testSupport, testFile) },
  // No import circles in runtime code (import-x reads the other files with TypeScript's parser; it
  // does not follow `import type`): what two files both need wants a file of its own.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [...tests, ...tools],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: [...tests, ...tools], rules: restrict({ ...testFile, regex: String.raw`\.(test|e2e\.test)(\.tsx?)?$`, message: 'Tests share helpers through test-support or a .test-helper file, not another test.' }) },
  { files: ['core/**'], ignores: tests, rules: restrict(into('server', 'dashboard', 'widget'), testSupport, testFile) },
  { files: ['widget/**'], ignores: tests, rules: restrict(into('server', 'dashboard'), testSupport, testFile) },
  { files: ['dashboard/**'], ignores: tests, rules: restrict(into('server', 'widget'), testSupport, testFile) },
  { files: ['server/**'], ignores: tests, rules: restrict(into('dashboard', 'widget'), testSupport, testFile) },
  {
    files: ['server/data/**'],
    ignores: tests,
    rules: restrict(into('dashboard', 'widget'), testSupport, testFile, { regex: String.raw`^\.\./http(/|$)`, message: 'server/data does not import the HTTP layer: what data needs lives in data or db.' }),
  },
);
