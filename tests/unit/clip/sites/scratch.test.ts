import { describe, expect, it } from 'vitest';
import { loadedSites, readSite, type SiteModule } from '../../../../utils/clip/sites';
import { pageFromHtml } from '../dom';

describe('site module scratch document', () => {
  it('resolves the links a module copies from the page against the page, as the page did', () => {
    const doc = pageFromHtml(
      '<html><body><div class="post"><a href="/docs/start">Start here</a></div></body></html>',
      'https://forum.example/t/42',
    );
    const copying: SiteModule = {
      id: 'copying',
      family: 'thread',
      detect: () => true,
      extract: ({ doc: page, out }) => {
        const content = out.importNode(page.querySelector('.post') as Element, true) as Element;
        out.body.append(content);
        return { content, metadata: {} };
      },
    };
    const found = readSite(doc, undefined, loadedSites([copying])).clip;
    const link = found?.extraction.content.querySelector('a') as HTMLAnchorElement;
    expect(link.href).toBe('https://forum.example/docs/start');
  });
});
