import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge, orderStatusTone } from '../order-status-badge.tsx';

describe('the order status badge', () => {
  it.each([
    [-2, 'primary'],
    [-1, 'primary'],
    [1, 'yellow'],
    [2, 'violet'],
    [3, 'grey'],
    [4, 'green'],
    [5, 'inverse'],
    [10, 'grey'],
    [42, 'grey'],
  ])('colours status %i %s (SPEC §4)', (status, tone) => {
    expect(orderStatusTone(status)).toBe(tone);
  });

  it('shows the name the server gives, in the colour of its number', () => {
    const { rerender } = render(<OrderStatusBadge status={5} name="Yakunlangan" />);
    const badge = screen.getByText('Yakunlangan');
    expect(badge).toHaveAttribute('data-tone', 'inverse');
    expect(badge).toHaveClass('bg-primary', 'text-white');

    rerender(<OrderStatusBadge status={-2} name="Bekor qilingan" />);
    expect(screen.getByText('Bekor qilingan')).toHaveClass('text-primary', 'border-primary');

    rerender(<OrderStatusBadge status={1} name="Yangi" />);
    expect(screen.getByText('Yangi')).toHaveClass('bg-monthly');

    rerender(<OrderStatusBadge status={4} name="Yetkazildi" />);
    expect(screen.getByText('Yetkazildi')).toHaveClass('text-success');

    rerender(<OrderStatusBadge status={10} name="Qaytarildi" />);
    expect(screen.getByText('Qaytarildi')).toHaveClass('bg-page', 'text-muted');
  });
});
