import type { ReactNode } from 'react';

/** SPEC/UI: 2 columns on phones, 3 from md, 4 from lg, 5 from xl; cards stretch to equal height. */
export function ProductGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
    >
      {children}
    </ul>
  );
}
