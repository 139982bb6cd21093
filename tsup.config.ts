import { defineConfig } from 'tsup';

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
]);
