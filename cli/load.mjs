// Loads the CLI (docs/decisions/064). Its TypeScript sources run from a bundle that esbuild makes
// in node_modules/.cache/site-cli/, again whenever one of them changed (a hash of their bytes is
// kept beside the bundle; they are read again only when their size or times moved): starting through tsx, which compiles each of some 200 modules
// on load, cost about 0.65 CPU-seconds a command. When the bundle cannot be made (a read-only
// node_modules, a syntax error), the sources run through tsx as they always did, with its messages.
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
 * resolve and load one by one than as part of the bundle. The others (React, which the site's
 * renderer shares; Vite, sharp and the database, with native or data files) load from node_modules.
 */
const BUNDLED = new Set(['zod', 'yaml', 'gray-matter', 'commander', 'htmlparser2', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'entities']);

const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./#]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED.has(name) ? undefined : { external: true };
    });
  },
};

/**
 * gray-matter loads js-yaml (and esprima) for a YAML engine the site replaces with its own parser
 * (core/content/front-matter.ts): 14 ms a command. Here js-yaml loads when something calls it.
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

/** The bundle folder of a project, and its stamp: { dir, inputs: file[], hash }. */
const placesOf = (root) => {
  const base = path.join(root, 'node_modules', '.cache', 'site-cli');
  return { base, stampFile: path.join(base, 'stamp.json') };
};

/** A hash of the files' bytes (and names). */
function hashOf(root, files) {
  const hash = createHash('sha1');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

/**
 * What the file system says of the files, without reading them: size, modification and change
 * times, inode. Any write changes the change time, which no tool can set back.
 */
function statsOf(root, files) {
  const hash = createHash('sha1');
  for (const file of files) {
    const s = statSync(path.join(root, file), { bigint: true });
    hash.update(`${file}\0${s.size} ${s.mtimeNs} ${s.ctimeNs} ${s.ino}\0`);
  }
  return hash.digest('hex');
}

/** Write the stamp of a bundle folder: its inputs, their bytes' hash and their stats. */
function writeStamp(root, stamp) {
  const { stampFile } = placesOf(root);
  const tmp = `${stampFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ ...stamp, stats: statsOf(root, stamp.inputs) }));
  renameSync(tmp, stampFile);
}

/**
 * The entry of the bundle made from the sources as they are now, if there is one. Files whose
 * stats are those of the stamp are not read; when the stats moved (a checkout, a touch), the bytes
 * decide, and the stamp takes the new stats.
 */
function fresh(root) {
  const { base, stampFile } = placesOf(root);
  try {
    const { dir, inputs, hash, stats } = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (!SETTINGS.every((file) => inputs.includes(file))) return undefined;
    if (stats !== statsOf(root, inputs)) {
      if (hashOf(root, inputs) !== hash) return undefined;
      writeStamp(root, { dir, inputs, hash });
    }
    return path.join(base, dir, 'index.js');
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
      metafile: true,
      // CommonJS packages inside (yaml, gray-matter) call require.
      banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
      plugins: [lazyJsYaml, ownMetaUrl, packagesOutside],
      logLevel: 'silent',
    });
    // Bundled packages change only with package.json and the lockfile, which SETTINGS hold.
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/') && !f.includes(':'));
    const files = [...inputs, ...SETTINGS];
    // A source saved while it was being bundled: no stamp, so the next command bundles it again.
    if (files.every((file) => statSync(path.join(root, file)).mtimeMs < started - 1000)) writeStamp(root, { dir, inputs: files, hash: hashOf(root, files) });
    for (const old of readdirSync(base)) {
      const file = path.join(base, old);
      if (old !== dir && old.startsWith('b-') && statSync(file).mtimeMs < started - KEEP_MS) rmSync(file, { recursive: true, force: true });
    }
    return path.join(base, dir, 'index.js');
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
