import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { CardForm } from '../components/card-form.tsx';

const added = { card_id: 7, phone: '99890*****67', wait: 60 };

function renderForm() {
  const onAdded = vi.fn();
  renderWithProviders(
    <>
      <CardForm onAdded={onAdded} />
      <Toaster />
    </>,
  );
  return { onAdded };
}

const numberInput = () => screen.getByRole('textbox', { name: 'Karta raqami' });
const expiryInput = () => screen.getByRole('textbox', { name: 'Amal qilish muddati' });
const errorOf = (control: HTMLElement) => {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the card form', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('groups the number by four, shows the scheme from the first digits and masks the expiry', async () => {
    stubApi({});
    renderForm();
    const user = userEvent.setup();
    await user.type(numberInput(), '8600');
    expect(screen.getByRole('img', { name: 'Uzcard' })).toBeInTheDocument();
    await user.type(numberInput(), 'ab1111111111109');
    expect(numberInput()).toHaveValue('8600 1111 1111 1110');

    await user.clear(numberInput());
    expect(screen.queryByRole('img', { name: 'Uzcard' })).not.toBeInTheDocument();
    await user.type(numberInput(), '9860 1111');
    expect(screen.getByRole('img', { name: 'Humo' })).toBeInTheDocument();

    await user.type(expiryInput(), '1228');
    expect(expiryInput()).toHaveValue('12/28');
    await user.type(expiryInput(), '{Backspace}{Backspace}');
    expect(expiryInput()).toHaveValue('12');
  });

  it('names what is wrong under each field without asking the server', async () => {
    const fetchMock = stubApi({});
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kodni olish' }));
    expect(errorOf(numberInput())).toBe("To'ldirish shart");
    expect(errorOf(expiryInput())).toBe("To'ldirish shart");
    expect(numberInput()).toHaveAttribute('aria-invalid', 'true');

    await user.type(numberInput(), '8600111111111111');
    await user.type(expiryInput(), '1320');
    await user.click(screen.getByRole('button', { name: 'Kodni olish' }));
    expect(errorOf(numberInput())).toBe("Karta raqami noto'g'ri: 16 ta raqamni tekshiring");
    expect(errorOf(expiryInput())).toBe("Amal qilish muddatini OO/YY ko'rinishida yozing");

    await user.clear(numberInput());
    await user.type(numberInput(), '4111111111111111');
    await user.clear(expiryInput());
    await user.type(expiryInput(), '0120');
    await user.click(screen.getByRole('button', { name: 'Kodni olish' }));
    expect(errorOf(numberInput())).toBe(
      'Faqat Uzcard (8600, 5614) va Humo (9860) kartalari qabul qilinadi',
    );
    expect(errorOf(expiryInput())).toBe('Kartaning muddati tugagan');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('sends the digits and the expiry, and hands on the card awaiting its code', async () => {
    const fetchMock = stubApi({
      '/api/cards/add': { message: 'Kod yuborildi', data: added },
    });
    const { onAdded } = renderForm();
    const user = userEvent.setup();
    await user.type(numberInput(), '8600111111111110');
    await user.type(expiryInput(), '1230');
    await user.click(screen.getByRole('button', { name: 'Kodni olish' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(added));
    const [, init] = posts(fetchMock)[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      card_number: '8600111111111110',
      expire_date: '12/30',
    });
  });

  it("shows the server's field errors under their fields and other refusals as a toast", async () => {
    let answer = {
      status: 400,
      body: {
        message: "Ma'lumotlar noto'g'ri",
        code: 'VALIDATION_ERROR',
        errors: { card_number: ['Karta bloklangan'] },
      },
    };
    stubApi({ '/api/cards/add': () => answer });
    const { onAdded } = renderForm();
    const user = userEvent.setup();
    await user.type(numberInput(), '8600444444444449');
    await user.type(expiryInput(), '1230');
    await user.click(screen.getByRole('button', { name: 'Kodni olish' }));
    await waitFor(() => expect(errorOf(numberInput())).toBe('Karta bloklangan'));
    expect(numberInput()).toHaveFocus();

    answer = {
      status: 503,
      body: { message: "To'lov tizimi javob bermayapti", code: 'GATEWAY_UNAVAILABLE' },
    } as typeof answer;
    await user.click(screen.getByRole('button', { name: 'Kodni olish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("To'lov tizimi javob bermayapti");
    expect(onAdded).not.toHaveBeenCalled();
  });
});
