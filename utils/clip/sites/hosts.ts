/**
 * The hosts where site modules' pages usually are. The background injects the site readers with
 * the engine in one go on these (utils/clipper/extract.ts) rather than waiting for the engine to
 * ask for them (./loading.ts), which costs a page of these sites a second injection. A hint
 * only: the detectors decide by markup, and on any other address (a saved copy, a mirror, a
 * forum or a newsletter under a name of its own) the engine asks and the clip is the same.
 */
const HOSTS =
  /(?:^|\.)(?:github\.com|gitlab\.com|stackoverflow\.com|stackexchange\.com|serverfault\.com|superuser\.com|askubuntu\.com|mathoverflow\.net|wikipedia\.org|developer\.mozilla\.org|notion\.so|notion\.site|news\.ycombinator\.com|reddit\.com|lobste\.rs|mail\.google\.com|x\.com|twitter\.com|bsky\.app|substack\.com|store\.steampowered\.com|youtube\.com|chatgpt\.com|chat\.openai\.com|claude\.ai|gemini\.google\.com)$/i;

/** Whether a page at `address` is likely one a site module reads (see above). */
export function siteReadersLikely(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'https:' || url.protocol === 'http:') && HOSTS.test(url.hostname);
  } catch {
    return false;
  }
}
