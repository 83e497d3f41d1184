import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HeadRow } from './head-row.tsx';

afterEach(cleanup);

describe("a table's headings", () => {
  it('name each column in order, an empty heading for a column of buttons', () => {
    render(
      <table>
        <HeadRow
          className="text-xs"
          headings={[
            ['Дата', 'pr-3'],
            ['Сумма', 'text-right'],
            [null, 'w-32'],
          ]}
        />
      </table>,
    );
    const headings = screen.getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual(['Дата', 'Сумма', '']);
    expect(headings[1]).toHaveClass('text-right');
    expect(headings[0]).toHaveAttribute('scope', 'col');
  });
});
