import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PrepaymentModal } from '../components/prepayment-modal.tsx';
import { formatPrepayment, prepaymentDigits } from '../prepayment.ts';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

function renderModal(initial = 0, max = 5_000_000) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <PrepaymentModal open initial={initial} max={max} onSave={onSave} onClose={onClose} />,
  );
  return { onSave, onClose, field: screen.getByRole('textbox', { name: /Boshlang'ich to'lov/ }) };
}

describe('prepayment digits', () => {
  it('keeps digits only, at most ten, without leading zeros', () => {
    expect(prepaymentDigits('1a2 3-4')).toBe('1234');
    expect(prepaymentDigits('12345678901234')).toBe('1234567890');
    expect(prepaymentDigits('000')).toBe('0');
    expect(prepaymentDigits('0075')).toBe('75');
  });

  it('groups thousands with a space', () => {
    expect(formatPrepayment('1250000')).toBe('1 250 000');
    expect(formatPrepayment('')).toBe('');
  });
});

describe('PrepaymentModal', () => {
  it('groups the amount by thousands while it is typed and saves it', async () => {
    const user = userEvent.setup();
    const { field, onSave } = renderModal();
    await user.type(field, '1500000');
    expect(field).toHaveValue('1 500 000');
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));
    expect(onSave).toHaveBeenCalledWith(1_500_000);
  });

  it('ignores letters and stops at ten digits', async () => {
    const user = userEvent.setup();
    const { field } = renderModal(0, 99_999_999_999);
    await user.type(field, '12ab345678901');
    expect(field).toHaveValue('1 234 567 890');
  });

  it('shows over_price and disables Save above the sum due', async () => {
    const user = userEvent.setup();
    const { field, onSave } = renderModal(0, 2_000_000);
    await user.type(field, '2000001');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Summa to'lanadigan summadan oshmasligi kerak",
    );
    expect(screen.getByRole('button', { name: 'Saqlash' })).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '2000000');
    expect(screen.getByRole('button', { name: 'Saqlash' })).toBeEnabled();
  });

  it('closes without a change for 0 or an empty field', async () => {
    const user = userEvent.setup();
    const { field, onSave, onClose } = renderModal(300_000);
    expect(field).toHaveValue('300 000');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSave).not.toHaveBeenCalled();
  });
});
