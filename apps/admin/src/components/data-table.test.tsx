import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n.tsx';
import { screenOf } from '../test/support.tsx';
import { columnsFor, DataTable, type GridColumns } from './data-table.tsx';
import { Button } from './ui.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Member {
  id: number;
  name: string;
  role: string;
  phone: string;
}
const col = columnsFor<Member>();
const rows: Member[] = [
  { id: 1, name: 'Dilnoza Karimova', role: 'Оператор', phone: '+998901234567' },
  { id: 2, name: 'Aziz Rahimov', role: 'Кредитный специалист', phone: '+998935550011' },
];

function renderGrid(onEdit: (member: Member) => void, columns?: GridColumns<Member>) {
  render(
    <I18nProvider>
      <DataTable
        label="Сотрудники"
        empty="Никого нет"
        rows={rows}
        columns={
          columns ?? [
            col.accessor('name', { header: 'Имя' }),
            col.accessor('role', { header: 'Роль' }),
            col.accessor('phone', {
              header: () => <span className="block text-right">Телефон</span>,
            }),
            col.display({
              id: 'actions',
              header: () => <span className="sr-only">Действия</span>,
              cell: (info) => (
                <Button onClick={() => onEdit(info.row.original)}>
                  Изменить: {info.row.original.name}
                </Button>
              ),
            }),
          ]
        }
      />
    </I18nProvider>,
  );
}

/** The grid on a screen `width` pixels wide, with a spy for its edit action. */
function renderGridOn(width: number) {
  screenOf(width);
  const onEdit = vi.fn();
  const user = userEvent.setup();
  renderGrid(onEdit);
  return { onEdit, user };
}

describe('a grid on a phone', () => {
  it('shows each row as a card: the first column its title, the others as lines, the actions at the bottom', async () => {
    const { onEdit, user } = renderGridOn(390);

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Сотрудники' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first] = cards as [HTMLElement];
    expect(first.firstElementChild).toHaveTextContent('Dilnoza Karimova');
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Роль', 'Телефон']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Оператор', '+998901234567']);
    const edit = within(first).getByRole('button', { name: 'Изменить: Dilnoza Karimova' });
    expect(first.lastElementChild).toContainElement(edit);

    await user.click(edit);
    expect(onEdit).toHaveBeenCalledWith(rows[0]);
  });

  it('takes the title and the actions a column names for itself', () => {
    screenOf(390);
    renderGrid(vi.fn(), [
      col.accessor('id', { header: '№', meta: { card: 'line' } }),
      col.accessor('name', { header: 'Имя', meta: { card: 'title' } }),
      col.accessor('phone', {
        header: 'Телефон',
        meta: { card: 'action' },
        cell: (info) => <a href={`tel:${info.getValue()}`}>Позвонить</a>,
      }),
    ]);

    const [, second] = within(screen.getByRole('list', { name: 'Сотрудники' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement];
    expect(second.firstElementChild).toHaveTextContent('Aziz Rahimov');
    expect(within(second).getByRole('term')).toHaveTextContent('№');
    expect(within(second).getByRole('definition')).toHaveTextContent('2');
    expect(second.lastElementChild).toContainElement(
      within(second).getByRole('link', { name: 'Позвонить' }),
    );
  });
});

describe('a grid on a desk', () => {
  it('is a table with the same rows and actions', async () => {
    const { onEdit, user } = renderGridOn(1440);

    const table = screen.getByRole('table', { name: 'Сотрудники' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Изменить: Aziz Rahimov' }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
  });
});
