import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modalDialogs, renderAsStaff } from '../../test/support.tsx';
import { SubjectDialog } from './subject-dialog.tsx';

beforeAll(modalDialogs);
afterEach(cleanup);

/** A list of two payments, each with a button opening a dialog with a note field about it. */
function Payments() {
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <>
      {[41, 42].map((id) => (
        <button key={id} type="button" onClick={() => setChosen(id)}>
          Платёж #{id}
        </button>
      ))}
      <SubjectDialog
        subject={chosen}
        title={(id) => `Закрыть платёж #${id}`}
        onClose={() => setChosen(null)}
      >
        {(id) => (
          <label>
            Заметка к #{id}
            <input />
          </label>
        )}
      </SubjectDialog>
    </>
  );
}

describe("the kit's dialog about one thing", () => {
  it('is closed while there is nothing chosen', () => {
    renderAsStaff(<Payments />, { role: 'owner', path: '/payments' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens titled after what was chosen, with a body made for it', async () => {
    const user = userEvent.setup();
    renderAsStaff(<Payments />, { role: 'owner', path: '/payments' });
    await user.click(screen.getByRole('button', { name: 'Платёж #42' }));
    expect(screen.getByRole('dialog', { name: 'Закрыть платёж #42' })).toBeVisible();
    expect(screen.getByLabelText('Заметка к #42')).toBeVisible();
  });

  it('starts its form afresh once closed and opened again', async () => {
    const user = userEvent.setup();
    renderAsStaff(<Payments />, { role: 'owner', path: '/payments' });
    await user.click(screen.getByRole('button', { name: 'Платёж #41' }));
    await user.type(screen.getByLabelText('Заметка к #41'), 'оплачено');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Платёж #41' }));
    expect(screen.getByLabelText('Заметка к #41')).toHaveValue('');
  });
});
