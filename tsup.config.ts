import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import { build as viteBuild } from 'vite';
import { SERVER_THREAD_SCRIPTS } from './server/thread-scripts';

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

/**
 * The widget's app (`widget/app.tsx`, an ES module) and its lazily loaded parts, built with
 * Vite's bundler (Rolldown) in library mode (no preload helper), into `dist/widget/app/`.
 *
 * Why not esbuild like the rest: esbuild puts every module the app shares with a lazy chunk
 * into shared chunks of their own (the first load was `app.js` and two chunks), while
 * Rolldown, allowed to add exports to the entry, keeps everything the first screen needs in
 * the entry and lets the lazy chunks import it from there. One file compresses better than
 * three: the English first load is 1.6 kB gzipped smaller (inside the 20 kB budget of what an English guest loads up to the form).
 *
 * The entry's name carries its content hash (`app-<hash>.js`): `widget.js` imports exactly
 * that name (a new build never meets a cached older app), and the lazy chunks import the
 * same URL, so the app is one module instance. Chunks the app does not import statically
 * (there are none today) would be named `chunk-<hash>.js`.
 *
 * The widget on Preact through `@preact/compat`: components import `react` and are
 * type-checked against React's types; the classic JSX factory (`h(type, props, ...children)`,
 * imported into each file) writes smaller code than the automatic runtime's.
 *
 * @returns The entry's file name, for `widget.js`.
 */
async function buildWidgetApp(): Promise<string> {
  const built = await viteBuild({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: { react: '@preact/compat', 'react-dom/client': '@preact/compat/client' } },
    oxc: { jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment' }, jsxInject: `import { h, Fragment } from 'preact'` },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: 'dist/widget/app',
      emptyOutDir: true,
      target: 'es2022',
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: { app: 'widget/app.tsx' }, formats: ['es'] },
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          minify: true,
          comments: { legal: false, annotation: false },
          // V8's compile hint on the entry (see widget.js's): the app's functions are compiled
          // with the module, off the main thread, instead of one by one on it as the first render
          // and the RSVP form first call them (traced at 4× CPU: ~150 lazy compiles while the app
          // loads and ~55 between the sign-in answer and the RSVP form, now ~10 and none; the
          // answer-to-form CPU 38.8 → 34.3 ms median over 30 runs, bench/results/widget-latest.md).
          postBanner: (chunk) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad' : ''),
          entryFileNames: '[name]-[hash].js',
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? '[name]-[hash].js' : 'chunk-[hash].js'),
        },
      },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as Array<{ output: Array<{ type: string; isEntry?: boolean; fileName: string }> }>;
  const entry = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk' && file.isEntry);
  if (!entry) throw new Error('The widget app was not built.');
  return entry.fileName;
}

/**
 * Scalar's standalone bundle, which the API reference page (`/api-reference`) loads from this
 * server, never from a CDN: copied as it is published into `dist/api-reference/`.
 */
function copyReferenceBundle(): void {
  // The package exports no path to it: it sits beside the entry, in `dist/browser/`.
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  mkdirSync('dist/api-reference', { recursive: true });
  copyFileSync(join(dirname(entry), 'browser', 'standalone.js'), 'dist/api-reference/standalone.js');
}

export default defineConfig(async (): Promise<Options[]> => [
  {
    entry: {
      'server/main': 'server/main.ts',
      // The threads' scripts, beside main.js (server/thread-scripts.ts).
      ...Object.fromEntries(Object.entries(SERVER_THREAD_SCRIPTS).map(([name, source]) => [`server/${name}`, source])),
      // `npm run backup` and `npm run restore` (server/backup/), run from the build while Kindly runs.
      'server/backup': 'server/backup/backup-command.ts',
      'server/restore': 'server/backup/restore-command.ts',
      'bench/run': 'bench/run.ts',
      'bench/reference-server': 'bench/reference-server.ts',
      // The deadline-day benchmark at platform scale (bench/wave.ts).
      'bench/wave': 'bench/wave.ts',
      // The browser benchmarks (scripts, not tests): the dashboard's guest list and the widget.
      'bench/dashboard-bench': 'bench/dashboard-bench.ts',
      'bench/widget-bench': 'bench/widget-bench.ts',
      // The memory an export of a 10,000-guest occasion takes (a measurement, not a test).
      'bench/export-memory': 'bench/export-memory.ts',
    },
    outDir: 'dist',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    clean: false,
    // Node resolves packages at run time (native addons like better-sqlite3 must not be bundled).
    skipNodeModulesBundle: true,
    onSuccess: async () => copyReferenceBundle(),
  },
  // core as the package integrators install (package.json "exports", docs/api/core-package.md):
  // one entry per subpath, the modules they share in chunks, each with its declarations, and
  // valibot and nanostores left to the installing project (they are the package's dependencies).
  {
    entry: {
      index: 'core/index.ts',
      guest: 'core/package/guest.ts',
      host: 'core/package/host.ts',
      options: 'core/package/options.ts',
    },
    outDir: 'dist/core',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    dts: { compilerOptions: { lib: ['ES2022'], types: [], incremental: false, composite: false } },
    tsconfig: 'core/tsconfig.json',
    clean: true,
  },
  // The widget: widget.js, the snippet's classic script served at /widget.js, defines
  // <kindly-rsvp> and imports the app (/widget/app/app-<hash>.js, an ES module, built first)
  // when the first element connects; the app loads its later parts (household form and option
  // lists, each language but English) as chunks beside it. /widget/* is served with CORS for that.
  {
    ...browser,
    entry: { widget: 'widget/loader.ts' },
    outDir: 'dist/widget',
    format: 'iife',
    outExtension: () => ({ js: '.js' }),
    clean: false,
    define: { __KINDLY_APP__: JSON.stringify(await buildWidgetApp()) },
    // V8's compile hint (Chromium 136+; a comment elsewhere): every function of widget.js runs
    // before the first paint, so all are compiled with the script, on the streaming thread, and
    // none lazily on the main thread when first called (10 of them; at 1× CPU the widget's own
    // first paint went from 7.9 to 7.0 ms, 14 runs each).
    banner: { js: '//# allFunctionsCalledOnLoad' },
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
