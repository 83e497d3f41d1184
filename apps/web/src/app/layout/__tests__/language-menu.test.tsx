import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser.ts';
import { LanguageMenu } from '../language-menu.tsx';

describe('LanguageMenu', () => {
  it('shows both languages with a tick on the current one', async () => {
    const user = userEvent.setup();
    render(<LanguageMenu />);
    await user.click(screen.getByRole('button', { name: /Til/ }));
    expect(screen.getByRole('menuitemradio', { name: "O'zbek tili" })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Русский' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('saves the chosen language as iLang and reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<LanguageMenu />);
    await user.click(screen.getByRole('button', { name: /Til/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Русский' }));
    expect(localStorage.getItem('iLang')).toBe('ru');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<LanguageMenu />);
    screen.getByRole('button', { name: /Til/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: "O'zbek tili" })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Русский' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Til/ })).toHaveFocus();
  });
});
