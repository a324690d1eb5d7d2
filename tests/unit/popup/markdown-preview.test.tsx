// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownPreview } from '../../../components/popup/clip/markdown-preview';

afterEach(cleanup);

function preview(markdown: string): HTMLElement {
  render(<MarkdownPreview markdown={markdown} />);
  return screen.getByRole('region', { name: 'Rendered preview' });
}

describe('MarkdownPreview', () => {
  it('renders headings, lists, emphasis, code, quotes and GFM tables and task lists', () => {
    const region = preview(
      '## Who lives there\n\n- *Anemones*\n- **Crabs**\n- [x] done\n\n> quoted\n\n```\ncode()\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(screen.getByRole('heading', { name: 'Who lives there' })).toBeTruthy();
    expect(region.querySelector('em')?.textContent).toBe('Anemones');
    expect(region.querySelector('strong')?.textContent).toBe('Crabs');
    expect(region.querySelector('input[type=checkbox]')).toHaveProperty('checked', true);
    expect(region.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(region.querySelector('pre code')?.textContent).toBe('code()');
    expect([...region.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['1', '2']);
  });

  it('shows raw HTML as text: nothing from the page becomes an element', () => {
    const region = preview(
      'Before\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n\nInline <b onclick="x()">bold</b> text',
    );
    expect(region.querySelector('script, img, b, [onerror], [onclick]')).toBeNull();
    expect(region.textContent).toContain('<script>alert(2)</script>');
    expect(region.textContent).toContain('<b onclick="x()">');
  });

  it('links only to http(s) and mail addresses, in a new tab without an opener', () => {
    const region = preview(
      '[safe](https://example.com/a) [bad](javascript:alert(1)) [data](data:text/html,hi) [ref][r]\n\n[r]: http://example.org/r',
    );
    const links = [...region.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/a',
      'http://example.org/r',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(region.textContent).toContain('bad');
  });

  it('loads images only over http(s); others show their alt text', () => {
    const region = preview(
      '![kelp](https://example.com/kelp.png) ![trap](javascript:alert(1)) ![local](file:///etc/passwd)',
    );
    const images = [...region.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://example.com/kelp.png',
    ]);
    expect(images[0]?.getAttribute('alt')).toBe('kelp');
    expect(region.textContent).toContain('[image: trap]');
    expect(region.textContent).toContain('[image: local]');
  });
});

/** How many elements deep the deepest element under `root` is, counted without recursion. */
function elementDepth(root: Element): number {
  let deepest = 0;
  const stack: [Element, number][] = [[root, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [element, depth] = entry;
    deepest = Math.max(deepest, depth);
    for (const child of element.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

// A page can nest quotes, lists and emphasis thousands deep; the preview must still render, show
// the text, and keep the page's depth bounded (deeper content is shown flat at the bound).
describe('MarkdownPreview on deeply nested notes', () => {
  const BOUNDED_DEPTH = 120;
  // Only a bound for the code as it was, which took minutes here; the assertions are on the page.
  const PATIENCE_MS = 60_000;

  it(
    'renders 5,000 nested quotes, innermost text included, at a bounded depth',
    () => {
      const region = preview(`${'>'.repeat(5000)} the bottom\n\nAfter`);

      expect(region.textContent).toContain('the bottom');
      expect(region.textContent).toContain('After');
      expect(region.querySelector('blockquote blockquote blockquote')).not.toBeNull();
      expect(elementDepth(region)).toBeLessThanOrEqual(BOUNDED_DEPTH);
    },
    PATIENCE_MS,
  );

  it(
    'renders a 1,000-level list with every item, at a bounded depth',
    () => {
      const markdown = Array.from(
        { length: 1000 },
        (_, level) => `${'  '.repeat(level)}- item ${level}.`,
      );

      const region = preview(markdown.join('\n'));

      const items = [...region.querySelectorAll('li')].map((item) => item.firstChild?.textContent);
      expect(items).toEqual(Array.from({ length: 1000 }, (_, level) => `item ${level}.`));
      expect(elementDepth(region)).toBeLessThanOrEqual(BOUNDED_DEPTH);
    },
    PATIENCE_MS,
  );

  it(
    'renders quotes and lists nested on one line 5,000 deep, at a bounded depth',
    () => {
      const region = preview(`${'- > '.repeat(2500)}the bottom`);

      expect(region.textContent).toContain('the bottom');
      expect(elementDepth(region)).toBeLessThanOrEqual(BOUNDED_DEPTH);
    },
    PATIENCE_MS,
  );

  it(
    'shows emphasis nested deeper than the bound as its plain text',
    () => {
      const region = preview(`${'*a '.repeat(300)}core${' a*'.repeat(300)}`);

      expect(region.textContent).toContain('a a core a a');
      expect(region.querySelector('em em em')).not.toBeNull();
      expect(elementDepth(region)).toBeLessThanOrEqual(BOUNDED_DEPTH);
    },
    PATIENCE_MS,
  );

  it('leaves ordinary nesting and indented code as they are', () => {
    const region = preview(
      '- one\n  - two\n    - three\n\n> > quoted twice\n\n```\n' +
        ' '.repeat(80) +
        'deep(indent)\n```\n',
    );

    expect(region.querySelector('ul ul ul li')?.textContent).toBe('three');
    expect(region.querySelector('blockquote blockquote')?.textContent).toBe('quoted twice');
    expect(region.querySelector('pre code')?.textContent).toBe(`${' '.repeat(80)}deep(indent)`);
  });
});
