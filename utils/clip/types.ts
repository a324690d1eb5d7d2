import { z } from 'zod';
import type { Result } from '../result';
import { commentDepths } from './sites/types';

export const clipModes = ['article', 'selection', 'full-page', 'bookmark', 'image'] as const;
export type ClipMode = (typeof clipModes)[number];

/** What the background asks the engine for; validated on arrival because it crosses a boundary. */
export const clipRequestSchema = z.object({
  mode: z.enum(clipModes),
  /** Image mode: the image the user right-clicked (the context menu's `srcUrl`). */
  imageUrl: z.string().optional(),
  /** Remove `utm_*`, `fbclid` and similar tracking parameters from links and the page URL. */
  stripTrackingParameters: z.boolean().optional(),
  /** How long the engine may work before it drops optional rules; see DEFAULT_TIME_BUDGET_MS. */
  timeBudgetMs: z.number().positive().max(60_000).optional(),
  /** How much of a thread, an issue or a Q&A page to keep; absent: the site family's default. */
  comments: z.enum(commentDepths).optional(),
});
export type ClipRequest = z.infer<typeof clipRequestSchema>;

/** What the page says about itself. A field the page does not give is absent, never empty. */
export interface ClipMetadata {
  title?: string;
  author?: string;
  siteName?: string;
  /** ISO 8601 when the page's date could be read, otherwise as the page wrote it. */
  published?: string;
  description?: string;
  language?: string;
  direction?: 'ltr' | 'rtl';
  canonicalUrl?: string;
  leadImage?: string;
}

export interface Clip {
  title: string;
  /** The content only, as Markdown; composeNote adds the header the user chose. */
  markdown: string;
  /** The page's address as the user saw it (tracking parameters removed when asked). */
  url: string;
  mode: ClipMode;
  /** Sentences for the user about how the clip differs from what they asked for. */
  notices: string[];
  metadata: ClipMetadata;
  /** The site module that read the page (utils/clip/sites), absent when the generic engine did. */
  site?: string;
}

export type ClipResult = Result<{ clip: Clip }>;
