import { storage } from 'wxt/utils/storage';

/** Where the Notes service lives and the key for it. Local storage only: never synced. */
export interface Connection {
  baseUrl: string;
  apiKey: string;
}

export const connectionItem = storage.defineItem<Connection>('local:connection', {
  fallback: { baseUrl: '', apiKey: '' },
  version: 1,
});
