import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAsStaff } from '../../test/support.tsx';
import { Tabs } from './tabs.tsx';

afterEach(cleanup);

const STATES = ['requested', 'accepted', 'rejected'] as const;
const TEXT = { requested: 'Ждут решения', accepted: 'Приняты', rejected: 'Отклонены' };

function States({ look }: { look?: 'line' | 'pills' }) {
  const [chosen, setChosen] = useState<(typeof STATES)[number]>('requested');
  return (
    <Tabs
      label="Возвраты"
      values={STATES}
      chosen={chosen}
      text={(state) => TEXT[state]}
      onChoose={setChosen}
      look={look}
    />
  );
}

describe("the kit's tabs", () => {
  it('names the row and marks the chosen tab', () => {
    renderAsStaff(<States />, { role: 'owner', path: '/returns' });
    const row = screen.getByRole('tablist', { name: 'Возвраты' });
    expect(row).toHaveClass('border-b');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Ждут решения',
      'Приняты',
      'Отклонены',
    ]);
    expect(screen.getByRole('tab', { name: 'Ждут решения' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Приняты' })).toHaveAttribute('aria-selected', 'false');
  });

  it('chooses a tab by click or from the keyboard', async () => {
    const user = userEvent.setup();
    renderAsStaff(<States look="pills" />, { role: 'owner', path: '/returns' });
    await user.click(screen.getByRole('tab', { name: 'Приняты' }));
    expect(screen.getByRole('tab', { name: 'Приняты' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Приняты' })).toHaveClass('bg-primary');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Отклонены' })).toHaveAttribute('aria-selected', 'true');
  });
});
