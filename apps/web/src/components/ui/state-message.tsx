import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface StateMessageProps {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  className?: string;
  role?: 'alert' | 'status';
}

/** The friendly block shown for an empty list, a failed load or a missing page. */
export function StateMessage({ icon, title, text, action, className, role }: StateMessageProps) {
  return (
    <div
      role={role}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-[12px] bg-white px-6 py-10 text-center',
        className,
      )}
    >
      {icon && (
        <div className="grid size-14 place-items-center rounded-full bg-primary-soft text-primary">
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {text && <p className="max-w-md text-sm text-muted">{text}</p>}
      {action}
    </div>
  );
}
