import type { DeliveryAddress } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { AddressForm } from '../components/address-form.tsx';

const REGIONS = [
  { id: 11, name: 'Toshkent shahri' },
  { id: 9, name: 'Samarqand viloyati' },
];
const DISTRICTS: Record<string, { id: number; name: string }[]> = {
  '/api/regions/district/11': [
    { id: 101, name: 'Chilonzor tumani' },
    { id: 102, name: 'Yunusobod tumani' },
  ],
  '/api/regions/district/9': [
    { id: 201, name: 'Samarqand shahri' },
    { id: 202, name: 'Urgut tumani' },
  ],
};

const saved: DeliveryAddress = {
  id: 5,
  region: { id: 9, name: 'Samarqand viloyati' },
  district: { id: 202, name: 'Urgut tumani' },
  address: "Navoiy ko'chasi, 12-uy",
  apartment: null,
  landmark: null,
  phone: '998901234567',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

function stubPlaces(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({ '/api/regions': { data: REGIONS }, ...mapDistricts(), ...extra });
}

function mapDistricts() {
  return Object.fromEntries(Object.entries(DISTRICTS).map(([url, data]) => [url, { data }]));
}

function renderForm(address: DeliveryAddress | null = null) {
  const onSaved = vi.fn();
  renderWithProviders(<AddressForm address={address} onSaved={onSaved} onCancel={() => {}} />);
  return { onSaved };
}

const regionSelect = () => screen.getByRole('combobox', { name: 'Viloyat' });
const districtSelect = () => screen.getByRole('combobox', { name: 'Tuman yoki shahar' });
const errorOf = (control: HTMLElement) => {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the address form', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('keeps the district select disabled until a region is chosen, then offers that region’s districts', async () => {
    stubPlaces();
    renderForm();
    const user = userEvent.setup();
    expect(districtSelect()).toBeDisabled();
    expect(within(districtSelect()).getByRole('option').textContent).toBe(
      'Avval viloyatni tanlang',
    );

    await screen.findByRole('option', { name: 'Samarqand viloyati' });
    await user.selectOptions(regionSelect(), '9');
    await waitFor(() => expect(districtSelect()).toBeEnabled());
    expect(
      within(districtSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tuman yoki shaharni tanlang', 'Samarqand shahri', 'Urgut tumani']);

    await user.selectOptions(districtSelect(), '202');
    await user.selectOptions(regionSelect(), '11');
    await waitFor(() =>
      expect(
        within(districtSelect()).getByRole('option', { name: 'Chilonzor tumani' }),
      ).toBeInTheDocument(),
    );
    expect(districtSelect()).toHaveValue('');
  });

  it('names every required field that is empty, without asking the server', async () => {
    const fetchMock = stubPlaces();
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));

    expect(errorOf(regionSelect())).toBe("To'ldirish shart");
    expect(errorOf(districtSelect())).toBe("To'ldirish shart");
    expect(errorOf(screen.getByRole('textbox', { name: "Ko'cha va uy" }))).toBe("To'ldirish shart");
    expect(errorOf(screen.getByRole('textbox', { name: 'Qabul qiluvchining telefoni' }))).toBe(
      "To'ldirish shart",
    );
    expect(regionSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: "Ko'cha va uy" }), 'ab');
    await user.type(screen.getByRole('textbox', { name: 'Qabul qiluvchining telefoni' }), '90123');
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));
    expect(errorOf(screen.getByRole('textbox', { name: "Ko'cha va uy" }))).toBe(
      "Ko'cha va uy raqamini yozing (kamida 3 ta belgi)",
    );
    expect(errorOf(screen.getByRole('textbox', { name: 'Qabul qiluvchining telefoni' }))).toBe(
      "Telefon raqami 998 va 9 ta raqamdan iborat bo'lishi kerak",
    );
  });

  it('prefills the phone the customer signed in with, masked after the fixed +998', async () => {
    localStorage.setItem('phone', '998935551122');
    stubPlaces();
    renderForm();
    expect(screen.getByRole('textbox', { name: 'Qabul qiluvchining telefoni' })).toHaveValue(
      '93 555 11 22',
    );
  });

  it("shows the server's field errors under their fields and sends the address it checked", async () => {
    let sent: unknown;
    stubPlaces({
      'POST /api/orders/delivery-addresses': (_url: string, init: RequestInit | undefined) => {
        sent = JSON.parse(String(init?.body));
        return {
          status: 400,
          body: {
            message: "Ma'lumotlar noto'g'ri",
            code: 'VALIDATION_ERROR',
            errors: { district_id: ["Tanlangan viloyatda bunday tuman yoki shahar yo'q"] },
          },
        };
      },
    });
    const { onSaved } = renderForm();
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Samarqand viloyati' });
    await user.selectOptions(regionSelect(), '9');
    await waitFor(() => expect(districtSelect()).toBeEnabled());
    await user.selectOptions(districtSelect(), '202');
    await user.type(
      screen.getByRole('textbox', { name: "Ko'cha va uy" }),
      "Navoiy ko'chasi, 12-uy",
    );
    await user.type(screen.getByRole('textbox', { name: /Xonadon/ }), '5');
    await user.type(
      screen.getByRole('textbox', { name: 'Qabul qiluvchining telefoni' }),
      '+998 90 123 45 67',
    );
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));

    await waitFor(() =>
      expect(errorOf(districtSelect())).toBe("Tanlangan viloyatda bunday tuman yoki shahar yo'q"),
    );
    expect(sent).toEqual({
      region_id: 9,
      district_id: 202,
      address: "Navoiy ko'chasi, 12-uy",
      apartment: '5',
      landmark: null,
      phone: '998901234567',
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('opens a saved address with its region and district chosen and saves the correction', async () => {
    let sent: { address?: string } | undefined;
    stubPlaces({
      'PUT /api/orders/delivery-addresses/5': (_url: string, init: RequestInit | undefined) => {
        sent = JSON.parse(String(init?.body));
        return { status: 200, body: { message: "Manzil o'zgartirildi", data: saved } };
      },
    });
    const success = vi.spyOn(toast, 'success');
    const { onSaved } = renderForm(saved);
    const user = userEvent.setup();
    await waitFor(() => expect(districtSelect()).toHaveValue('202'));
    expect(regionSelect()).toHaveValue('9');
    const street = screen.getByRole('textbox', { name: "Ko'cha va uy" });
    await user.clear(street);
    await user.type(street, "Registon ko'chasi, 3");
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent?.address).toBe("Registon ko'chasi, 3");
    expect(success).toHaveBeenCalledWith("Manzil o'zgartirildi");
  });
});
