import type { ClientInfo } from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import { installmentPath } from './get-client-info.ts';

const info = (isScoring: boolean) =>
  ({ phone: '998901234567', user: { is_scoring: isScoring } }) as unknown as ClientInfo;

describe('the installment call-to-action', () => {
  it('leads to the profile only when is_scoring is exactly false', () => {
    expect(installmentPath(info(false))).toBe('/profile');
    expect(installmentPath(info(true))).toBe('/scoring');
    expect(installmentPath(undefined)).toBe('/scoring');
  });
});
