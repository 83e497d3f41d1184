import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

interface ChipCategory {
  id: number;
  slug: string;
  name: string;
  image: string | null;
}

/** Round category links with their icons: subcategories, or categories matching a search. */
export function CategoryChips({
  categories,
  label,
  scroll = false,
}: {
  categories: ChipCategory[];
  label: string;
  /** One scrolling row instead of wrapping lines. */
  scroll?: boolean;
}) {
  if (categories.length === 0) return null;
  return (
    <ul
      aria-label={label}
      className={cn('mb-4 flex gap-2', scroll ? 'overflow-x-auto pb-1' : 'flex-wrap')}
    >
      {categories.map((c) => (
        <li key={c.id} className="shrink-0">
          <Link
            to={`/category/${c.slug}`}
            className="flex items-center gap-2 rounded-full bg-white py-1.5 pr-4 pl-1.5 text-sm font-medium hover:text-primary"
          >
            {c.image && (
              <img src={c.image} alt="" width={28} height={28} className="size-7 rounded-full" />
            )}
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
