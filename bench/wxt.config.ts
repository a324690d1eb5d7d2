import baseConfig from '../wxt.config';

/**
 * The benchmark builds its own copy of the automation build, in its own folder, so it always
 * measures the current sources and never races another engineer's or test's build. Only the
 * engine's content script and the background (whose service worker injects it) are built: the
 * UI pages play no part in a clip.
 */
export default {
  ...baseConfig,
  outDir: 'bench/out/extension',
  filterEntrypoints: ['extract', 'background'],
};
