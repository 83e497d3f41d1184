import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsStaff, screenOf } from '../../test/support.tsx';
import { kitColumns } from './columns.tsx';
import { CardFact, GridOrCards } from './grid-or-cards.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Case {
  id: number;
  amount: number;
}
const kit = kitColumns<Case>();

function renderCases(rows: Case[]) {
  renderAsStaff(
    <GridOrCards
      label="Платежи"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[kit.money('amount', 'Сумма')]}
      card={(row) => (
        <>
          <strong>Платёж #{row.id}</strong>
          <CardFact label="Сумма">{row.amount}</CardFact>
        </>
      )}
      empty="Ничего не ждёт"
    />,
    { role: 'owner', path: '/payments' },
  );
}

describe("the kit's grid or cards", () => {
  it('is a grid on a desk', () => {
    screenOf(1440);
    renderCases([{ id: 41, amount: 100 }]);
    expect(screen.getByRole('table', { name: 'Платежи' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Сумма' })).toBeVisible();
  });

  it('lays each row out as its card on a phone', () => {
    screenOf(390);
    renderCases([{ id: 41, amount: 100 }]);
    const card = within(screen.getByRole('list', { name: 'Платежи' })).getByRole('listitem');
    expect(card).toHaveTextContent('Платёж #41');
    expect(card).toHaveTextContent('Сумма100');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when there is nothing, on a phone too', () => {
    screenOf(390);
    renderCases([]);
    expect(screen.getByText('Ничего не ждёт')).toBeVisible();
  });
});
