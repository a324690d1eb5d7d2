// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../../utils/jitless';
import { render } from 'preact';
import { t, uiLanguage } from '../../utils/i18n';

const root = document.getElementById('app');
// The static skeleton's words come from the messages too (an HTML page gets no __MSG_ there):
// set in the same task as the App's code is asked for, a frame before it renders.
document.documentElement.lang = uiLanguage();
const reading = document.getElementById('skeleton-reading');
if (reading) reading.textContent = t('popup.readingPage');
// The page's preview is the slow part: asked for before the App's code is even loaded (the
// entry waited one frame for the skeleton to paint first).
void import('../../components/popup/clip/early-preview').then(({ startPreview }) => startPreview());
// The App's code comes in a chunk of its own, so the preview request above goes out before it is
// parsed (the skeleton is already painted: main.tsx waited for the first frame).
void import('./App').then(({ App }) => {
  if (!root) return;
  // The skeleton goes in the same task as the first render, so no frame shows neither.
  root.replaceChildren();
  render(<App />, root);
});
