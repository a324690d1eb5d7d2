// First: zod must parse without eval before any schema is built (utils/jitless.ts).
import '../utils/jitless';
import { defineBackground } from 'wxt/utils/define-background';
import { installAutomationHooks } from '../utils/automation';
import { clipTab, clipTabs } from '../utils/clipper';
import { registerImportMessages } from '../utils/import/background';
import { isFromExtensionPage, onMessage } from '../utils/messaging';
import { registerOutboxMessages, runOutboxInBackground } from '../utils/outbox';
import { registerPopupBackground } from '../utils/popup/background';
import { registerQuickCapture } from '../utils/quick-capture';
import { failure } from '../utils/result';
import { registerToolbarMark } from '../utils/toolbar-mark';

const REFUSED = failure('refused', 'Only Clipdeck’s own pages may ask it to clip.');

export default defineBackground(() => {
  onMessage('clipTab', (message) =>
    isFromExtensionPage(message) ? clipTab(message.data) : REFUSED,
  );
  onMessage('clipTabs', (message) =>
    isFromExtensionPage(message) ? clipTabs(message.data) : REFUSED,
  );

  // Resumes deliveries a stopped worker or a browser restart interrupted; retries ride on alarms.
  runOutboxInBackground();
  registerOutboxMessages();

  // The popup's preview and save, its notes index and the clip log (issue 7).
  registerPopupBackground();

  // Context menu items and keyboard shortcuts that clip with the user's defaults (issue 7).
  registerQuickCapture();

  // The toolbar icon shows when the tab's page is in the user's notes (issue 18).
  registerToolbarMark();

  // The options page's "Import links": export files into bookmark notes (issue 17).
  registerImportMessages();

  if (import.meta.env.MODE === 'automation') installAutomationHooks();
});
