import { describe, expect, it } from 'vitest';
import { BannerBody, isShopLink, PICTURE_PATH } from '../src/contract/admin-content.ts';

describe('isShopLink', () => {
  it('takes a path of the shop, with a query and a fragment', () => {
    for (const link of ['/', '/category/smartfonlar', '/products/discount?page=2#top', '/a/../b']) {
      expect(isShopLink(link), link).toBe(true);
    }
  });

  it('refuses a link a browser would follow off the shop', () => {
    for (const link of [
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'category/smartfonlar',
      '',
    ]) {
      expect(isShopLink(link), JSON.stringify(link)).toBe(false);
    }
  });

  it('refuses backslashes, spaces and control characters anywhere in the link', () => {
    for (const link of ['/a\\b', '/a b', '/a\u0000', '/a\u007f', '/a\u0085', '/a\u2028']) {
      expect(isShopLink(link), JSON.stringify(link)).toBe(false);
    }
  });

  it('is the rule of a banner’s link', () => {
    const banner = {
      title_uz: 'Chegirmalar',
      title_ru: 'Скидки',
      image: '/media/banners/1.svg',
      link: '/\\evil.example',
      color: '#1F6FEB',
    };
    const refused = BannerBody.safeParse(banner);
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['link'], 'link_internal'],
    ]);
    expect(BannerBody.safeParse({ ...banner, link: '/category/telefonlar' }).success).toBe(true);
  });
});

describe('PICTURE_PATH', () => {
  it('takes a picture of the shop and an https address', () => {
    for (const path of ['/media/u/0123456789abcdef0123456789abcdef', 'https://cdn.example/x.png']) {
      expect(PICTURE_PATH.test(path), path).toBe(true);
    }
  });

  it('refuses a path a browser would load from another host', () => {
    for (const path of [
      '/\\evil.example/x.png',
      '//evil.example/x.png',
      '/a\\b.png',
      'http://x/y.png',
      '/a b.png',
    ]) {
      expect(PICTURE_PATH.test(path), JSON.stringify(path)).toBe(false);
    }
  });
});
