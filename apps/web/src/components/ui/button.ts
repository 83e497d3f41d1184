import { cn } from '../../lib/cn.ts';

/** Class names of the shop's buttons, for <button> and for links that look like buttons. */
export function buttonClass(
  variant: 'primary' | 'secondary' | 'ghost' | 'danger' = 'primary',
): string {
  const base =
    'inline-flex h-10 items-center justify-center gap-2 rounded-[10px] px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';
  const variants = {
    primary: 'bg-primary text-white hover:bg-primary-hover',
    secondary: 'bg-primary-soft text-primary hover:bg-[#e6d6ff]',
    ghost: 'text-ink hover:bg-black/5',
    danger: 'bg-danger text-white hover:bg-[#a8182f]',
  } as const;
  return cn(base, variants[variant]);
}
