import { describe, expect, it } from 'vitest';
import { type Manifest, routeScripts } from '../lib/bundle-size.ts';

/** A build like the storefront's: an entry, a shared chunk, lazy pages that import the entry. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_runtime.js', '_icons.js'],
    dynamicImports: ['src/pages/product.tsx', 'src/pages/basket.tsx'],
    css: ['assets/index-a.css'],
  },
  '_runtime.js': { file: 'assets/runtime-b.js' },
  '_icons.js': { file: 'assets/icons-c.js', imports: ['_runtime.js'] },
  '_gallery.js': { file: 'assets/gallery-d.js', imports: ['_icons.js'] },
  '_zoom.js': { file: 'assets/zoom-e.js' },
  'src/pages/product.tsx': {
    file: 'assets/product-f.js',
    isDynamicEntry: true,
    imports: ['index.html', '_gallery.js'],
    dynamicImports: ['_zoom.js'],
  },
  'src/pages/basket.tsx': { file: 'assets/basket-g.js', isDynamicEntry: true },
  'src/styles.css': { file: 'assets/styles-h.css' },
};

describe('routeScripts', () => {
  it('counts the entry and its static imports once each, in load order', () => {
    expect(routeScripts(manifest, [])).toEqual({
      files: ['assets/index-a.js', 'assets/runtime-b.js', 'assets/icons-c.js'],
      inlined: [],
    });
  });

  it("adds a page's chunk and its static imports, but none it imports dynamically", () => {
    const { files } = routeScripts(manifest, ['src/pages/product.tsx']);
    expect(files).toEqual([
      'assets/index-a.js',
      'assets/runtime-b.js',
      'assets/icons-c.js',
      'assets/product-f.js',
      'assets/gallery-d.js',
    ]);
    expect(files).not.toContain('assets/zoom-e.js');
    expect(files).not.toContain('assets/basket-g.js');
  });

  it('names a page without a chunk of its own as bundled into the counted chunks', () => {
    expect(routeScripts(manifest, ['src/pages/home.tsx'])).toEqual({
      files: ['assets/index-a.js', 'assets/runtime-b.js', 'assets/icons-c.js'],
      inlined: ['src/pages/home.tsx'],
    });
  });

  it('adds the default texts when they are a chunk, and only them', () => {
    const split: Manifest = {
      ...manifest,
      'src/locales/uz.json': { file: 'assets/uz-i.js', isDynamicEntry: true },
      'src/locales/ru.json': { file: 'assets/ru-j.js', isDynamicEntry: true },
    };
    const { files } = routeScripts(split, []);
    expect(files).toContain('assets/uz-i.js');
    expect(files).not.toContain('assets/ru-j.js');
    const asModule: Manifest = {
      ...manifest,
      'src/locales/uz.ts': { file: 'assets/uz-k.js', imports: ['_runtime.js'] },
    };
    expect(routeScripts(asModule, []).files.at(-1)).toBe('assets/uz-k.js');
  });

  it('refuses a manifest without an entry or with an import it does not hold', () => {
    expect(() => routeScripts({ a: { file: 'assets/a.js' } }, [])).toThrow(/no entry/);
    expect(() =>
      routeScripts(
        { 'index.html': { file: 'assets/a.js', isEntry: true, imports: ['_x.js'] } },
        [],
      ),
    ).toThrow(/_x\.js/);
  });
});
