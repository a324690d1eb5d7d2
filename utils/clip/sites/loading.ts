import { ENGINE_API } from '../engine-key';
import { SITE_DETECTORS } from './detectors';
import { SiteReadersMissing, type SiteSource } from './read';
import type { SiteModule } from './types';

/**
 * The site readers in a tab. The engine's script carries every detector but no reader: the
 * readers are a third of the engine's code, and compiling them slowed every capture on pages no
 * site module claims. When a detector claims the page, the engine throws SiteReadersMissing, the
 * in-page engine answers that it needs the readers, and the background injects their script
 * (entrypoints/site-readers.content.ts) and asks again (utils/clipper/extract.ts).
 *
 * They wait in the tab's isolated world under `globalThis[Symbol.for(SITE_READERS_KEY)]`, a
 * symbol for the reason engine-key.ts gives, with the engine's API version: readers left by
 * another version of Clipdeck are not used.
 */
export const SITE_READERS_KEY = 'clipdeckSiteReaders';

interface Readers {
  api: number;
  readers: ReadonlyMap<string, SiteModule['extract']>;
}

type Holder = Record<symbol, Readers | undefined>;

/** The readers' script: leaves every site's reader in this world (`scope`, its global object). */
export function installSiteReaders(scope: object, modules: readonly SiteModule[]): void {
  (scope as Holder)[Symbol.for(SITE_READERS_KEY)] = {
    api: ENGINE_API,
    readers: new Map(modules.map((site) => [site.id, site.extract])),
  };
}

/** The in-page engine's sites: the detectors it carries, the readers once their script ran. */
export function inPageSites(scope: object): SiteSource {
  return {
    detectors: SITE_DETECTORS,
    reader(site) {
      const loaded = (scope as Holder)[Symbol.for(SITE_READERS_KEY)];
      const extract = loaded?.api === ENGINE_API ? loaded.readers.get(site.id) : undefined;
      if (!extract) throw new SiteReadersMissing(`The reader for ${site.id} is not loaded`);
      return extract;
    },
  };
}
