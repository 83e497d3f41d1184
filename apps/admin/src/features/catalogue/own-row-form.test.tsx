import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../../components/ui.tsx';
import { ok, stubApi } from '../../test/api.ts';
import { renderAsStaff } from '../../test/support.tsx';
import { type NamedValues, namedDefaults, OwnRowForm } from './parts.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Values extends NamedValues {
  image: string | null;
  position: string;
}

function CollectionForm({
  row,
  onDone,
}: {
  row?: NamedValues & { id: number };
  onDone: () => void;
}) {
  const form = useForm<Values>({
    defaultValues: { ...namedDefaults(row), image: null, position: '3' },
  });
  return (
    <OwnRowForm
      dictionary="collections"
      row={row}
      form={form}
      picture="collection"
      toBody={(v) => ({ position: Number(v.position) })}
      onDone={onDone}
    >
      {(server) => (
        <TextField label="Позиция" error={server.position?.[0]} {...form.register('position')} />
      )}
    </OwnRowForm>
  );
}

describe("a catalogue row's form of its own", () => {
  it('asks for both names, fills the slug from the Uzbek one and creates the row', async () => {
    const api = stubApi({ 'POST /product-collections': ok({ message: 'ok', data: {} }) });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderAsStaff(<CollectionForm onDone={onDone} />, { role: 'owner', path: '/catalogue' });

    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(3);
    expect(api.count('POST /product-collections')).toBe(0);

    await user.type(screen.getByLabelText('Название (узб.)'), ' Yangi kolleksiya ');
    await user.tab();
    expect(screen.getByLabelText('Адрес (slug)')).toHaveValue('yangi-kolleksiya');
    await user.type(screen.getByLabelText('Название (рус.)'), 'Новая подборка');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.bodiesOf('POST /product-collections')).toEqual([
      {
        name_uz: 'Yangi kolleksiya',
        name_ru: 'Новая подборка',
        slug: 'yangi-kolleksiya',
        image: null,
        position: 3,
      },
    ]);
  });

  it("changes a row, and shows the server's refusals under their fields", async () => {
    stubApi({
      'PATCH /product-collections/4': {
        status: 422,
        body: { message: 'Проверьте поля', errors: { slug: ['Адрес занят'], position: ['Мало'] } },
      },
    });
    const user = userEvent.setup();
    const row = { id: 4, name_uz: 'Chegirmalar', name_ru: 'Скидки', slug: 'chegirmalar' };
    renderAsStaff(<CollectionForm row={row} onDone={() => {}} />, {
      role: 'owner',
      path: '/catalogue',
    });
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Адрес занят')).toBeVisible();
    expect(screen.getByText('Мало')).toBeVisible();
  });
});
