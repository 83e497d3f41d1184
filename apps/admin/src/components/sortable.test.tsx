import '@testing-library/jest-dom/vitest';
import { verticalListSortingStrategy } from '@dnd-kit/sortable';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropMove, SortableList } from './sortable.tsx';

afterEach(cleanup);

const drop = (active: number | string, over: number | string | null) => ({
  active: { id: active } as never,
  over: over === null ? null : ({ id: over } as never),
});

describe('a list put in order by dragging', () => {
  it('moves the dropped item to the place of the one it was dropped on', () => {
    expect(dropMove([4, 7, 9], drop(9, 4))).toEqual({ from: 2, to: 0 });
    expect(dropMove(['/a.webp', '/b.webp'], drop('/a.webp', '/b.webp'))).toEqual({
      from: 0,
      to: 1,
    });
  });

  it('moves nothing dropped on itself, outside the list or on what it does not hold', () => {
    expect(dropMove([4, 7], drop(7, 7))).toBeNull();
    expect(dropMove([4, 7], drop(7, null))).toBeNull();
    expect(dropMove([4, 7], drop(7, 12))).toBeNull();
  });

  it('shows its items in order', () => {
    render(
      <SortableList ids={[1, 2]} strategy={verticalListSortingStrategy} onMove={vi.fn()}>
        <ol>
          <li>Телефоны</li>
          <li>Ноутбуки</li>
        </ol>
      </SortableList>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Телефоны',
      'Ноутбуки',
    ]);
  });
});
