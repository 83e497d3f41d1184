import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** What a newcomer reads first: the README stays short, and the docs it names exist. */
describe('README', () => {
  it('stays under 20 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(20_000);
  });

  it('shows the two commands, the sandbox cards and the way to the configuration first', () => {
    const first = readme.split('\n').slice(0, 50).join('\n');
    expect(first).toContain('npm install && npm start');
    expect(first).toContain('npm test');
    expect(first).toContain('8600 1111 1111 1110');
    expect(first).toContain('(#configuration)');
    expect(readme).toContain('\n## Configuration\n');
  });

  it('links only to files that exist, from the README and the docs', () => {
    const files = ['README.md', ...readdirDocs()];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
        const path = resolve(dirname(join(root, file)), target as string);
        expect(existsSync(path), `${file} → ${target}`).toBe(true);
      }
    }
  });
});

function readdirDocs(): string[] {
  const docs = join(root, 'docs');
  return readdirSync(docs)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
}
