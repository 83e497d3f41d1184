import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  type SortingStrategy,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import type { ReactNode } from 'react';

/**
 * Where a drop moves an item of `ids`: from the dragged one's place to the one it was dropped
 * on; null when it was dropped on itself or outside the list.
 */
export function dropMove(
  ids: readonly UniqueIdentifier[],
  { active, over }: Pick<DragEndEvent, 'active' | 'over'>,
): { from: number; to: number } | null {
  const indexOf = (id: UniqueIdentifier) => ids.findIndex((one) => String(one) === String(id));
  const from = indexOf(active.id);
  const to = over ? indexOf(over.id) : -1;
  return from >= 0 && to >= 0 && from !== to ? { from, to } : null;
}

/**
 * Items put in a new order by dragging, with the pointer (from 4 px on, so a click stays a
 * click) or the keyboard; `onMove` is told where the dropped one goes. Each item is a
 * `useSortable` of its id.
 */
export function SortableList({
  ids,
  strategy,
  onMove,
  accessibility,
  children,
}: {
  ids: UniqueIdentifier[];
  strategy: SortingStrategy;
  onMove: (from: number, to: number) => void;
  /** What a screen reader is told while an item is dragged. */
  accessibility?: {
    screenReaderInstructions: ScreenReaderInstructions;
    announcements: Announcements;
  };
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const move = dropMove(ids, event);
    if (move) onMove(move.from, move.to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      {...(accessibility && { accessibility })}
    >
      <SortableContext items={ids} strategy={strategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
