import { defineConfig, type Options } from 'tsup';

/** Browser bundles: everything bundled (tsup would leave `dependencies` external), minified. */
const browser: Options = {
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  dts: false,
  noExternal: [/.*/],
  env: { NODE_ENV: 'production' },
};

/** A new value each build: widget.js asks for `widget/app.js?v=<build>`, so caches never mix builds. */
const widgetBuild = Date.now().toString(36);

/**
 * The widget on Preact through `@preact/compat`: components import `react` and are
 * type-checked against React's types.
 */
const preactAliases = {
  react: '@preact/compat',
  'react-dom/client': '@preact/compat/client',
};

export default defineConfig([
  {
    entry: {
      'server/main': 'server/main.ts',
      // React Email's renderer, on a thread of its own (server/email/email-render-thread.ts).
      'server/email-render-thread': 'server/email/render-thread.ts',
      'bench/run': 'bench/run.ts',
      'bench/reference-server': 'bench/reference-server.ts',
      // The browser benchmarks (scripts, not tests): the dashboard's guest list and the widget.
      'bench/dashboard-bench': 'bench/dashboard-bench.ts',
      'bench/widget-bench': 'bench/widget-bench.ts',
    },
    outDir: 'dist',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    clean: false,
    // Node resolves packages at run time (native addons like better-sqlite3 must not be bundled).
    skipNodeModulesBundle: true,
  },
  {
    entry: { 'core/index': 'core/index.ts' },
    outDir: 'dist',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    dts: false,
    clean: false,
  },
  // The widget: widget.js, the snippet's classic script served at /widget.js, defines
  // <kindly-rsvp> and imports the app (/widget/app/app.js, an ES module) when the first
  // element connects; the app loads its later parts (household form and option lists, each
  // language but English) as chunks beside it. /widget/* is served with CORS for that.
  {
    ...browser,
    entry: { widget: 'widget/loader.ts' },
    outDir: 'dist/widget',
    format: 'iife',
    outExtension: () => ({ js: '.js' }),
    clean: false,
    define: { __KINDLY_BUILD__: JSON.stringify(widgetBuild) },
  },
  {
    ...browser,
    entry: { app: 'widget/app.tsx' },
    outDir: 'dist/widget/app',
    format: 'esm',
    splitting: true,
    outExtension: () => ({ js: '.js' }),
    clean: true,
    esbuildOptions(options) {
      options.alias = preactAliases;
      // Classic JSX (`h(type, props, ...children)`, injected from widget/jsx.ts): smaller output.
      options.tsconfig = undefined;
      options.tsconfigRaw = { compilerOptions: { jsx: 'react', jsxFactory: 'h', jsxFragmentFactory: 'Fragment' } };
      options.inject = ['widget/jsx.ts'];
      options.legalComments = 'none';
      options.chunkNames = '[name]-[hash]';
    },
  },
  // The React example site's app (examples/react/), on real React: a host page we do not control.
  {
    ...browser,
    entry: { app: 'examples/react/main.tsx' },
    outDir: 'dist/examples/react',
    format: 'esm',
    outExtension: () => ({ js: '.js' }),
    clean: true,
  },
]);
