import { describe, expect, it } from 'vitest';
import { getLanguage, storedLanguage } from '../i18n.ts';

describe('getLanguage', () => {
  it('defaults to uz', () => {
    expect(getLanguage()).toBe('uz');
  });

  it('accepts only uz and ru as the saved language', () => {
    localStorage.setItem('iLang', 'ru');
    expect(storedLanguage()).toBe('ru');
    localStorage.setItem('iLang', 'en');
    expect(storedLanguage()).toBeUndefined();
  });
});
