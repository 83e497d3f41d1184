import type { ReactNode } from 'react';

/** A heading of a table's column: its words (none for a column of buttons) and its classes. */
export type Heading = readonly [words: ReactNode, className: string];

/** A table's column headings, in order. */
export function HeadRow({ className, headings }: { className: string; headings: Heading[] }) {
  return (
    <thead className={className}>
      <tr>
        {headings.map(([words, cellClass], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table's fixed columns, in order
          <th key={index} scope="col" className={cellClass}>
            {words}
          </th>
        ))}
      </tr>
    </thead>
  );
}
