import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installClipEngine } from '../../../utils/clip/in-page';

/**
 * What fakeBrowser lacks, stubbed for quick capture: `scripting` runs the injected code in the
 * test's jsdom document (the one "web page" tab), the way Chromium runs it in the tab; tabs that
 * stand for browser pages refuse injection as Chromium does. `contextMenus` keeps its items and
 * refuses a duplicate id, like Chromium.
 */
export const PAGE_TAB = { id: 7, url: '', title: '' };
export const BROWSER_PAGE_TAB = { id: 9, url: 'chrome://settings/', title: 'Settings' };

export function loadPage(fixture: string): void {
  const html = readFileSync(resolve('tests/fixtures/site', fixture), 'utf8');
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.replaceChild(
    document.importNode(parsed.documentElement, true),
    document.documentElement,
  );
  PAGE_TAB.url = document.URL;
  PAGE_TAB.title = document.title;
}

/** Selects the text of the element with this id, as a user dragging over it would. */
export function selectText(id: string): void {
  const element = document.getElementById(id);
  if (!element) throw new Error(`No element #${id}`);
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

export function clearSelection(): void {
  document.getSelection()?.removeAllRanges();
}

type Injection = {
  target: { tabId: number; frameIds?: number[] };
  files?: string[];
  func?: (...args: unknown[]) => unknown;
  args?: unknown[];
};

export const executeScript = vi.fn(async (injection: Injection) => {
  if (injection.target.tabId !== PAGE_TAB.id) {
    throw new Error('Cannot access contents of url "chrome://settings/".');
  }
  if (injection.files) {
    installClipEngine(globalThis);
    return [{ frameId: 0, documentId: 'page' }];
  }
  const result = await injection.func?.(...(injection.args ?? []));
  return [{ frameId: 0, documentId: 'page', result }];
});

export const menuItems = new Map<string, Browser.contextMenus.CreateProperties>();

export function stubBrowserApis(): void {
  const browser = fakeBrowser as unknown as Record<string, unknown>;
  browser.scripting = { executeScript };
  browser.contextMenus = {
    create: vi.fn((item: Browser.contextMenus.CreateProperties, done?: () => void) => {
      const id = String(item.id);
      const runtime = fakeBrowser.runtime as { lastError?: { message: string } };
      runtime.lastError = menuItems.has(id)
        ? { message: `Cannot create item with duplicate id ${id}` }
        : undefined;
      if (!runtime.lastError) menuItems.set(id, item);
      done?.();
      runtime.lastError = undefined;
      return id;
    }),
    removeAll: vi.fn(async () => menuItems.clear()),
    onClicked: { addListener: vi.fn() },
  };
  browser.commands = { onCommand: { addListener: vi.fn() } };
  fakeBrowser.runtime.openOptionsPage = vi.fn(async () => undefined);
}
