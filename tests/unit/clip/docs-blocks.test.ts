import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../utils/clip';
import { pageFromHtml } from './dom';

/**
 * Documentation pages built with utility classes (Tailwind: GitBook, Mintlify and the like) and
 * Microsoft Learn's alerts, written in the markup those sites serve. None is in the corpus.
 */

/** Enough prose after the blocks that Readability keeps the article at its first, strictest attempt. */
const CLOSING = `<p class="text-base">Events you send show up in the dashboard within seconds, grouped by
  their name, with the pipeline that handled each one and the destinations it reached.</p>
  <p class="text-base">When something goes wrong, the event's page shows every delivery attempt with
  the response it got, so you can fix the destination and replay the event from there.</p>
  <p class="text-base">From here, read about authentication to learn which keys to use where, and about
  pipelines to transform events before they reach your destinations.</p>`;

function articleMarkdown(body: string, url = 'https://docs.relaypipe.dev/quickstart'): string {
  const html = `<!DOCTYPE html><html lang="en"><head><title>Quickstart</title></head>
    <body><nav class="flex flex-col"><a href="/">Home</a> <a href="/api/">API</a></nav>
    <main class="flex-1"><h1 class="text-4xl font-bold">Quickstart</h1>${body}${CLOSING}</main></body></html>`;
  const result = clipDocument(pageFromHtml(html, url), { mode: 'article' });
  if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
  return result.clip.markdown;
}

const paragraph = (text: string) =>
  `<p class="text-base leading-7">${text} Each step below takes a minute or two, and nothing in it needs more than a terminal and the key from your dashboard.</p>`;

describe('utility classes Readability reads as words', () => {
  it('keeps headings offset for a fixed header and a tab group that clips its overflow', () => {
    // GitBook: each heading's words in a div beside its permalink's, `scroll-m-12` on the
    // heading; a tab group in an `overflow-hidden` frame.
    const heading = (id: string, title: string) =>
      `<h2 id="${id}" class="h2 heading group relative grid scroll-m-12 text-2xl font-semibold">
        <div class="grid-area-1-1 relative -ml-6 w-7 opacity-0"><a href="#${id}" aria-label="Direct link to heading"><svg class="gb-icon w-3.5"></svg></a></div>
        <div class="grid-area-1-1 z-[1] justify-self-start text-left">${title}</div></h2>`;
    const markdown = articleMarkdown(`
      ${paragraph('Send your first event through RelayPipe in under five minutes.')}
      ${heading('prerequisites', 'Prerequisites')}
      ${paragraph('You need a workspace and a key with the events scope.')}
      ${heading('install', 'Install the SDK')}
      <div class="rounded-md overflow-hidden ring-1 ring-tint"><div role="tablist" class="flex">
        <button role="tab" aria-selected="true" class="px-3">npm</button></div>
        <div role="tabpanel" class="p-4"><pre><code>npm install @relaypipe/node</code></pre></div></div>
      ${paragraph('Then create a client with your key and call send with an event name.')}`);
    expect(markdown).toContain('## Prerequisites\n\nYou need a workspace');
    expect(markdown).toContain('## Install the SDK');
    expect(markdown).toContain('npm install @relaypipe/node');
  });

  it('keeps a bold block that names the weight "extrabold"', () => {
    const markdown = articleMarkdown(`
      ${paragraph('Events are retried for three days when a destination is down.')}
      <div class="font-extrabold text-lg">After three days an event moves to the dead-letter queue, where it stays for a month.</div>
      ${paragraph('You can replay the queue from the dashboard or through the API.')}`);
    expect(markdown).toContain('After three days an event moves to the dead-letter queue');
  });
});

describe('a GitBook page, saved whole (tests/fixtures/site/gitbook-page.html)', () => {
  it('keeps every section heading, and the tab group with its first panel', () => {
    const html = readFileSync('tests/fixtures/site/gitbook-page.html', 'utf8');
    const result = clipDocument(
      pageFromHtml(html, 'https://docs.relaypipe.dev/getting-started/quickstart'),
      { mode: 'article' },
    );
    if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
    const headings = result.clip.markdown.match(/^#{2,6} .+$/gm) ?? [];
    expect(headings).toEqual([
      '## Prerequisites',
      '## Send your first event',
      '#### Install the SDK',
      '#### Send an event',
      '#### Check the dashboard',
      '## Client options',
      '### Deprecated options',
      '## FAQ',
      '## Next steps',
    ]);
    expect(result.clip.markdown).toContain('npm install @relaypipe/node');
  });
});

describe("Microsoft Learn's alerts", () => {
  it('writes each as a callout with its title, a link inside it kept', () => {
    const alert = (modifier: string, title: string, text: string) =>
      `<div class="alert ${modifier}"><p class="alert-title"><span class="docon docon-lightbulb" aria-hidden="true"></span> ${title}</p><p>${text}</p></div>`;
    const markdown = articleMarkdown(
      `${paragraph('This article creates a function that answers HTTP requests.')}
      ${alert('is-info', 'Note', 'There is also a <a href="/en-us/azure/vs-code">Visual Studio Code version</a> of this article.')}
      ${paragraph('First, check that the Core Tools are installed on your machine.')}
      ${alert('is-danger', 'Warning', 'Storage account names must be between 3 and 24 characters long.')}
      ${paragraph('Then create the function app in the resource group you made.')}`,
      'https://learn.microsoft.com/en-us/azure/azure-functions/quickstart',
    );
    expect(markdown).toContain(
      '> [!info] Note\n> There is also a [Visual Studio Code version](https://learn.microsoft.com/en-us/azure/vs-code) of this article.',
    );
    expect(markdown).toContain('> [!danger] Warning\n> Storage account names');
  });
});

describe('code shown in a text box', () => {
  it("keeps a runnable example's code (pkg.go.dev), and no form's box", () => {
    const markdown = articleMarkdown(`
      ${paragraph('Group returns an Attr for a Group Value.')}
      <details class="Documentation-exampleDetails" open><summary>Example</summary>
      <textarea class="Documentation-exampleCode code" spellcheck="false">package main

import &#34;log/slog&#34;

func main() {
	slog.Info(&#34;finished&#34;, slog.Group(&#34;req&#34;, slog.String(&#34;method&#34;, &#34;GET&#34;)))
}
</textarea></details>
      <form><label>Feedback</label><textarea name="feedback">Type here
and here</textarea></form>`);
    expect(markdown).toContain(
      '```\npackage main\n\nimport "log/slog"\n\nfunc main() {\n\tslog.Info("finished", slog.Group("req", slog.String("method", "GET")))\n}\n```',
    );
    expect(markdown).not.toContain('Type here');
  });
});
