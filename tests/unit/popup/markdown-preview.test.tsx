// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownPreview } from '../../../components/popup/markdown-preview';

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
