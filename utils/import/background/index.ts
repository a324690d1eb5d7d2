/**
 * The background side of the options page's "Import links": which links the service already has,
 * links into bookmark notes in the outbox, and how far they have got. Apart from ../index.ts,
 * which the command line loads in Node, because these handlers need extension storage.
 */
export {
  checkKnownLinks,
  type ImportClipState,
  importLinks,
  importProgress,
  MAX_KNOWN_CHECK,
  registerImportMessages,
} from './handlers';
export { findKnownLinks, type KnownLinks, MAX_KNOWN_SCAN_PAGES, noteSource } from './known-links';
