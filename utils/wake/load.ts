import { browser } from 'wxt/browser';
import { workWaitingAtStart } from './start';
import type { BackgroundWork } from './types';

/** The work layer's bundle (entrypoints/background-work.ts), at the root of the extension. */
export const WORK_SCRIPT = '/background-work.js';

/**
 * A service worker may run `importScripts` after its first run only for scripts it imported while
 * it was being installed (the Service Worker spec's script resource map; Chromium keeps them with
 * the installed worker). So the install imports the work layer once, which only defines it, and
 * every later start of the worker can import it on demand.
 */
export function installWorkScript(): void {
  const { importScripts } = workerScope();
  if (!importScripts) return;
  globalThis.addEventListener('install', () => importScripts(WORK_SCRIPT));
}

/** A service worker's `importScripts` (the DOM typings the extension builds with lack it). */
function workerScope(): { importScripts?: (...urls: string[]) => void } {
  return globalThis as { importScripts?: (...urls: string[]) => void };
}

/**
 * Firefox's background is an event page, a document: the script is added to it, as the page's
 * own scripts are. Its CSP allows the extension's own files and nothing else.
 */
function addToPage(): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = browser.runtime.getURL(WORK_SCRIPT);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`${WORK_SCRIPT} did not load`)));
    document.head.append(script);
  });
}

let loading: Promise<BackgroundWork> | undefined;
let waiting: Promise<boolean> | undefined;

/**
 * Whether this worker found work a stopped one left (workWaitingAtStart), asked once per worker,
 * at its start: later, this worker's own clips are in storage too. When storage cannot be read,
 * the outbox resumes as if there were.
 */
export function waitingAtStart(): Promise<boolean> {
  waiting ??= workWaitingAtStart().catch(() => true);
  return waiting;
}

/**
 * The work layer, loaded and started once per worker: the outbox resumes only when the start
 * found work waiting, so a shortcut's clip does not queue behind a resume with nothing to do. A
 * failed load is not remembered: the next event tries again.
 */
export function loadWork(): Promise<BackgroundWork> {
  loading ??= (async () => {
    const resume = waitingAtStart();
    if (!globalThis.clipdeckWork) {
      const { importScripts } = workerScope();
      if (importScripts) importScripts(WORK_SCRIPT);
      else await addToPage();
    }
    const work = globalThis.clipdeckWork;
    if (!work) throw new Error(`${WORK_SCRIPT} defined no work layer`);
    work.start({ resumeOutbox: await resume });
    return work;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
