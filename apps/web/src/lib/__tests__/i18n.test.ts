import { describe, expect, it } from 'vitest';
import { getLanguage } from '../i18n.ts';

describe('getLanguage', () => {
  it('defaults to uz', () => {
    expect(getLanguage()).toBe('uz');
  });

  it('accepts only uz and ru', () => {
    localStorage.setItem('iLang', 'ru');
    expect(getLanguage()).toBe('ru');
    localStorage.setItem('iLang', 'en');
    expect(getLanguage()).toBe('uz');
  });
});
