/**
 * `npm run notes-server -- [--port N] [--key K] [--deck ID]... [--data FILE] [--latency MS]
 * [--error-rate 0..1]`: the local Notes API server, for trying Clipdeck without an account.
 */
import { parseArgs } from 'node:util';
import { startNotesServer } from '../notes-server';

function numberOption(name: string, raw: string | undefined, min: number, max: number) {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`--${name} must be a number from ${min} to ${max}, not "${raw}".`);
    process.exit(2);
  }
  return value;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    key: { type: 'string' },
    deck: { type: 'string', multiple: true },
    data: { type: 'string' },
    latency: { type: 'string' },
    'error-rate': { type: 'string' },
  },
  strict: true,
});

const server = await startNotesServer({
  port: numberOption('port', values.port, 0, 65535),
  apiKeys: values.key ? [values.key] : undefined,
  decks: values.deck,
  dataFile: values.data,
  faults: {
    latencyMs: numberOption('latency', values.latency, 0, 600_000),
    serverErrorRate: numberOption('error-rate', values['error-rate'], 0, 1),
  },
}).catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`The Notes server could not start: ${reason}`);
  process.exit(1);
});

console.log(`Notes API server running.
  Base URL: ${server.baseUrl}
  API key:  ${server.apiKey}
  Decks:    default${values.deck?.length ? `, ${values.deck.join(', ')}` : ''}
  Data:     ${values.data ?? 'in memory (lost on exit; keep it with --data notes.json)'}
Press Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
