import { Readability } from '@mozilla/readability';
import Defuddle from 'defuddle/full';
import TurndownService from 'turndown';
import type { PageMetadata } from '../metrics/metadata';

/**
 * The two reference pipelines, bundled into one IIFE that bench/build.ts writes into the bench's
 * own extension folder (`bench/peers.js`) and the service worker injects into the extension's
 * isolated world, next to the engine, as the content script of a clipper built on them runs. Each
 * takes the document it is given and does exactly what such a clipper does in production,
 * including its own defensive copy where the library mutates its input.
 */
export type PeerName = 'baseline' | 'defuddle';

export interface SingleRun {
  markdown: string;
  /** What the pipeline says about the page (title, byline, site, date, language). */
  metadata?: PageMetadata;
  /** Engine time in milliseconds. */
  ms: number;
  error?: string;
}

export interface PeerPipelines {
  /** Runs a pipeline once, on a fresh copy of the page (made outside the timed region). */
  run(name: PeerName): SingleRun;
}

declare global {
  var clipdeckBenchPeers: PeerPipelines | undefined;
}

const orUndefined = (value: string | null | undefined) => value || undefined;

const pipelines: Record<
  PeerName,
  (doc: Document, url: string) => { markdown: string; metadata: PageMetadata }
> = {
  /** Readability + turndown, both with their default options; metadata from `parse()`. */
  baseline(doc) {
    const article = new Readability(doc.cloneNode(true) as Document).parse();
    return {
      markdown: article?.content ? new TurndownService().turndown(article.content) : '',
      metadata: {
        title: orUndefined(article?.title),
        byline: orUndefined(article?.byline),
        siteName: orUndefined(article?.siteName),
        published: orUndefined(article?.publishedTime),
        lang: orUndefined(article?.lang),
      },
    };
  },
  /** Defuddle's own Markdown (`contentMarkdown`), as the Obsidian Web Clipper gets it. */
  defuddle(doc, url) {
    const result = new Defuddle(doc, { url, separateMarkdown: true }).parse();
    return {
      markdown: result.contentMarkdown ?? '',
      metadata: {
        title: orUndefined(result.title),
        byline: orUndefined(result.author),
        siteName: orUndefined(result.site),
        published: orUndefined(result.published),
        lang: orUndefined(result.language),
      },
    };
  },
};

globalThis.clipdeckBenchPeers = {
  run(name) {
    // A fresh copy each run: no pipeline sees another's (or its own earlier) changes.
    const doc = document.cloneNode(true) as Document;
    const start = performance.now();
    try {
      const { markdown, metadata } = pipelines[name](doc, location.href);
      return { markdown, metadata, ms: performance.now() - start };
    } catch (error) {
      return { markdown: '', ms: performance.now() - start, error: String(error) };
    }
  },
};
