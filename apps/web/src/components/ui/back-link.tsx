import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon } from './icons.tsx';

/** The "‹ back to the list" link above a detail page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-primary hover:underline"
    >
      <ChevronLeftIcon className="size-4" />
      {children}
    </Link>
  );
}
