import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams } from '../../lib/list-params.ts';
import { renderAsStaff } from '../../test/support.tsx';
import { ChoiceFilter, DayRangeFilter, ListFilters, useTypedFilters } from './list-filters.tsx';

afterEach(cleanup);

function Filters() {
  const list = useListParams(['status', 'from', 'to'] as const);
  const { search } = useLocation();
  return (
    <>
      <ChoiceFilter
        list={list}
        name="status"
        label="Статус"
        choices={[
          ['new', 'Новые'],
          ['done', 'Готовые'],
        ]}
      />
      <DayRangeFilter
        list={list}
        from={{ name: 'from', label: 'С' }}
        to={{ name: 'to', label: 'По' }}
      />
      <output>{search}</output>
    </>
  );
}

function renderFilters(path = '/orders') {
  renderAsStaff(<Filters />, { role: 'owner', path });
}

describe("the kit's filters", () => {
  it('offer "all" and each choice, and put the chosen one in the address', async () => {
    const user = userEvent.setup();
    renderFilters('/orders?page=3');
    const status = screen.getByLabelText('Статус');
    expect(status).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Все',
      'Новые',
      'Готовые',
    ]);
    await user.selectOptions(status, 'Готовые');
    expect(screen.getByRole('status')).toHaveTextContent('?status=done');
  });

  it('read the chosen value back from the address', () => {
    renderFilters('/orders?status=new');
    expect(screen.getByLabelText('Статус')).toHaveValue('new');
  });

  it('keep a range of days from crossing itself', () => {
    renderFilters('/orders?from=2026-03-01&to=2026-03-31');
    expect(screen.getByLabelText('С')).toHaveAttribute('max', '2026-03-31');
    expect(screen.getByLabelText('По')).toHaveAttribute('min', '2026-03-01');
  });
});

function Search() {
  const list = useListParams(['q', 'status'] as const);
  const typing = useTypedFilters(list, ['q']);
  const { search } = useLocation();
  return (
    <>
      <ListFilters
        onSearch={() => list.setFilters({ q: typing.typed.q.trim() })}
        onReset={typing.reset}
      >
        <label>
          Поиск
          <input {...typing.field('q')} />
        </label>
      </ListFilters>
      <output>{search}</output>
    </>
  );
}

describe("the kit's typed filters", () => {
  it('keep what is typed off the address until Search', async () => {
    const user = userEvent.setup();
    renderAsStaff(<Search />, { role: 'owner', path: '/orders?status=new' });
    await user.type(screen.getByLabelText('Поиск'), ' 1024 ');
    expect(screen.getByRole('status')).toHaveTextContent('?status=new');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(screen.getByRole('status')).toHaveTextContent('?status=new&q=1024');
  });

  it('start from the address and empty with every filter on reset', async () => {
    const user = userEvent.setup();
    renderAsStaff(<Search />, { role: 'owner', path: '/orders?q=17&status=new' });
    expect(screen.getByLabelText('Поиск')).toHaveValue('17');
    await user.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(screen.getByLabelText('Поиск')).toHaveValue('');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
