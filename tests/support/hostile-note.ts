import { micromark } from 'micromark';
import { unsafeParts } from '../unit/clip/safety/markdown-safety';

/**
 * What is wrong with the note clipped from tests/fixtures/site/hostile.html, in words (none when
 * it is right), for the Chromium and Firefox tests alike: the engine ran (the page's forged
 * engine did not answer), the links the page dressed up are text, the good link and picture
 * stay, and neither the Markdown nor its CommonMark rendering holds a script scheme or an element
 * of the page's (markup the page wrote as text is shown as text).
 */
export function hostileNoteProblems(markdown: string): string[] {
  const html = micromark(markdown);
  const checks: [boolean, string][] = [
    [markdown.includes('Entry 4: the keepers logged the weather'), 'the article is not there'],
    [!markdown.includes('forged'), 'the page’s forged engine answered'],
    [
      markdown.includes('tab inside the scheme, a control character before it, mixed case'),
      'a disguised link lost its words',
    ],
    [markdown.includes('[the tide tables](https://example.org/tides)'), 'the good link is gone'],
    [
      /!\[The harbour at dusk\]\(http:\/\/[^)]+\/harbour\.jpg\)/.test(markdown),
      'the picture is gone',
    ],
    [!/javascript:|vbscript:|data:text/i.test(markdown), 'a script scheme is in the Markdown'],
    [
      !/href="(?:javascript|vbscript|data):|<script|<iframe|<img[^>]*onerror/i.test(html),
      'the rendered note has a script scheme or an element of the page’s',
    ],
    [html.includes('&lt;script&gt;alert(8)&lt;/script&gt;'), 'markup written as text is not text'],
  ];
  return [
    ...checks.flatMap(([ok, problem]) => (ok ? [] : [problem])),
    ...unsafeParts(markdown).map((part) => `unsafe: ${part}`),
  ];
}
