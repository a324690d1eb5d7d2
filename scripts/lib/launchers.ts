import { launchChromium } from './chromium';
import type { Launcher } from './clip-browser';
import { launchFirefox } from './firefox-clip-browser';

/** The browsers `npm start -- --browser <name>` can drive; the first is the default. */
export const LAUNCHERS = {
  chromium: launchChromium,
  firefox: launchFirefox,
} satisfies Record<string, Launcher>;
export type BrowserName = keyof typeof LAUNCHERS;
export const BROWSER_NAMES = Object.keys(LAUNCHERS) as BrowserName[];
