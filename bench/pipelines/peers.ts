import { Readability } from '@mozilla/readability';
import Defuddle from 'defuddle/full';
import TurndownService from 'turndown';

/**
 * The two reference pipelines, bundled into one IIFE (bench/out/peers.js) and evaluated in the
 * page's main world. Each takes the document it is given and does exactly what a clipper built
 * on it does in production, including its own defensive copy where the library mutates its input.
 */
export type PeerName = 'baseline' | 'defuddle';

export interface TimedRun {
  markdown: string;
  timesMs: number[];
  coldMs: number;
  error?: string;
}

export interface PeerPipelines {
  /** Runs a pipeline once to warm up, then `runs` more times, each on a fresh copy of the page. */
  time(name: PeerName, runs: number): TimedRun;
}

declare global {
  var clipdeckBenchPeers: PeerPipelines | undefined;
}

const pipelines: Record<PeerName, (doc: Document, url: string) => string> = {
  /** Readability + turndown, both with their default options. */
  baseline(doc) {
    const article = new Readability(doc.cloneNode(true) as Document).parse();
    return article?.content ? new TurndownService().turndown(article.content) : '';
  },
  /** Defuddle's own Markdown (`contentMarkdown`), as the Obsidian Web Clipper gets it. */
  defuddle(doc, url) {
    return new Defuddle(doc, { url, separateMarkdown: true }).parse().contentMarkdown ?? '';
  },
};

globalThis.clipdeckBenchPeers = {
  time(name, runs) {
    const pipeline = pipelines[name];
    const timesMs: number[] = [];
    let markdown = '';
    let coldMs = 0;
    try {
      for (let run = 0; run <= runs; run++) {
        // A fresh copy each run: no pipeline sees another's (or its own earlier) changes.
        const doc = document.cloneNode(true) as Document;
        const start = performance.now();
        markdown = pipeline(doc, location.href);
        const elapsed = performance.now() - start;
        if (run === 0) coldMs = elapsed;
        else timesMs.push(elapsed);
      }
      return { markdown, timesMs, coldMs };
    } catch (error) {
      return { markdown: '', timesMs, coldMs, error: String(error) };
    }
  },
};
