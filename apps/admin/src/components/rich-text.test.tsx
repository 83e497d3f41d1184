import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n.tsx';
import { RichTextEditor } from './rich-text.tsx';

beforeEach(() => {
  for (const tag of document.querySelectorAll('style')) tag.remove();
});
afterEach(cleanup);

describe('the rich-text editor', () => {
  it('adds no style element to the page, as the back office allows styles from its files only', async () => {
    render(
      <I18nProvider>
        <RichTextEditor label="Описание (рус.)" value="<p>Текст</p>" onChange={() => {}} />
      </I18nProvider>,
    );
    const editor = await screen.findByRole('textbox', { name: 'Описание (рус.)' });
    await waitFor(() => expect(editor).toHaveTextContent('Текст'));
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('has the rules the editor needs in the stylesheet instead', () => {
    const css = readFileSync(join(import.meta.dirname, '../styles.css'), 'utf8');
    const editorRule = css.match(/\.ProseMirror \{[^}]*\}/)?.[0] ?? '';
    // spaces typed twice stay two spaces, and long words wrap
    expect(editorRule).toContain('white-space: break-spaces');
    expect(editorRule).toContain('overflow-wrap: break-word');
    expect(css).toContain('.ProseMirror-hideselection');
  });
});
