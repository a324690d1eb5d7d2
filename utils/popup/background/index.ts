/**
 * The popup's background side: save the edited draft through the outbox, "already clipped" (which
 * forgets a note the service no longer has from the clip log the background writes), and the notes
 * index and clip log that follow the outbox's saves. What the popup only waits on (preview,
 * selection, service check) runs in the popup: ../tab.
 */
export { followOutboxInBackground, registerPopupBackground } from './handlers';
