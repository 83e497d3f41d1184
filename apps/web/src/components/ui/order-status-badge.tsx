import type { OrderStatusId } from '@bozor/shared';
import { cn } from '../../lib/cn.ts';

/** The tones of SPEC §4's order status badge. */
export type OrderStatusTone = 'primary' | 'yellow' | 'violet' | 'green' | 'inverse' | 'grey';

const TONES: Record<OrderStatusTone, string> = {
  primary: 'border-primary bg-white text-primary',
  yellow: 'border-transparent bg-monthly text-monthly-ink',
  violet: 'border-transparent bg-primary-soft text-primary',
  green: 'border-transparent bg-success/10 text-success',
  inverse: 'border-transparent bg-primary text-white',
  grey: 'border-line bg-page text-muted',
};

/**
 * SPEC §4: -1 and -2 the primary colour; 1 yellow; 2 violet; 4 green; 5 white on the primary
 * background; 10 and every other number grey.
 */
export function orderStatusTone(status: number): OrderStatusTone {
  switch (status) {
    case -1:
    case -2:
      return 'primary';
    case 1:
      return 'yellow';
    case 2:
      return 'violet';
    case 4:
      return 'green';
    case 5:
      return 'inverse';
    default:
      return 'grey';
  }
}

/** An order's status: the server's name for it in the customer's language, coloured by its id. */
export function OrderStatusBadge({
  status,
  name,
  className,
}: {
  status: OrderStatusId | number;
  name: string;
  className?: string;
}) {
  const tone = orderStatusTone(status);
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex h-6 shrink-0 items-center rounded-full border px-2.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {name}
    </span>
  );
}
