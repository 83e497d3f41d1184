import '@testing-library/jest-dom/vitest';
import { QuestionBody, type StaffRole } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { renderAsStaff, screenOf } from '../../test/support.tsx';
import { columnsFor } from '../data-table.tsx';
import { type FormField, orNull, ResourceForm, trimmed, valuesFrom } from './form.tsx';
import { ListPage } from './list-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

interface Branch {
  id: number;
  name: string;
  phone: string;
}
const col = columnsFor<Branch>();
const BRANCHES: Branch[] = [
  { id: 1, name: 'Chilonzor', phone: '+998 71 200 00 01' },
  { id: 2, name: 'Yunusobod', phone: '+998 71 200 00 02' },
];

/** A list of branches whose answer is `load`'s. */
function Branches({ load, onEdit }: { load: () => Promise<Branch[]>; onEdit?: () => void }) {
  const query = useQuery({ queryKey: ['branches'], queryFn: load });
  return (
    <ListPage
      title="Филиалы"
      writes={{
        permission: 'content.write',
        readOnly: 'Только просмотр',
        add: { label: 'Добавить', onClick: () => {} },
        actions: (row) => [
          { label: 'Изменить', name: `Изменить: ${row.name}`, onClick: onEdit ?? (() => {}) },
        ],
      }}
      query={query}
      columns={[
        col.accessor('name', { header: 'Название' }),
        col.accessor('phone', { header: 'Телефон' }),
      ]}
      label="Филиалы"
      empty="Филиалов пока нет"
    />
  );
}

function renderList(role: StaffRole, load: () => Promise<Branch[]>, onEdit?: () => void) {
  renderAsStaff(<Branches load={load} onEdit={onEdit} />, { role, path: '/content/branches' });
}

