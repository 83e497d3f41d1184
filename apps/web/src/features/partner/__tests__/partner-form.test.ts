import { formatLocalPhone } from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import { validatePartner } from '../components/partner-modal.tsx';

describe('become-a-partner form rules', () => {
  const good = {
    full_name: 'Aziz',
    phone: '901234567',
    store_name: 'Aziz Savdo',
    stir: '123456789',
  };

  it('accepts a complete application', () => {
    expect(validatePartner(good)).toEqual({});
  });

  it('names every empty field', () => {
    expect(validatePartner({ full_name: ' ', phone: '', store_name: '', stir: '' })).toEqual({
      full_name: 'field_required',
      phone: 'phone_invalid',
      store_name: 'field_required',
      stir: 'field_required',
    });
  });

  it('rejects a short phone and a stir that is not 9 to 14 digits', () => {
    expect(validatePartner({ ...good, phone: '90123' }).phone).toBe('phone_invalid');
    expect(validatePartner({ ...good, stir: '12345678' }).stir).toBe('stir_invalid');
    expect(validatePartner({ ...good, stir: '123456789012345' }).stir).toBe('stir_invalid');
  });

  it('shows the phone as 2-3-2-2 digits', () => {
    expect(formatLocalPhone('901234567')).toBe('90 123 45 67');
    expect(formatLocalPhone('9012')).toBe('90 12');
  });
});
