// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../../utils/jitless';
import { render } from 'preact';

const root = document.getElementById('app');
// The page's preview is the slow part: asked for before the App's code is even loaded.
void import('../../components/popup/early-preview').then(({ startPreview }) => startPreview());
// The popup's code is loaded after this tiny entry, so the browser can paint the static skeleton
// from index.html while it arrives (issue 7: first paint under 100 ms).
void import('./App').then(({ App }) => {
  if (!root) return;
  // The skeleton goes in the same task as the first render, so no frame shows neither.
  root.replaceChildren();
  render(<App />, root);
});
