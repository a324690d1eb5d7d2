import { chatgpt } from './chatgpt';
import { claude } from './claude';
import { gemini } from './gemini';
import type { SiteModule } from './types';
import { youtube } from './youtube';

/**
 * Every site module, in the order they are asked. One line per module; a unit test fails when a
 * folder under sites/ is missing here. (A static list, not a build-time glob, so the engine runs
 * the same under the extension's bundler, vitest and plain Node.)
 */
export const SITE_MODULES: readonly SiteModule[] = [youtube, chatgpt, claude, gemini];
