import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderAsStaff } from '../../test/support.tsx';
import { TextForm } from './text-form.tsx';

afterEach(cleanup);

function renderNote(error: Error | null, onSubmit = vi.fn()) {
  renderAsStaff(
    <TextForm
      name="note"
      label="Заметка"
      hint="Покупатель её не увидит"
      initial="  Курьер "
      maxLength={500}
      check={(text) => (text.length >= 3 ? undefined : 'Не короче 3 символов')}
      submit="Принять"
      busy={false}
      error={error}
      onCancel={() => {}}
      onSubmit={onSubmit}
    />,
    { role: 'owner', path: '/returns' },
  );
  return onSubmit;
}

describe("the kit's form of one text", () => {
  it('sends the text trimmed, after its hint and from what it started with', async () => {
    const user = userEvent.setup();
    const onSubmit = renderNote(null);
    expect(screen.getByText('Покупатель её не увидит')).toBeVisible();
    expect(screen.getByLabelText('Заметка')).toHaveValue('  Курьер ');
    await user.click(screen.getByRole('button', { name: 'Принять' }));
    expect(onSubmit).toHaveBeenCalledWith('Курьер');
  });

  it('says under the field why the text cannot go, sending nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderNote(null);
    await user.clear(screen.getByLabelText('Заметка'));
    await user.type(screen.getByLabelText('Заметка'), ' a ');
    await user.click(screen.getByRole('button', { name: 'Принять' }));
    expect(screen.getByLabelText('Заметка')).toHaveAccessibleDescription('Не короче 3 символов');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says the server's refusal of the field under it, and any other above the buttons", () => {
    renderNote(
      new ApiError(422, 'Проверьте поля', 'VALIDATION', {
        fieldErrors: { note: ['Слишком длинно'] },
      }),
    );
    expect(screen.getByLabelText('Заметка')).toHaveAccessibleDescription('Слишком длинно');
    expect(screen.queryByText('Проверьте поля')).not.toBeInTheDocument();
    cleanup();
    renderNote(new ApiError(409, 'Возврат уже решён', 'RETURN_DECIDED'));
    expect(screen.getByRole('alert')).toHaveTextContent('Возврат уже решён');
  });
});
