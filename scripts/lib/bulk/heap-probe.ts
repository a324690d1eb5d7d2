import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The command's live heap, for the bulk benchmark's memory part (bench/bulk/bulk.ts): resident size
 * alone cannot tell a leak from memory the allocator keeps after a collection, so with
 * CLIPDECK_HEAP_EVERY=N the command collects garbage after every N notes printed and says on
 * stderr how much of the heap is still in use. CLIPDECK_HEAP_SNAPSHOTS=dir also writes a heap
 * snapshot there each time, to compare early and late (which constructors grow with the pages).
 * Off (and free) unless asked for.
 */
export function heapProbe(
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): ((pagesDone: number) => void) | undefined {
  const every = Number(env.CLIPDECK_HEAP_EVERY);
  if (!Number.isInteger(every) || every <= 0) return undefined;
  // A full collection without starting Node with --expose-gc (the command runs through tsx).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const snapshots = env.CLIPDECK_HEAP_SNAPSHOTS;
  return (pagesDone) => {
    if (pagesDone % every !== 0) return;
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    write(`heap after ${pagesDone} notes: ${heapUsed} bytes used, ${rss} resident`);
    if (snapshots) writeHeapSnapshot(`${snapshots}/heap-${pagesDone}.heapsnapshot`);
  };
}

/** The figures of a line heapProbe wrote, for the benchmark. */
export function parseHeapLine(line: string): { notes: number; heapUsed: number } | undefined {
  const match = /heap after (\d+) notes: (\d+) bytes used/.exec(line);
  return match ? { notes: Number(match[1]), heapUsed: Number(match[2]) } : undefined;
}
