import type { ReactNode } from 'react';
import { Dialog } from '../ui.tsx';

/**
 * A dialog about one thing (a payment to settle, a bulk change to the chosen rows): open while
 * there is one, titled after it, and its body made for it, so a form in it starts afresh for
 * each.
 */
export function SubjectDialog<Subject>({
  subject,
  title,
  wide,
  onClose,
  children,
}: {
  subject: Subject | null | undefined;
  title: (subject: Subject) => string;
  /** A document to read or a preview rather than a short form. */
  wide?: (subject: Subject) => boolean;
  onClose: () => void;
  children: (subject: Subject) => ReactNode;
}) {
  const open = subject !== null && subject !== undefined;
  return (
    <Dialog
      open={open}
      title={open ? title(subject) : ''}
      wide={open && wide ? wide(subject) : false}
      onClose={onClose}
    >
      {open && children(subject)}
    </Dialog>
  );
}