describe("the kit's list page", () => {
  it('shows a loading state, then the rows', async () => {
    screenOf(1440);
    renderList('owner', async () => BRANCHES);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка');
    const grid = await screen.findByRole('table', { name: 'Филиалы' });
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
  });

  it('says when there is nothing yet', async () => {
    screenOf(1440);
    renderList('owner', async () => []);
    expect(await screen.findByText('Филиалов пока нет')).toBeVisible();
  });

  it('shows a failed read with a way to try again, which reads again', async () => {
    screenOf(1440);
    const user = userEvent.setup();
    const load = vi.fn(async (): Promise<Branch[]> => {
      throw new Error('Сервер недоступен');
    });
    renderList('owner', load);
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    load.mockResolvedValueOnce(BRANCHES);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('table', { name: 'Филиалы' })).toBeVisible();
  });

  it('stacks the rows as cards on a phone, each with its actions', async () => {
    screenOf(390);
    const user = userEvent.setup();
    const onEdit = vi.fn();
    renderList('owner', async () => BRANCHES, onEdit);
    const cards = await screen.findByRole('list', { name: 'Филиалы' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Chilonzor');
    await user.click(within(first).getByRole('button', { name: 'Изменить: Chilonzor' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('gives a role that may write the add button and the rows’ actions', async () => {
    screenOf(1440);
    renderList('content_manager', async () => BRANCHES);
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Изменить: Yunusobod' })).toBeVisible();
    expect(screen.queryByText('Только просмотр')).not.toBeInTheDocument();
  });

  it('hides them from a role that only reads, and tells it so', async () => {
    screenOf(1440);
    renderList('viewer', async () => BRANCHES);
    const grid = await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Добавить' })).not.toBeInTheDocument();
    expect(within(grid).queryByRole('button')).not.toBeInTheDocument();
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.getByText('Только просмотр')).toBeVisible();
  });
});

type Question = Required<QuestionBody>;
const FIELDS: FormField<Question>[] = [
  { name: 'question_ru', label: 'faq.questionRu', maxLength: 300 },
  { name: 'question_uz', label: 'faq.questionUz', maxLength: 300 },
  { name: 'answer_ru', label: 'faq.answerRu', kind: 'area' },
  {
    name: 'answer_uz',
    label: 'faq.answerUz',
    kind: 'area',
    rules: { field_required: 'faq.answerUz' },
  },
  { name: 'is_published', label: 'content.publishedField', kind: 'check' },
];

function LanguageButton() {
  const { lang, setLang } = useI18n();
  return (
    <button type="button" onClick={() => setLang(lang === 'ru' ? 'uz' : 'ru')}>
      {lang}
    </button>
  );
}

function renderForm(save: (body: Question) => Promise<unknown>, row?: object) {
  renderAsStaff(
    <>
      <LanguageButton />
      <ResourceForm
        fields={FIELDS}
        row={row}
        defaults={{
          question_ru: '',
          question_uz: 'Qanday?',
          answer_ru: '',
          answer_uz: '',
          is_published: true,
        }}
        schema={QuestionBody}
        toBody={(values: Question) => ({
          ...values,
          question_ru: values.question_ru.trim(),
        })}
        save={save}
        onSaved={() => {}}
        onCancel={() => {}}
      />
    </>,
    { role: 'content_manager', path: '/content/faq' },
  );
}

describe("the kit's form", () => {
  it('says each broken rule of the shared schema under its field, sending nothing', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => ({}));
    renderForm(save);
    await user.type(screen.getByLabelText('Вопрос (ru)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(screen.getByLabelText('Вопрос (ru)')).toHaveAccessibleDescription('Обязательное поле');
    expect(screen.getByLabelText('Ответ (ru)')).toHaveAccessibleDescription('Обязательное поле');
    // a field may word a rule its own way
    expect(screen.getByLabelText('Ответ (uz)')).toHaveAccessibleDescription('Ответ (uz)');
    expect(screen.getByLabelText('Вопрос (uz)')).not.toHaveAccessibleDescription();
    expect(save).not.toHaveBeenCalled();
  });

  it('says the same rules in Uzbek when the language changes', async () => {
    const user = userEvent.setup();
    renderForm(async () => ({}));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByLabelText('Вопрос (ru)')).toHaveAccessibleDescription('Обязательное поле');

    await user.click(screen.getByRole('button', { name: 'ru' }));
    expect(screen.getByLabelText('Savol (ru)')).toHaveAccessibleDescription("To'ldirish shart");
    await act(async () => user.click(screen.getByRole('button', { name: 'uz' })));
  });

  it("sends the body when it keeps the rules, and shows the server's refusals", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new ApiError(422, 'Проверьте поля', 'VALIDATION', {
        fieldErrors: { question_ru: ['Такой вопрос уже есть'] },
      });
    });
    renderForm(save);
    await user.type(screen.getByLabelText('Вопрос (ru)'), ' Как оплатить? ');
    await user.type(screen.getByLabelText('Ответ (ru)'), 'Картой');
    await user.type(screen.getByLabelText('Ответ (uz)'), 'Karta bilan');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(save).toHaveBeenCalledWith({
      question_ru: 'Как оплатить?',
      question_uz: 'Qanday?',
      answer_ru: 'Картой',
      answer_uz: 'Karta bilan',
      is_published: true,
    });
    expect(await screen.findByText('Такой вопрос уже есть')).toBeVisible();
  });

  it("starts from a row's own values, keeping a default where the row has none", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => ({}));
    const row = { id: 7, question_ru: 'Где забрать?', question_uz: null, answer_uz: 'Filialda' };
    renderForm(save, { ...row, answer_ru: 'В филиале', is_published: false });
    expect(screen.getByLabelText('Вопрос (ru)')).toHaveValue('Где забрать?');
    expect(screen.getByLabelText('Вопрос (uz)')).toHaveValue('Qanday?');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const [[sent]] = save.mock.calls as unknown as [[Question]];
    expect(sent).not.toHaveProperty('id');
    expect(sent.is_published).toBe(false);
  });
});

describe("a form's values", () => {
  it("are the row's where it has them, else the blanks, and nothing else of the row", () => {
    const blanks = { name: '', phone: '', link: '/', shown: true };
    expect(valuesFrom(null, blanks)).toEqual(blanks);
    expect(valuesFrom({ id: 3, name: 'Chilonzor', phone: null, shown: false }, blanks)).toEqual({
      name: 'Chilonzor',
      phone: '',
      link: '/',
      shown: false,
    });
  });

  it('are sent with their texts trimmed, an optional empty one as null', () => {
    expect(trimmed({ name: ' Chilonzor ', position: 2, shown: true })).toEqual({
      name: 'Chilonzor',
      position: 2,
      shown: true,
    });
    expect(orNull('  ')).toBeNull();
    expect(orNull(' /sale ')).toBe('/sale');
  });
});
