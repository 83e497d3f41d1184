import '@testing-library/jest-dom/vitest';
import type { StaffRole } from '@bozor/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalDialogs, renderAsStaff, screenOf } from '../test/support.tsx';
import { Layout } from './layout.tsx';

beforeAll(modalDialogs);

beforeEach(() => {
  // the partners' count beside their section
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { new: 0, contacted: 0, accepted: 0, rejected: 0 } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderShell(role: StaffRole = 'owner', path = '/') {
  renderAsStaff(
    <Routes>
      <Route path="/" element={<Layout />}>
        <Route index element={<h1>Сводка дня</h1>} />
        <Route path="orders" element={<h1>Очередь заказов</h1>} />
        <Route path="products" element={<h1>Список товаров</h1>} />
      </Route>
    </Routes>,
    { role, path },
  );
}

describe('the back office on a phone', () => {
  it('opens the navigation from the menu button and closes it with Escape, giving the focus back', async () => {
    screenOf(390);
    const user = userEvent.setup();
    renderShell();

    const menu = screen.getByRole('button', { name: 'Меню' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Меню' });
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('aria-controls', drawer.id);
    expect(within(drawer).getByRole('button', { name: 'Закрыть меню' })).toHaveFocus();
    expect(document.documentElement).toHaveClass('overflow-hidden');
    // who is signed in, the language and the way out are in the drawer too
    expect(within(drawer).getByText('Dilnoza Karimova')).toBeVisible();
    expect(within(drawer).getByText('Владелец')).toBeVisible();
    expect(within(drawer).getByRole('group', { name: 'Язык' })).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Выйти' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    expect(document.documentElement).not.toHaveClass('overflow-hidden');
  });

  it('closes the drawer when a section is chosen, and shows that section', async () => {
    screenOf(390);
    const user = userEvent.setup();
    renderShell();

    await user.click(screen.getByRole('button', { name: 'Меню' }));
    const nav = screen.getByRole('navigation', { name: 'Bozor · управление' });
    await user.click(within(nav).getByRole('link', { name: 'Заказы' }));

    expect(screen.getByRole('heading', { name: 'Очередь заказов' })).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Меню' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Меню' })).toHaveFocus();
  });

  it('closes the drawer at a tap outside it', async () => {
    screenOf(390);
    const user = userEvent.setup();
    renderShell();

    await user.click(screen.getByRole('button', { name: 'Меню' }));
    // a tap on the backdrop lands on the dialog itself, not on anything inside it
    await user.click(screen.getByRole('dialog', { name: 'Меню' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Меню' })).toHaveFocus();
  });
});

describe('the back office on a desk', () => {
  it('keeps the navigation beside the page, in groups, with no menu button', () => {
    screenOf(1440);
    renderShell();

    expect(screen.queryByRole('button', { name: 'Меню' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Bozor · управление' });
    const sales = within(nav).getByRole('list', { name: 'Продажи' });
    expect(within(sales).getByRole('link', { name: 'Заказы' })).toBeVisible();
    const money = within(nav).getByRole('list', { name: 'Финансы' });
    expect(within(money).getByRole('link', { name: 'Скоринг' })).toBeVisible();
    const control = within(nav).getByRole('list', { name: 'Контроль' });
    expect(within(control).getByRole('link', { name: 'Журнал действий' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Сводка дня' })).toBeVisible();
  });

  it('shows a role only the groups it has sections in, and starts it at its first one', () => {
    screenOf(1440);
    renderShell('content_manager');

    const nav = screen.getByRole('navigation', { name: 'Bozor · управление' });
    expect(within(nav).queryByRole('list', { name: 'Продажи' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('list', { name: 'Финансы' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Заказы' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('list', { name: 'Ассортимент' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Список товаров' })).toBeVisible();
  });
});
