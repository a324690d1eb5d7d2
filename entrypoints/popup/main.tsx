/**
 * The popup's entry imports nothing: the browser paints the static skeleton from index.html first,
 * and only then is the popup's code loaded (start.tsx). An extension's files arrive so fast that,
 * asked for at once, the code was parsed and run before the first frame, which waited for it: the
 * popup painted 40–100 ms after the same page without scripts (issue 18, bench/capture/capture-speed.ts).
 * requestAnimationFrame runs just before that first frame; the timeout, right after it is painted.
 */
requestAnimationFrame(() => setTimeout(() => void import('./start')));
