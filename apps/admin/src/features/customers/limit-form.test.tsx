import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { number } from '../../lib/format.ts';
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

/** Writes the reason and saves. */
async function saveWithReason(user: UserEvent, reason: string) {
  await user.type(screen.getByRole('textbox', { name: /причина/i }), reason);
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
}

describe('the limit form', () => {
  it('shows the sum in groups of three', () => {
    expect(renderForm().field).toHaveValue('10 000 000');
  });

  // a pasted sum as the hint shows the largest limit: no-break spaces and the currency
  it.each([
    { how: 'typed', text: '5000000', paste: false, limit: 5_000_000 },
    { how: 'pasted', text: '15\u00a0000\u00a0000 сум', paste: true, limit: 15_000_000 },
  ])('groups a sum $how once the field is left, and sends the number', async (sum) => {
    const user = userEvent.setup();
    const { field, onSubmit } = renderForm();
    await retype(user, field, sum.text, { paste: sum.paste });
    expect(field).toHaveValue(number(sum.limit));
    await saveWithReason(user, 'by the bureau');
    expect(onSubmit).toHaveBeenCalledWith({ limit: sum.limit, reason: 'by the bureau' });
  });

  it('leaves what is not a sum as typed, and says so', async () => {
    const user = userEvent.setup();
    const { field, onSubmit } = renderForm();
    await retype(user, field, '5 млн');
    expect(field).toHaveValue('5 млн');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).not.toHaveBeenCalled();
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
