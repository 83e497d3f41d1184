import { describe, expect, it } from 'vitest';
import {
  ageOn,
  CardAddBody,
  cardTypeOf,
  expiryIsCurrent,
  formatCardNumber,
  fullNameOf,
  maskDocument,
  PersonalDetailsBody,
  parseBirthDate,
  passesLuhn,
  pinflMatchesBirthDate,
} from '../src/index.ts';

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('card numbers', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('8600000000000007')).toBe(true);
    expect(passesLuhn('8600000000000005')).toBe(false);
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('86OO')).toBe(false);
  });

  it('knows Uzcard and Humo by their first digits while the number is typed', () => {
    expect(cardTypeOf('8600 12')).toBe('uzcard');
    expect(cardTypeOf('5614')).toBe('uzcard');
    expect(cardTypeOf('9860 1234')).toBe('humo');
    expect(cardTypeOf('4111')).toBeNull();
    expect(cardTypeOf('86')).toBeNull();
  });

  it('masks the typed number in groups of four', () => {
    expect(formatCardNumber('860012345678')).toBe('8600 1234 5678');
    expect(formatCardNumber('8600 1234 5678 9012 3456')).toBe('8600 1234 5678 9012');
  });

  it('takes an expiry as valid through the last day of its month', () => {
    const today = new Date(2026, 10, 23);
    expect(expiryIsCurrent('11/26', today)).toBe(true);
    expect(expiryIsCurrent('10/26', today)).toBe(false);
    expect(expiryIsCurrent('01/30', today)).toBe(true);
    expect(expiryIsCurrent('13/30', today)).toBeNull();
    expect(expiryIsCurrent('1/30', today)).toBeNull();
  });

  it('gives each bad card field its own rule', () => {
    const ok = CardAddBody.safeParse({ card_number: '8600 0000 0000 0007', expire_date: '12/39' });
    expect(ok.success && ok.data.card_number).toBe('8600000000000007');
    expect(
      fieldErrors(CardAddBody.safeParse({ card_number: '4111111111111111', expire_date: '01/20' })),
    ).toEqual({ card_number: 'card_type_unknown', expire_date: 'card_expired' });
    expect(
      fieldErrors(CardAddBody.safeParse({ card_number: '8600000000000005', expire_date: '1/2' })),
    ).toEqual({ card_number: 'card_number_invalid', expire_date: 'expire_date_invalid' });
    expect(fieldErrors(CardAddBody.safeParse({ card_number: '8600', expire_date: '' }))).toEqual({
      card_number: 'card_number_invalid',
      expire_date: 'field_required',
    });
  });
});

