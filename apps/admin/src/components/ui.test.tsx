import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { modalDialogs, renderAsStaff } from '../test/support.tsx';
import { ChoiceField, choicesOf, Facts, TextArea, useModalDialog } from './ui.tsx';

beforeAll(modalDialogs);

afterEach(cleanup);

const REGIONS = [
  { id: 11, name: 'город Ташкент' },
  { id: 12, name: 'Ташкентская область' },
];

describe('a select of choices', () => {
  it('offers nothing first, then each choice in order, and says its refusal', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderAsStaff(
      <ChoiceField
        label="Регион"
        none="Выберите регион"
        choices={choicesOf(REGIONS)}
        error="Выберите регион"
        onChange={(event) => onChange(event.target.value)}
      />,
      { role: 'owner', path: '/delivery' },
    );
    const select = screen.getByLabelText('Регион');
    expect(select).toHaveAccessibleDescription('Выберите регион');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Выберите регион',
      'город Ташкент',
      'Ташкентская область',
    ]);
    await user.selectOptions(select, '12');
    expect(onChange).toHaveBeenCalledWith('12');
  });

  it('has no choices while the rows load', () => {
    expect(choicesOf(undefined)).toEqual([]);
  });
});

describe('a labelled text area', () => {
  it('is described by its hint until it is refused', () => {
    renderAsStaff(<TextArea label="Заметка" hint="Видят только сотрудники" />, {
      role: 'owner',
      path: '/payments',
    });
    const area = screen.getByLabelText('Заметка');
    expect(area).toHaveAccessibleDescription('Видят только сотрудники');
    expect(area).toHaveAttribute('rows', '3');
    expect(area).not.toHaveAttribute('aria-invalid');
  });
});

describe('facts', () => {
  it('pair each label with its value, a dash for none, set right in a side column', () => {
    renderAsStaff(
      <Facts
        side
        items={[
          ['Срок', '12 месяцев'],
          ['Договор', null],
        ]}
      />,
      { role: 'owner', path: '/credits/1' },
    );
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Срок',
      'Договор',
    ]);
    const [term, none] = screen.getAllByRole('definition');
    expect(term).toHaveTextContent('12 месяцев');
    expect(term).toHaveClass('text-right');
    expect(none).toHaveTextContent('—');
  });
});

function Sheet({ onShow }: { onShow: (dialog: HTMLDialogElement) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open, onShow);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Меню
      </button>
      <dialog ref={ref} aria-label="Разделы" onClose={() => setOpen(false)}>
        <button type="button" onClick={() => setOpen(false)}>
          Закрыть
        </button>
      </dialog>
    </>
  );
}

describe('a modal dialog', () => {
  it('opens while asked to, telling as it opens, and closes when no longer asked', async () => {
    const onShow = vi.fn((dialog: HTMLDialogElement) => dialog.querySelector('button')?.focus());
    const user = userEvent.setup();
    renderAsStaff(<Sheet onShow={onShow} />, { role: 'owner', path: '/' });
    const sheet = screen.getByRole('dialog', { hidden: true });
    expect(sheet).not.toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    expect(sheet).toHaveAttribute('open');
    expect(onShow).toHaveBeenCalledWith(sheet);
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(sheet).not.toHaveAttribute('open');
  });
});
