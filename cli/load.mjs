// Loads the CLI (docs/decisions/064). Its TypeScript sources run from a bundle that esbuild makes
// in node_modules/.cache/site-cli/, again whenever their bytes changed: starting through tsx, which
// compiles each of some 200 modules on load, costs every command more than half a CPU-second.
// When the bundle cannot be made (a read-only node_modules, a syntax error), the sources run
// through tsx, with its messages. The bundle is the tool's code only: the project a command works
// on is where it runs (cli/lib/paths.ts), whichever bundle runs it.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Files that change how the sources bundle without being one of them. */
const SETTINGS = ['cli/load.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'node_modules/esbuild/package.json'];
/** Older bundles are removed after this long: a running `site start` may still load their chunks. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Packages bundled in: plain JavaScript of many small modules (zod alone is 95), which cost more to
 * resolve and load one by one than as part of the bundle; with them, the packages they import (the
 * MDX renderer's unified, remark and micromark are some 290 modules of 100 packages, which an edit
 * build loaded one by one). The others (Vite, sharp and the database, with native or data files)
 * load from node_modules, and React always does: the site's server renderer shares it.
 */
const BUNDLED = new Set([
  'zod',
  'yaml',
  'gray-matter',
  'commander',
  'htmlparser2',
  'domhandler',
  'domutils',
  'domelementtype',
  'dom-serializer',
  'entities',
  // core/content/mdx/: the MDX renderer, loaded when a body is not in the content cache.
  'unified',
  'remark-parse',
  'remark-mdx',
  'remark-gfm',
  'remark-rehype',
  'hast-util-to-jsx-runtime',
  'github-slugger',
]);
const OUTSIDE = new Set(['react', 'react-dom']);

const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./#]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      if (OUTSIDE.has(name)) return { external: true };
      // Only bundled packages' files are read, so an importer in node_modules is one of them.
      const fromBundled = args.importer.includes(`${path.sep}node_modules${path.sep}`);
      return BUNDLED.has(name) || fromBundled ? undefined : { external: true };
    });
  },
};

/**
 * gray-matter loads js-yaml (and esprima) for a YAML engine the site replaces with its own parser
 * (core/content/front-matter.ts), in every command. Here js-yaml loads when something calls it.
 */
const lazyJsYaml = {
  name: 'lazy-js-yaml',
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, (args) => (args.importer.includes(`${path.sep}gray-matter${path.sep}`) ? { path: 'js-yaml', namespace: 'lazy-js-yaml' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'lazy-js-yaml' }, () => ({
      contents: "const real = () => require('js-yaml');\nmodule.exports = { safeLoad: (...a) => real().safeLoad(...a), safeDump: (...a) => real().safeDump(...a) };\n",
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

/**
 * zod re-exports its 100 locales as a namespace (z.locales), so all of them are bundled: half of
 * zod's 755 KB, compiled by every command. Its messages are English by default and nothing here
 * chooses another locale: the namespace holds English only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(args.resolveDir, '..', 'locales', 'english-only.js'), namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';\n",
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

const CODE_META = /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\/[^\n]*|\/\*[\s\S]*?\*\/)|\bimport\.meta\.(url|dirname|filename)\b/g;

/**
 * Each module keeps its own import.meta.url (and dirname, filename): the CLI finds the project,
 * workers and SQL files next to its sources, not next to the bundle.
 */
const ownMetaUrl = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts)$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const own = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
      // Code only: strings and comments (a banner that writes import.meta.url for another bundle) stay as they are.
      const contents = text.includes('import.meta') ? text.replace(CODE_META, (match, skipped, name) => (skipped ? match : JSON.stringify(own[name]))) : text;
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * The bundle folder, and the stamp of the bundle made from the sources in `root`: { dir, inputs,
 * hash }. A stamp per sources' folder: each module of a bundle knows its source's place (ownMetaUrl),
 * so two checkouts that share node_modules (a symlink) never run each other's bundle.
 */
const placesOf = (root) => {
  const base = path.join(root, 'node_modules', '.cache', 'site-cli');
  return { base, stampFile: path.join(base, `stamp-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.json`) };
};

/** A hash of the files' bytes (and names). */
function hashOf(root, files) {
  const hash = createHash('sha1');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

/** The entry of the bundle made from the sources as they are now, if there is one: their bytes decide. */
function fresh(root) {
  const { base, stampFile } = placesOf(root);
  try {
    const { dir, inputs, hash } = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (!SETTINGS.every((file) => inputs.includes(file)) || hashOf(root, inputs) !== hash) return undefined;
    return path.join(base, dir, 'index.mjs');
  } catch {
    return undefined;
  }
}

/**
 * Bundle `cli/index.ts` of `root` into a new folder (split at the CLI's dynamic imports, so a
 * command loads only what it runs) and stamp it as the newest. Its entry, or undefined when
 * esbuild failed (set SITE_CLI_DEBUG=1 to see why).
 */
async function make(root) {
  const { base } = placesOf(root);
  const dir = `b-${Date.now().toString(36)}-${process.pid}`;
  const started = Date.now();
  try {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: { index: path.join(root, 'cli', 'index.ts') },
      absWorkingDir: root,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outdir: path.join(base, dir),
      // ES modules by their name: a .js file with no package.json "type" above it is compiled
      // twice, once to find out it is not CommonJS.
      outExtension: { '.js': '.mjs' },
      metafile: true,
      // CommonJS packages inside (yaml, gray-matter) call require.
      banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
      plugins: [lazyJsYaml, zodEnglishOnly, ownMetaUrl, packagesOutside],
      logLevel: 'silent',
    });
    // Bundled packages change only with package.json and the lockfile, which SETTINGS hold.
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/') && !f.includes(':'));
    const files = [...inputs, ...SETTINGS];
    // A source saved while it was being bundled: no stamp, so the next command bundles it again.
    if (files.every((file) => statSync(path.join(root, file)).mtimeMs < started - 1000)) {
      const { stampFile } = placesOf(root);
      writeFileSync(`${stampFile}.${process.pid}.tmp`, JSON.stringify({ dir, inputs: files, hash: hashOf(root, files) }));
      renameSync(`${stampFile}.${process.pid}.tmp`, stampFile);
    }
    for (const old of readdirSync(base)) {
      const file = path.join(base, old);
      if (old !== dir && old.startsWith('b-') && statSync(file).mtimeMs < started - KEEP_MS) rmSync(file, { recursive: true, force: true });
    }
    return path.join(base, dir, 'index.mjs');
  } catch (err) {
    if (process.env.SITE_CLI_DEBUG) console.error(err);
    rmSync(path.join(base, dir), { recursive: true, force: true });
    return undefined;
  }
}

/** The entry of an up-to-date bundle of `root`'s CLI, made now if needed; undefined if it cannot be. */
export async function bundledCli(root = ROOT) {
  try {
    mkdirSync(placesOf(root).base, { recursive: true });
  } catch {
    return undefined;
  }
  return fresh(root) ?? (await make(root));
}

/** The CLI's module: { run(argv) }. SITE_CLI_TSX=1 runs the sources through tsx. */
export async function load() {
  const entry = process.env.SITE_CLI_TSX === '1' ? undefined : await bundledCli();
  if (entry) return import(pathToFileURL(entry).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import('./index.ts');
}
