import baseConfig from '../../wxt.config';

/**
 * The store build's background alone (or its work layer, CLIPDECK_SIZE_ENTRY=background-work),
 * with a source map, into a folder of its own: what bench/capture/background-size.ts reads to say which
 * modules the background's bytes come from.
 */
export default {
  ...baseConfig,
  outDir: process.env.CLIPDECK_SIZE_BUILD_DIR ?? 'bench/out/background-size',
  filterEntrypoints: [process.env.CLIPDECK_SIZE_ENTRY ?? 'background'],
  vite: async (env: Parameters<NonNullable<typeof baseConfig.vite>>[0]) => ({
    ...(await baseConfig.vite?.(env)),
    build: { sourcemap: true },
  }),
};
