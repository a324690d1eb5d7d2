import type { Plugin } from 'vite';

/**
 * Takes zod's code generator out of the extension's bundles.
 *
 * With `z.config({ jitless: true })` (utils/jitless.ts, first in every entry point) zod never
 * builds a function from a string, but the code that would is still bundled: AMO's linter flags
 * the Function constructor in every bundle that holds zod, and a reviewer cannot tell dead code
 * from live. Two pieces of zod 4 core hold it:
 * - `allowsEval` (util.js) probes `new Function("")`; it is read only by an object schema built
 *   while jitless was off. Here it throws instead: a schema built before utils/jitless.ts ran
 *   is a bug in an entry point's import order, and it stops the extension at once (every
 *   real-browser test sees it) rather than shipping a bundle that quietly compiles code.
 * - `Doc.compile` (doc.js) runs the generated source; only the JIT paths call it.
 *
 * The replacement is matched on zod's exact text: if an update moves it, the build fails here
 * instead of shipping the constructor again (scripts/check-packages.ts greps the bundles too).
 */
const REWRITES: { file: RegExp; find: RegExp; replace: string }[] = [
  {
    file: /[\\/]zod[\\/]v4[\\/]core[\\/]util\.js$/,
    find: /export const allowsEval = \/\* @__PURE__\*\/ cached\(\(\) => \{[\s\S]*?\n\}\);\n/,
    replace: `export const allowsEval = { get value() {
  throw new Error("Clipdeck: a zod schema was built before z.config({ jitless: true }) ran. Import utils/jitless.ts first in this entry point.");
} };
`,
  },
  {
    file: /[\\/]zod[\\/]v4[\\/]core[\\/]doc\.js$/,
    find: /compile\(\) \{\n\s*const F = Function;[\s\S]*?\n {4}\}\n/,
    replace: `compile() {
        throw new Error("Clipdeck: zod's code generator is not bundled (jitless).");
    }
`,
  },
];

export function zodWithoutEval(): Plugin {
  return {
    name: 'clipdeck:zod-without-eval',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const rewrite = REWRITES.find(({ file }) => file.test(id.split('?')[0] ?? id));
      if (!rewrite) return null;
      if (!rewrite.find.test(code)) {
        this.error(
          `zod-without-eval: ${id} no longer has the code this plugin replaces; update scripts/lib/bundle-plugins.ts for this zod version.`,
        );
      }
      return { code: code.replace(rewrite.find, rewrite.replace), map: null };
    },
  };
}

const NOT_BUNDLED = `function notBundled() {
  throw new Error("Clipdeck: zod's JSON Schema output is not bundled (scripts/lib/bundle-plugins.ts).");
}
`;

/** The names a zod module exports, in the order it declares them. */
function exportedNames(code: string): string[] {
  const names = Array.from(code.matchAll(/^export (?:const|function) (\w+)/gm), (m) => m[1] ?? '');
  for (const [, inner = '', outer] of code.matchAll(/^export \{ (\w+) as (\w+) \};$/gm)) {
    if (outer) names.push(`${inner} as ${outer}`);
  }
  return names;
}

/**
 * Takes zod's JSON Schema writer out of the extension's bundles (about 17 kB, a fifth of the
 * background's budget in tests/packages). zod 4.6's classic schemas attach a `toJSONSchema`
 * method and a processor to every schema they build, so the bundler must keep the writer although
 * Clipdeck never asks for a JSON Schema. Here each of the writer's functions throws when called;
 * `createToJSONSchemaMethod`/`createStandardJSONSchemaMethod`, which run while schemas are built,
 * return a function that throws, so parsing is untouched. `aggregateChecks` (read by a string or
 * number schema's `minLength`/`format` getters) stays real. Matched on zod's exact text: an update
 * that moves it fails the build here.
 */
export function zodWithoutJsonSchema(): Plugin {
  const toJsonSchema = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;
  const processors = /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
  const KEEP_UNTIL = '\nexport const stringProcessor = ';
  return {
    name: 'clipdeck:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (toJsonSchema.test(file)) {
        const names = exportedNames(code);
        if (!names.includes('createToJSONSchemaMethod') || !names.includes('finalize')) {
          this.error(
            `zod-without-json-schema: ${id} changed; update scripts/lib/bundle-plugins.ts.`,
          );
        }
        const stubs = names.map((name) => {
          const [inner = name, outer] = name.split(' as ');
          if (outer) return `export { ${inner} as ${outer} };`;
          return /^create\w+Method$/.test(inner)
            ? `export const ${inner} = () => notBundled;`
            : `export const ${inner} = notBundled;`;
        });
        return { code: `${NOT_BUNDLED}${stubs.join('\n')}\n`, map: null };
      }
      if (processors.test(file)) {
        const at = code.indexOf(KEEP_UNTIL);
        if (at < 0 || !/^export function aggregateChecks\(/m.test(code.slice(0, at))) {
          this.error(
            `zod-without-json-schema: ${id} changed; update scripts/lib/bundle-plugins.ts.`,
          );
        }
        const stubs = exportedNames(code.slice(at)).map((name) =>
          name === 'allProcessors'
            ? 'export const allProcessors = {};'
            : `export const ${name} = notBundled;`,
        );
        return { code: `${code.slice(0, at)}\n${NOT_BUNDLED}${stubs.join('\n')}\n`, map: null };
      }
      return null;
    },
  };
}

/**
 * Readability is CommonJS, so the bundler cannot see that importing it does nothing, and kept it
 * (with its two innerHTML assignments) in every bundle that imports anything from utils/clip: the
 * background and the options page use only composeNote and the template list. Importing it has no
 * effect (it defines a class and exports it), so only the content script, which runs it, keeps it.
 */
export function readabilityOnlyWhereUsed(): Plugin {
  return {
    name: 'clipdeck:readability-only-where-used',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@mozilla[\\/]readability[\\/]/.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}
