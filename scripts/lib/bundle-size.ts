/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), keyed by source or chunk name. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The storefront's texts in its default language, when the build gives them a chunk of their own. */
const DEFAULT_TEXTS = /^src\/locales\/uz\.(json|ts)$/;

export interface RouteScripts {
  /** Output files (`assets/…js`) the route loads before it shows, each once, in load order. */
  files: string[];
  /** Page modules with no chunk of their own: bundled into a chunk already counted. */
  inlined: string[];
}

/**
 * The JavaScript a route needs for its first paint: the entry chunk and its static imports,
 * the route's page modules and their static imports, and the default language's texts when they
 * are a chunk. Dynamic imports are left out: they load later, when something asks for them.
 */
export function routeScripts(manifest: Manifest, pageKeys: string[]): RouteScripts {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names a chunk it does not hold: ${key}`);
    if (/\.m?js$/.test(chunk.file) && !files.includes(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  for (const key of entries) visit(key);
  const inlined: string[] = [];
  for (const key of pageKeys) {
    if (manifest[key]) visit(key);
    else inlined.push(key);
  }
  for (const key of Object.keys(manifest).filter((k) => DEFAULT_TEXTS.test(k))) visit(key);
  return { files, inlined };
}
