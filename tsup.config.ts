import { defineConfig, type Options } from 'tsup';

/** Browser bundles: everything bundled (tsup would leave `dependencies` external), minified. */
const browser: Options = {
  platform: 'browser',
  target: 'es2020',
  minify: true,
  sourcemap: false,
  dts: false,
  noExternal: [/.*/],
  env: { NODE_ENV: 'production' },
};

/** A new value each build: widget.js asks for `widget/app.js?v=<build>`, so caches never mix builds. */
const widgetBuild = Date.now().toString(36);

/**
 * The widget on Preact: React-style components through preact/compat, so `react` and
 * `react-dom` resolve to Preact (about 10 kB instead of 60).
 */
const preactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

export default defineConfig([
  {
    entry: {
      'server/main': 'server/main.ts',
      'bench/run': 'bench/run.ts',
      'bench/reference-server': 'bench/reference-server.ts',
    },
    outDir: 'dist',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    clean: false,
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
  // The widget, two classic scripts (a cross-origin ES module would need CORS headers on the
  // static files): widget.js, the snippet's script served at /widget.js, defines <kindly-rsvp>
  // and adds app.js (/widget/app.js, everything else) when the first element connects.
  {
    ...browser,
    entry: { widget: 'widget/loader.ts', app: 'widget/app.tsx' },
    outDir: 'dist/widget',
    format: 'iife',
    outExtension: () => ({ js: '.js' }),
    clean: true,
    define: { __KINDLY_BUILD__: JSON.stringify(widgetBuild) },
    esbuildOptions(options) {
      options.alias = preactAliases;
      options.jsx = 'automatic';
      options.jsxImportSource = 'preact';
      options.legalComments = 'none';
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
