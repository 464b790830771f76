// Loads the CLI (docs/decisions/064). Its TypeScript sources run from one ES module that esbuild
// bundles into node_modules/.cache/site-cli/, again whenever one of them changed (their sizes and
// modification times are kept beside the bundle): starting through tsx, which compiles each of
// some 200 modules on load, cost about 0.65 CPU-seconds a command. Packages stay outside the bundle
// and load from node_modules as before. When the bundle cannot be made or kept (a read-only
// node_modules, a syntax error), the sources run through tsx as they always did, with its messages.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const CLI_BUNDLE_DIR = path.join(root, 'node_modules', '.cache', 'site-cli');
/** { dir, inputs: [file, size, mtime][] }: the folder of the newest bundle and what it was made from. */
const stampFile = path.join(CLI_BUNDLE_DIR, 'stamp.json');
/** Files that change how the sources bundle without being one of them. */
const SETTINGS = ['package.json', 'tsconfig.json', 'node_modules/esbuild/package.json'];
/** Older bundles are removed after this long: a running `site start` may still load its chunks. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const stat = (file) => {
  const s = statSync(path.join(root, file));
  return [file, s.size, s.mtimeMs];
};

/** The entry of the bundle made from the sources as they are now, if there is one. */
function fresh() {
  try {
    const { dir, inputs } = JSON.parse(readFileSync(stampFile, 'utf8'));
    const same = inputs.every(([file, size, mtime]) => {
      const [, s, m] = stat(file);
      return s === size && m === mtime;
    });
    return same ? path.join(CLI_BUNDLE_DIR, dir, 'index.js') : undefined;
  } catch {
    return undefined;
  }
}

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
      const contents = text.includes('import.meta')
        ? text.replace(CODE_META, (match, skipped, name) => (skipped ? match : JSON.stringify(own[name])))
        : text;
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Bundle the sources into a new folder (split at the CLI's dynamic imports, so a command loads
 * only what it runs) and stamp it as the newest. Returns its entry, or undefined if esbuild failed.
 */
async function make() {
  const esbuild = await import('esbuild');
  const dir = `b-${Date.now().toString(36)}-${process.pid}`;
  const started = Date.now();
  try {
    const result = await esbuild.build({
      entryPoints: { index: path.join(root, 'cli', 'index.ts') },
      absWorkingDir: root,
      bundle: true,
      splitting: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outdir: path.join(CLI_BUNDLE_DIR, dir),
      outExtension: { '.js': '.js' },
      metafile: true,
      plugins: [ownMetaUrl],
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/') && !f.includes(':'));
    const stats = [...inputs, ...SETTINGS].map(stat);
    // A source saved while it was being bundled: no stamp, so the next command bundles it again.
    if (stats.every(([, , mtime]) => mtime < started - 1000)) {
      const tmp = `${stampFile}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ dir, inputs: stats }));
      renameSync(tmp, stampFile);
    }
    for (const old of readdirSync(CLI_BUNDLE_DIR)) {
      const file = path.join(CLI_BUNDLE_DIR, old);
      if (old !== dir && old.startsWith('b-') && statSync(file).mtimeMs < started - KEEP_MS) rmSync(file, { recursive: true, force: true });
    }
    return path.join(CLI_BUNDLE_DIR, dir, 'index.js');
  } catch (e) {
    if (process.env.SITE_CLI_DEBUG) console.error(e);
    rmSync(path.join(CLI_BUNDLE_DIR, dir), { recursive: true, force: true });
    return undefined;
  }
}

/** The CLI's module: { run(argv) }. SITE_CLI_TSX=1 runs the sources through tsx. */
export async function load() {
  const entry = process.env.SITE_CLI_TSX === '1' ? undefined : (fresh() ?? (await make()));
  if (entry) return import(pathToFileURL(entry).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import('./index.ts');
}
