/**
 * Every script Clipdeck puts into a page runs at once, not when the page is idle. Firefox's idle
 * is the end of the page's load: on a page with an image, an ad or a font whose host does not
 * answer, the clip (and the popup's preview) waited as long as the load did, with the article
 * long on screen. Chromium's idle has a time limit but is still a wait. The engine itself waits
 * for the document to be parsed (extract.ts, runEngine): the document is all it reads.
 */
export const AT_ONCE = { injectImmediately: true } as const;
