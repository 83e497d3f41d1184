import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { setupLink } from '../lib/setup-link.ts';

/** The link `npm run admin:create` prints, for the shop configured by `env`. */
const linkFor = (env: NodeJS.ProcessEnv) => setupLink(loadConfig(env), 'tok_en-1');

describe("admin:create's setup link", () => {
  it('is on this machine at the default port when nothing says otherwise', () => {
    expect(linkFor({})).toBe('http://localhost:3000/admin/setup?token=tok_en-1');
  });

  it("follows the shop's PORT", () => {
    expect(linkFor({ PORT: '3300' })).toBe('http://localhost:3300/admin/setup?token=tok_en-1');
  });

  it('is under PUBLIC_URL when set, whatever the port, with no slash doubled', () => {
    expect(linkFor({ PUBLIC_URL: 'https://bozor.uz', PORT: '8080' })).toBe(
      'https://bozor.uz/admin/setup?token=tok_en-1',
    );
    expect(linkFor({ PUBLIC_URL: 'https://shop.example.uz:8443/' })).toBe(
      'https://shop.example.uz:8443/admin/setup?token=tok_en-1',
    );
  });
});
