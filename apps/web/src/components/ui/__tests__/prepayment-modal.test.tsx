import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogMethods } from '../../../test/orders.ts';
import { PrepaymentModal, prepaymentDigits } from '../prepayment-modal.tsx';

beforeAll(installDialogMethods);

function renderModal(value = 0, max = 5_000_000) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(<PrepaymentModal open value={value} max={max} onSave={onSave} onClose={onClose} />);
  const input = screen.getByLabelText("Boshlang'ich to'lov summasi");
  const save = screen.getByRole('button', { name: 'Saqlash' });
  return { onSave, onClose, input, save };
}

describe('the prepayment modal (SPEC §5)', () => {
  it('keeps digits only, at most ten', () => {
    expect(prepaymentDigits('12a 3-4')).toBe('1234');
    expect(prepaymentDigits('123456789012')).toBe('1234567890');
    expect(prepaymentDigits('000500')).toBe('500');
  });

  it('groups thousands with a space while typing and ignores letters', async () => {
    const { input } = renderModal();
    await userEvent.type(input, '12ab5000');
    expect(input).toHaveValue('125 000');
    await userEvent.type(input, '99999999');
    expect(input).toHaveValue('1 250 009 999');
  });

  it('starts from the prepayment now', () => {
    const { input } = renderModal(300_000);
    expect(input).toHaveValue('300 000');
  });

  it('says "over_price" and disables Save above the debt', async () => {
    const { input, save, onSave } = renderModal(0, 1_000_000);
    await userEvent.type(input, '1000001');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Summa to'lanadigan summadan oshmasligi kerak",
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(input, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('closes without a change on 0 or an empty field', async () => {
    const empty = renderModal(200_000);
    await userEvent.clear(empty.input);
    await userEvent.click(empty.save);
    expect(empty.onClose).toHaveBeenCalledTimes(1);
    expect(empty.onSave).not.toHaveBeenCalled();
  });

  it('closes without a change on 0', async () => {
    const zero = renderModal();
    await userEvent.type(zero.input, '0');
    await userEvent.click(zero.save);
    expect(zero.onClose).toHaveBeenCalledTimes(1);
    expect(zero.onSave).not.toHaveBeenCalled();
  });

  it('hands a valid amount to onSave', async () => {
    const { input, save, onSave, onClose } = renderModal(0, 1_000_000);
    await userEvent.type(input, '750000');
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(750_000);
    expect(onClose).not.toHaveBeenCalled();
  });
});
