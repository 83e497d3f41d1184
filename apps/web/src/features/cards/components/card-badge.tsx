import type { CardType } from '@bozor/shared';
import { cn } from '../../../lib/cn.ts';

const NAMES: Record<CardType, string> = { uzcard: 'Uzcard', humo: 'Humo' };

/**
 * The scheme's mark, drawn here rather than loaded: Uzcard's blue plate with its name, Humo's dark
 * plate with the name in its orange.
 */
export function CardBadge({ type, className }: { type: CardType; className?: string }) {
  return (
    <svg
      viewBox="0 0 60 38"
      role="img"
      aria-label={NAMES[type]}
      className={cn('h-[38px] w-[60px] shrink-0', className)}
    >
      {type === 'uzcard' ? (
        <>
          <rect width="60" height="38" rx="6" fill="#0B4EA2" />
          <circle cx="48" cy="10" r="12" fill="#1E6FD9" />
          <text
            x="30"
            y="24"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Inter, system-ui, sans-serif"
            fontSize="11"
            fontWeight="800"
            letterSpacing="0.3"
          >
            UZCARD
          </text>
        </>
      ) : (
        <>
          <rect width="60" height="38" rx="6" fill="#1D1D27" />
          <path d="M0 30 Q30 18 60 30 V32 A6 6 0 0 1 54 38 H6 A6 6 0 0 1 0 32 Z" fill="#F7941D" />
          <text
            x="30"
            y="22"
            textAnchor="middle"
            fill="#F7941D"
            fontFamily="Inter, system-ui, sans-serif"
            fontSize="12"
            fontWeight="800"
            letterSpacing="1"
          >
            HUMO
          </text>
        </>
      )}
    </svg>
  );
}

/** "8600 **** **** 1110": the masked number the server sends, in groups of four. */
export function groupCardNumber(masked: string): string {
  return (
    masked
      .replace(/\s/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? masked
  );
}
