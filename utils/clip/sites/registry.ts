import { bluesky } from './bluesky';
import { chatgpt } from './chatgpt';
import { claude } from './claude';
import { discourse } from './discourse';
import { gemini } from './gemini';
import { github } from './github';
import { gitlab } from './gitlab';
import { gmail } from './gmail';
import { hackerNews } from './hacker-news';
import { lobsters } from './lobsters';
import { mastodon } from './mastodon';
import { mdn } from './mdn';
import { notion } from './notion';
import { phpbb } from './phpbb';
import { loadedSites, type SiteSource } from './read';
import { reddit } from './reddit';
import { stackExchange } from './stack-exchange';
import { steamNews } from './steam-news';
import { substack } from './substack';
import type { SiteModule } from './types';
import { wikipedia } from './wikipedia';
import { x } from './x';
import { youtube } from './youtube';

/**
 * Every site module, in the order they are asked. One line per module; a unit test fails when a
 * folder under sites/ is missing here. (A static list, not a build-time glob, so the engine runs
 * the same under the extension's bundler, vitest and plain Node.)
 */
export const SITE_MODULES: readonly SiteModule[] = [
  github,
  gitlab,
  stackExchange,
  wikipedia,
  mdn,
  notion,
  hackerNews,
  reddit,
  lobsters,
  discourse,
  phpbb,
  gmail,
  mastodon,
  x,
  bluesky,
  substack,
  steamNews,
  youtube,
  chatgpt,
  claude,
  gemini,
];

/** Every site with its reader loaded: the engine under Node, in tests and in the benchmark. */
export const ALL_SITES: SiteSource = loadedSites(SITE_MODULES);
