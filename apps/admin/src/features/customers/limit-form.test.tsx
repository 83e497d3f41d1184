import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { retype } from '../../test/support.tsx';
import { LimitForm } from './customer-page.tsx';

afterEach(cleanup);

function renderForm(onSubmit = vi.fn()) {
  render(
    <I18nProvider>
      <LimitForm
        current={10_000_000}
        max={20_000_000}
        capText=""
        busy={false}
        error={null}
        onCancel={() => {}}
        onSubmit={onSubmit}
      />
    </I18nProvider>,
  );
  return { onSubmit, field: screen.getByRole('textbox', { name: /лимит/i }) };
}

describe('the limit form', () => {
  it('shows the sum in groups of three, and groups what is typed once the field is left', async () => {
    const user = userEvent.setup();
    const { field, onSubmit } = renderForm();
    expect(field).toHaveValue('10 000 000');
    await retype(user, field, '5000000');
    expect(field).toHaveValue('5 000 000');
    await user.type(screen.getByRole('textbox', { name: /причина/i }), 'by the bureau');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).toHaveBeenCalledWith({ limit: 5_000_000, reason: 'by the bureau' });
  });

  it('leaves what is not a sum as typed, and says so', async () => {
    const user = userEvent.setup();
    const { field, onSubmit } = renderForm();
    await retype(user, field, '5 млн');
    expect(field).toHaveValue('5 млн');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes a pasted sum, with the spaces and currency the shop prints, and sends the number', async () => {
    const user = userEvent.setup();
    const { field, onSubmit } = renderForm();
    // as the hint shows the largest limit: no-break spaces and the currency
    await retype(user, field, '15\u00a0000\u00a0000 сум', { paste: true });
    expect(field).toHaveValue('15 000 000');
    await user.type(screen.getByRole('textbox', { name: /причина/i }), 'by the bureau');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).toHaveBeenCalledWith({ limit: 15_000_000, reason: 'by the bureau' });
  });

  it('refuses a number written another way, and a sum above the largest allowed', async () => {
    const user = userEvent.setup();
    const { field, onSubmit } = renderForm();
    await retype(user, field, '1e7', { leave: false });
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите целую сумму от 0')).toBeVisible();
    await retype(user, field, '25000000');
    expect(field).toHaveValue('25 000 000');
    expect(await screen.findByText('Не больше 20 000 000 сум')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
