import type { Guarantor } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { GuarantorsStep } from '../components/guarantors-step.tsx';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const TYPES = [
  { id: 1, name: 'Ota-ona' },
  { id: 2, name: 'Turmush o‘rtog‘i' },
  { id: 3, name: 'Do‘st' },
];
const person = (id: number, full_name: string): Guarantor => ({
  id,
  full_name,
  phone: '998901112233',
  relative_type: TYPES[0]!,
});

/** A server keeping the contact persons in a list the test can read. */
function stubGuarantors(initial: Guarantor[]) {
  let list = [...initial];
  const fetchMock = stubApi({
    '/api/clients/relative-types': { data: TYPES },
    'GET /api/clients/guarantors': () => ({ status: 200, body: { data: list } }),
    'POST /api/clients/add-guarantor': (_url: string, init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body));
      const added: Guarantor = {
        id: 100 + list.length,
        full_name: body.full_name,
        phone: body.phone,
        relative_type: TYPES.find((t) => t.id === body.relative_type_id)!,
      };
      list = [...list, added];
      return { status: 200, body: { message: "Ishonchli shaxs qo'shildi", data: added } };
    },
    'DELETE /api/clients/guarantor/1': () => {
      list = list.filter((g) => g.id !== 1);
      return { status: 200, body: { message: "Ishonchli shaxs o'chirildi" } };
    },
  });
  return { fetchMock, list: () => list };
}

function renderStep() {
  renderWithProviders(
    <>
      <GuarantorsStep />
      <Toaster />
    </>,
  );
}

const form = () => screen.getByRole('form', { name: "Ishonchli shaxs qo'shish" });
const errorOf = (control: HTMLElement) => {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the contact persons step', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('checks the form, then adds a person with a masked +998 phone and their relation', async () => {
    const { fetchMock } = stubGuarantors([]);
    renderStep();
    const user = userEvent.setup();
    expect(await screen.findByText("Qo'shilgan: 0 / 3")).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Do‘st' });

    await user.click(within(form()).getByRole('button', { name: "Qo'shish" }));
    const name = within(form()).getByRole('textbox', { name: 'F.I.Sh.' });
    const phone = within(form()).getByRole('textbox', { name: 'Telefon raqami' });
    const relation = within(form()).getByRole('combobox', { name: "Sizga kim bo'ladi" });
    expect(errorOf(name)).toBe("To'ldirish shart");
    expect(errorOf(phone)).toBe("To'ldirish shart");
    expect(errorOf(relation)).toBe('Qarindoshlik turini tanlang');

    await user.type(name, 'Karimova Dilnoza');
    await user.type(phone, '+998 (90) 765-43-21');
    expect(phone).toHaveValue('90 765 43 21');
    await user.selectOptions(relation, '3');
    await user.click(within(form()).getByRole('button', { name: "Qo'shish" }));

    expect(await screen.findByRole('article', { name: 'Karimova Dilnoza' })).toHaveTextContent(
      'Do‘st · +99890 765 43 21',
    );
    expect(screen.getByText("Ishonchli shaxs qo'shildi")).toBeInTheDocument();
    expect(screen.getByText("Qo'shilgan: 1 / 3")).toBeInTheDocument();
    expect(within(form()).getByRole('textbox', { name: 'F.I.Sh.' })).toHaveValue('');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      full_name: 'Karimova Dilnoza',
      phone: '998907654321',
      relative_type_id: 3,
    });
  });

  it('shows the server’s field error under its field', async () => {
    stubApi({
      '/api/clients/relative-types': { data: TYPES },
      'GET /api/clients/guarantors': { data: [] },
      'POST /api/clients/add-guarantor': () => ({
        status: 422,
        body: {
          message: "Ma'lumotlar noto'g'ri",
          code: 'VALIDATION_ERROR',
          errors: { phone: ['Bu sizning raqamingiz: boshqa kishini kiriting'] },
        },
      }),
    });
    renderStep();
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Ota-ona' });
    await user.type(screen.getByRole('textbox', { name: 'F.I.Sh.' }), 'Aliyev Anvar');
    await user.type(screen.getByRole('textbox', { name: 'Telefon raqami' }), '901234567');
    await user.selectOptions(screen.getByRole('combobox', { name: "Sizga kim bo'ladi" }), '1');
    await user.click(screen.getByRole('button', { name: "Qo'shish" }));
    await waitFor(() =>
      expect(errorOf(screen.getByRole('textbox', { name: 'Telefon raqami' }))).toBe(
        'Bu sizning raqamingiz: boshqa kishini kiriting',
      ),
    );
  });

  it('deletes a person only after the customer confirms', async () => {
    const { fetchMock } = stubGuarantors([person(1, 'Aliyev Anvar'), person(2, 'Karimov Bobur')]);
    renderStep();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "«Aliyev Anvar»ni o'chirish" }));
    const dialog = screen.getByRole('dialog', { name: "Ishonchli shaxs o'chirilsinmi?" });
    await user.click(within(dialog).getByRole('button', { name: 'Bekor qilish' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: "«Aliyev Anvar»ni o'chirish" }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Ishonchli shaxs o'chirilsinmi?" })).getByRole(
        'button',
        { name: "O'chirish" },
      ),
    );
    expect(await screen.findByText("Ishonchli shaxs o'chirildi")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Aliyev Anvar' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Karimov Bobur' })).toBeInTheDocument();
  });

  it('offers no form once three persons are given', async () => {
    stubGuarantors([person(1, 'A A A'), person(2, 'B B B'), person(3, 'C C C')]);
    renderStep();
    expect(
      await screen.findByText("Ko'pi bilan 3 ta ishonchli shaxs qo'shish mumkin"),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
