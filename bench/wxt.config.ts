import baseConfig from '../wxt.config';

/**
 * The benchmark's build of the automation build (see bench/build.ts): into a folder of the run's
 * own, and only the engine's content scripts (the engine, the site readers, the two in one) and
 * the background (whose service worker injects them), so work in progress on the UI pages cannot
 * stop a run.
 */
export default {
  ...baseConfig,
  outDir: process.env.CLIPDECK_BENCH_BUILD_DIR ?? 'bench/out/extension',
  filterEntrypoints: ['extract', 'site-readers', 'extract-sites', 'background'],
  // bench/engine/profile.ts wants function names in its CPU profiles.
  ...(process.env.CLIPDECK_BENCH_UNMINIFIED
    ? {
        vite: async (env: Parameters<NonNullable<typeof baseConfig.vite>>[0]) => ({
          ...(await baseConfig.vite?.(env)),
          build: { minify: false },
        }),
      }
    : {}),
};