describe('identity documents', () => {
  it('reads real calendar days only', () => {
    expect(parseBirthDate('1990-02-28')).toEqual(new Date(Date.UTC(1990, 1, 28)));
    expect(parseBirthDate('1990-02-30')).toBeNull();
    expect(parseBirthDate('28.02.1990')).toBeNull();
  });

  it('counts a birthday on its day', () => {
    const birth = parseBirthDate('2008-11-23')!;
    expect(ageOn(birth, new Date(Date.UTC(2026, 10, 23)))).toBe(18);
    expect(ageOn(birth, new Date(Date.UTC(2026, 10, 22)))).toBe(17);
  });

  it('matches a PINFL to the birth date and century', () => {
    const birth = parseBirthDate('1990-05-12')!;
    expect(pinflMatchesBirthDate('31205900123456', birth)).toBe(true);
    expect(pinflMatchesBirthDate('41205900123456', birth)).toBe(true);
    expect(pinflMatchesBirthDate('51205900123456', birth)).toBe(false);
    expect(pinflMatchesBirthDate('31305900123456', birth)).toBe(false);
    expect(pinflMatchesBirthDate('51205000123456', parseBirthDate('2000-05-12')!)).toBe(true);
  });

  it('masks a document but its ends', () => {
    expect(maskDocument('AA1234567')).toBe('AA*****67');
    expect(maskDocument('31205900123456', 1, 3)).toBe('3**********456');
  });

  const named = {
    surname: 'Aliyev',
    given_name: 'Karim',
    patronymic: 'Anvarovich',
    monthly_income: 5_000_000,
  };

  it('names each bad personal detail under its field', () => {
    expect(
      PersonalDetailsBody.safeParse({
        ...named,
        passport: 'aa 1234567',
        pinfl: '31205900123456',
        birth_date: '1990-05-12',
      }).success,
    ).toBe(true);
    expect(
      fieldErrors(
        PersonalDetailsBody.safeParse({
          ...named,
          passport: 'A1234567',
          pinfl: '123',
          birth_date: '1990-13-01',
        }),
      ),
    ).toEqual({
      passport: 'passport_invalid',
      pinfl: 'pinfl_invalid',
      birth_date: 'birth_date_invalid',
    });
    expect(
      fieldErrors(
        PersonalDetailsBody.safeParse({
          ...named,
          passport: 'AA1234567',
          pinfl: '31205900123456',
          birth_date: '1990-05-13',
        }),
      ),
    ).toEqual({ pinfl: 'pinfl_birth_mismatch' });
    expect(
      fieldErrors(
        PersonalDetailsBody.safeParse({
          ...named,
          passport: 'AA1234567',
          pinfl: '31205400123456',
          birth_date: '1940-05-12',
        }),
      ),
    ).toEqual({ birth_date: 'age_out_of_range' });
  });

  it('takes the name as in the passport in Latin or Cyrillic, with oʻ, gʻ and hyphens', () => {
    const name = (surname: string, patronymic = 'Anvarovich') =>
      fieldErrors(
        PersonalDetailsBody.safeParse({
          ...named,
          surname,
          patronymic,
          passport: 'AA1234567',
          pinfl: '31205900123456',
          birth_date: '1990-05-12',
        }),
      );
    for (const good of [
      'Aliyev',
      'Алиев',
      'Ahmedova-Karimova',
      'Gʻulomov',
      'G‘ulomov',
      "G'ulomov",
      'Oʼrinov',
      'Ўроқов',
      'Ли',
    ]) {
      expect(name(good), good).toEqual({});
    }
    for (const bad of ['A', 'Aliyev2', '-Aliyev', "'Aliyev", 'Aliyev-', 'Ali yev', 'Aliyev!']) {
      expect(name(bad), bad).toEqual({ surname: 'name_invalid' });
    }
    expect(name('  ')).toEqual({ surname: 'field_required' });
    expect(name('A'.repeat(61))).toEqual({ surname: 'field_too_long' });
    expect(name('Aliyev', 'Anvar o‘g‘li')).toEqual({});
    expect(name('Aliyev', 'Карим  қизи')).toEqual({});
    expect(name('Aliyev', 'Anvar  ')).toEqual({});
    expect(name('Aliyev', 'Anvar -o‘g‘li')).toEqual({ patronymic: 'name_invalid' });
    const parsed = PersonalDetailsBody.parse({
      ...named,
      surname: ' Aliyev ',
      patronymic: 'Anvar   o‘g‘li',
      passport: 'AA1234567',
      pinfl: '31205900123456',
      birth_date: '1990-05-12',
    });
    expect([parsed.surname, parsed.patronymic]).toEqual(['Aliyev', 'Anvar o‘g‘li']);
  });

  it('takes a monthly income in whole sum from 100 000 to 1 000 000 000', () => {
    const income = (monthly_income: unknown) =>
      fieldErrors(
        PersonalDetailsBody.safeParse({
          ...named,
          monthly_income,
          passport: 'AA1234567',
          pinfl: '31205900123456',
          birth_date: '1990-05-12',
        }),
      );
    expect(income(100_000)).toEqual({});
    expect(income(1_000_000_000)).toEqual({});
    expect(income(undefined)).toEqual({ monthly_income: 'field_required' });
    for (const bad of [99_999, 1_000_000_001, 150_000.5, '5000000', Number.NaN]) {
      expect(income(bad), String(bad)).toEqual({ monthly_income: 'income_invalid' });
    }
  });

  it('writes the full name surname first, and none without one', () => {
    expect(fullNameOf({ surname: 'Aliyev', given_name: 'Karim', patronymic: 'Anvar o‘g‘li' })).toBe(
      'Aliyev Karim Anvar o‘g‘li',
    );
    expect(fullNameOf({ surname: null, given_name: null, patronymic: null })).toBeNull();
  });
});
