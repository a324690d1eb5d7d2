import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FaultCounts, FaultInjector, type Faults } from './faults';
import { handleRequest, keyChecker, type RecordedRequest } from './routes';
import { DEFAULT_DECK_ID, type ListOrder, NoteStore, type StoredNote } from './store';

export { MAX_BODY_BYTES, MAX_LIMIT } from './routes';
export { seedNotes } from './seed';
export {
  DEFAULT_DECK_ID,
  type FaultCounts,
  type Faults,
  type ListOrder,
  type RecordedRequest,
  type StoredNote,
};

export interface NotesServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Keys accepted as `Authorization: Bearer <key>`. Default: one generated key. */
  apiKeys?: string[];
  /** Notebooks besides the default one (`"default"`), which always exists. */
  decks?: string[];
  /** Keep the notes in this JSON file, so a restart keeps them. */
  dataFile?: string;
  faults?: Faults;
  /** Notes the server starts with (see seedNotes), besides any in `dataFile`. */
  seed?: readonly StoredNote[];
  /** The list's order (default `updated-desc`, newest change first). */
  order?: ListOrder;
}

export interface NotesServerStats {
  /** Requests received, including those answered with an injected fault. */
  requests: number;
  faults: FaultCounts;
}

export interface NotesServer {
  /** `http://127.0.0.1:PORT/api`: the base URL a client is configured with. */
  baseUrl: string;
  /** The first accepted key. */
  apiKey: string;
  port: number;
  /** Every stored note, `deck_id` included, in no particular order. */
  notes(): StoredNote[];
  setFaults(faults: Faults): void;
  stats(): NotesServerStats;
  /** The most recent requests (up to 1000), oldest first: what clients really sent. */
  requests(): RecordedRequest[];
  stop(): Promise<void>;
  /** Stops and starts again on the same port; with `dataFile`, the notes are reloaded from it. */
  restart(): Promise<void>;
}

const REQUEST_LOG_SIZE = 1000;

export async function startNotesServer(options: NotesServerOptions = {}): Promise<NotesServer> {
  const apiKeys = options.apiKeys?.length
    ? options.apiKeys
    : [`cd_${randomBytes(18).toString('base64url')}`];
  const decks = options.decks ?? [];
  const faults = new FaultInjector();
  if (options.faults) faults.set(options.faults);
  let store = new NoteStore(decks, options.dataFile, options.order);
  store.seed(options.seed ?? []);
  const log: RecordedRequest[] = [];
  let requestCount = 0;

  const context = {
    get store() {
      return store;
    },
    faults,
    acceptsKey: keyChecker(apiKeys),
    record(request: RecordedRequest) {
      requestCount += 1;
      log.push(request);
      if (log.length > REQUEST_LOG_SIZE) log.shift();
    },
  };

  let server = await listen(options.port ?? 0, (request, response) => {
    void handleRequest(request, response, context);
  });
  const port = (server.address() as AddressInfo).port;
  let running = true;

  const stop = async () => {
    if (!running) return;
    running = false;
    await new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  };

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    apiKey: apiKeys[0] as string,
    port,
    notes: () => store.all(),
    setFaults: (next) => faults.set(next),
    stats: () => ({ requests: requestCount, faults: { ...faults.counts } }),
    requests: () => structuredClone(log),
    stop,
    async restart() {
      await stop();
      if (options.dataFile) store = new NoteStore(decks, options.dataFile, options.order);
      server = await listen(port, (request, response) => {
        void handleRequest(request, response, context);
      });
      running = true;
    },
  };
}

function listen(port: number, handler: Parameters<typeof createServer>[1]): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
