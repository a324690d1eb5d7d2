import { config } from 'zod/mini';

/**
 * Every entry point imports this module first, before anything that builds a zod schema.
 *
 * zod 4 compiles a fast parser for each object schema with the Function constructor unless
 * `jitless` is on, and it reads the setting when the schema is built, not when it parses: a
 * schema declared at a module's top level before this line ran would still compile itself. Store
 * reviewers (and `web-ext lint`) treat any Function constructor as eval, and a strict CSP forbids
 * it, so Clipdeck parses without it. The build also takes zod's unreachable compiler out of the
 * bundles, and fails loudly if a schema is ever built before this ran (scripts/lib/bundle-plugins.ts).
 */
config({ jitless: true });
