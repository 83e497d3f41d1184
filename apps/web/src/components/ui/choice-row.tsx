import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { CheckIcon } from './icons.tsx';

/**
 * A radio drawn as a bordered row that lights up when chosen; the input stays for keyboards. The
 * mark is a radio dot before the content, or a tick in a circle after it.
 */
export function ChoiceRow({
  name,
  checked,
  onChange,
  children,
  className,
  mark = 'dot',
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  className?: string;
  mark?: 'dot' | 'tick';
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-[10px] border-2 p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40',
        checked ? 'border-primary bg-primary-soft' : 'border-line hover:bg-page',
        className,
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="sr-only" />
      {mark === 'dot' && (
        <span
          aria-hidden="true"
          className={cn(
            'grid size-5 shrink-0 place-items-center rounded-full border-2',
            checked ? 'border-primary' : 'border-line',
          )}
        >
          {checked && <span className="size-2.5 rounded-full bg-primary" />}
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col">{children}</span>
      {mark === 'tick' && (
        <span
          aria-hidden="true"
          className={cn(
            'grid size-6 shrink-0 place-items-center rounded-full border-2',
            checked ? 'border-primary bg-primary text-white' : 'border-line',
          )}
        >
          {checked && <CheckIcon className="size-4" />}
        </span>
      )}
    </label>
  );
}
