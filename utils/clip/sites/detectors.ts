import { blueskyDetector } from './bluesky';
import { chatgptDetector } from './chatgpt';
import { claudeDetector } from './claude';
import { discourseDetector } from './discourse';
import { geminiDetector } from './gemini';
import { githubDetector } from './github';
import { gitlabDetector } from './gitlab';
import { gmailDetector } from './gmail';
import { hackerNewsDetector } from './hacker-news';
import { lobstersDetector } from './lobsters';
import { mastodonDetector } from './mastodon';
import { mdnDetector } from './mdn';
import { notionDetector } from './notion';
import { phpbbDetector } from './phpbb';
import { redditDetector } from './reddit';
import { stackExchangeDetector } from './stack-exchange';
import { steamNewsDetector } from './steam-news';
import { substackDetector } from './substack';
import type { SiteDetector } from './types';
import { wikipediaDetector } from './wikipedia';
import { xDetector } from './x';
import { youtubeDetector } from './youtube';

/**
 * Every site's detector, in the order they are asked: SITE_MODULES' order (a unit test holds
 * the two lists together). The engine injected into a tab carries these alone (./sources.ts).
 */
export const SITE_DETECTORS: readonly SiteDetector[] = [
  githubDetector,
  gitlabDetector,
  stackExchangeDetector,
  wikipediaDetector,
  mdnDetector,
  notionDetector,
  hackerNewsDetector,
  redditDetector,
  lobstersDetector,
  discourseDetector,
  phpbbDetector,
  gmailDetector,
  mastodonDetector,
  xDetector,
  blueskyDetector,
  substackDetector,
  steamNewsDetector,
  youtubeDetector,
  chatgptDetector,
  claudeDetector,
  geminiDetector,
];
