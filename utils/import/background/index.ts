/**
 * The extension side of the options page's "Import links": which links the service already has
 * (known-links.ts) and links into bookmark notes (import-links.ts), run by the options page
 * itself; those notes into the outbox and how far they have got (handlers.ts, the background).
 * Apart from ../index.ts, which the command line loads in Node, because these need extension
 * storage.
 */
export {
  type ImportClipState,
  importProgress,
  registerImportMessages,
  storeImportedClips,
} from './handlers';
export { type ImportedClip, importLinks } from './import-links';
export {
  checkKnownLinks,
  findKnownLinks,
  type KnownLinks,
  MAX_KNOWN_SCAN_PAGES,
} from './known-links';
