import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { makeScoring } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import {
  birthDateText,
  birthDateValue,
  incomeValue,
  PersonalForm,
} from '../components/personal-page.tsx';

function renderForm() {
  const onSaved = vi.fn();
  renderWithProviders(
    <>
      <PersonalForm onSaved={onSaved} />
      <Toaster />
    </>,
  );
  return { onSaved };
}

const surname = () => screen.getByRole('textbox', { name: 'Familiya' });
const givenName = () => screen.getByRole('textbox', { name: 'Ism' });
const patronymic = () => screen.getByRole('textbox', { name: 'Otasining ismi' });
const income = () => screen.getByRole('textbox', { name: /^Oylik daromad/ });
const passport = () => screen.getByRole('textbox', { name: 'Pasport seriyasi va raqami' });
const pinfl = () => screen.getByRole('textbox', { name: /JSHSHIR/ });
const birthDate = () => screen.getByRole('textbox', { name: "Tug'ilgan sana" });
const submit = () => screen.getByRole('button', { name: 'Davom etish' });
const errorOf = (control: HTMLElement) => {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

interface Typed {
  passport: string;
  pinfl: string;
  birthDate: string;
  surname?: string;
  givenName?: string;
  patronymic?: string;
  income?: string;
}

async function fill(values: Typed) {
  const user = userEvent.setup();
  const named = {
    surname: 'Aliyev',
    givenName: 'Karim',
    patronymic: 'Anvar o‘g‘li',
    income: '5000000',
    ...values,
  };
  for (const [control, text] of [
    [surname(), named.surname],
    [givenName(), named.givenName],
    [patronymic(), named.patronymic],
    [income(), named.income],
  ] as const) {
    await user.clear(control);
    if (text) await user.type(control, text);
  }
  await user.clear(passport());
  await user.type(passport(), values.passport);
  await user.clear(pinfl());
  await user.type(pinfl(), values.pinfl);
  await user.clear(birthDate());
  await user.type(birthDate(), values.birthDate);
  await user.click(submit());
}

describe('the birth date as typed', () => {
  it('is kept as YYYY-MM-DD once whole, and shown as DD.MM.YYYY', () => {
    expect(birthDateValue('1205')).toBe('12.05');
    expect(birthDateValue('12.05.1990')).toBe('1990-05-12');
    expect(birthDateText('1990-05-12')).toBe('12.05.1990');
    expect(birthDateText('12.05.19')).toBe('12.05.19');
  });
});

describe('the income as typed', () => {
  it('is kept as a number of sum, digits only, and nothing while empty', () => {
    expect(incomeValue('5 000 000')).toBe(5_000_000);
    expect(incomeValue('12a3')).toBe(123);
    expect(incomeValue('')).toBeUndefined();
  });
});

describe('the personal details form', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('names what is wrong under each field without asking the server', async () => {
    const fetchMock = stubApi({});
    renderForm();
    await userEvent.click(submit());
    for (const control of [surname(), givenName(), patronymic(), income()]) {
      expect(errorOf(control)).toBe("To'ldirish shart");
    }
    expect(errorOf(passport())).toBe("To'ldirish shart");
    expect(errorOf(pinfl())).toBe("To'ldirish shart");
    expect(errorOf(birthDate())).toBe("To'ldirish shart");

    await fill({ passport: 'a1234567', pinfl: '3120', birthDate: '31.02.1990' });
    expect(errorOf(passport())).toBe(
      "Pasport seriyasi 2 ta lotin harfi va 7 ta raqam bo'lishi kerak, masalan AA1234567",
    );
    expect(errorOf(pinfl())).toBe('JSHSHIR 14 ta raqamdan iborat');
    expect(errorOf(birthDate())).toBe("Tug'ilgan sana noto'g'ri");

    // under 18, and a PINFL whose digits name another birthday
    await fill({ passport: 'aa1234567', pinfl: '31205901234567', birthDate: '01.01.2020' });
    expect(errorOf(passport())).toBeUndefined();
    expect(errorOf(birthDate())).toBe("Muddatli to'lov 18 yoshdan 70 yoshgacha bo'lganlar uchun");
    await fill({ passport: 'AA1234567', pinfl: '31205901234567', birthDate: '13.05.1990' });
    expect(errorOf(pinfl())).toBe("JSHSHIR tug'ilgan sanaga mos kelmaydi");
    expect(fetchMock.mock.calls).toHaveLength(0);
  });

  it('asks the name as in the passport and an income within the bounds', async () => {
    const fetchMock = stubApi({});
    renderForm();
    await fill({
      surname: 'Aliyev2',
      givenName: 'K',
      patronymic: 'Anvar -o‘g‘li',
      income: '99999',
      passport: 'AA1234567',
      pinfl: '31205901234567',
      birthDate: '12.05.1990',
    });
    const nameRule =
      'Pasportdagidek yozing: 2–60 ta lotin yoki kirill harfi, apostrof va chiziqcha';
    expect(errorOf(surname())).toBe(nameRule);
    expect(errorOf(givenName())).toBe(nameRule);
    expect(errorOf(patronymic())).toBe(nameRule);
    expect(errorOf(income())).toBe(
      "Oylik daromad 100 000 dan 1 000 000 000 so'mgacha butun son bo'lishi kerak",
    );
    expect(fetchMock.mock.calls).toHaveLength(0);
  });

  it('types the passport in capitals and the PINFL in digits only', async () => {
    stubApi({});
    renderForm();
    await userEvent.type(passport(), 'ab 12-34567');
    expect(passport()).toHaveValue('AB1234567');
    await userEvent.type(pinfl(), '3120-5901x23456789');
    expect(pinfl()).toHaveValue('31205901234567');
    await userEvent.type(birthDate(), '12051990');
    expect(birthDate()).toHaveValue('12.05.1990');
    await userEvent.type(income(), '5000000 so‘m');
    expect(income()).toHaveValue('5 000 000');
  });

  it('sends the details it checked, then goes on', async () => {
    const fetchMock = stubApi({
      '/api/clients/add-birthday': {
        message: "Ma'lumotlar saqlandi",
        data: makeScoring({
          step: 'face',
          personal: {
            passport: 'AA*****67',
            pinfl: '31**********67',
            birth_date: '1990-05-12',
            surname: 'Алиев',
            given_name: 'Карим',
            patronymic: 'Анварович',
            monthly_income: 7_500_000,
          },
        }),
      },
    });
    const { onSaved } = renderForm();
    await fill({
      surname: ' Алиев',
      givenName: 'Карим',
      patronymic: 'Анварович ',
      income: '7 500 000',
      passport: 'aa1234567',
      pinfl: '31205901234567',
      birthDate: '12.05.1990',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await screen.findByText("Ma'lumotlar saqlandi")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/clients/add-birthday');
    expect(JSON.parse(String(init.body))).toEqual({
      surname: 'Алиев',
      given_name: 'Карим',
      patronymic: 'Анварович',
      passport: 'AA1234567',
      pinfl: '31205901234567',
      birth_date: '1990-05-12',
      monthly_income: 7_500_000,
    });
  });

  it("shows the server's field errors under their fields, and other failures as a toast", async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        message: "Ma'lumotlar noto'g'ri",
        code: 'VALIDATION_ERROR',
        errors: { passport: ['Bu pasport boshqa hisobga bog‘langan'] },
      },
    };
    stubApi({ '/api/clients/add-birthday': () => answer });
    const { onSaved } = renderForm();
    await fill({ passport: 'AA1234567', pinfl: '31205901234567', birthDate: '12.05.1990' });
    await waitFor(() => expect(errorOf(passport())).toBe('Bu pasport boshqa hisobga bog‘langan'));
    expect(passport()).toHaveFocus();

    answer = { status: 503, body: { message: 'Xizmat vaqtincha ishlamayapti', code: 'X' } };
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Xizmat vaqtincha ishlamayapti');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
