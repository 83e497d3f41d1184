/**
 * The first `k` of the items `0 … count - 1` in order, without sorting the rest (a bounded
 * max-heap); an item whose `key` is above the heap's worst is passed over without comparing.
 * `key` must agree with `compare`: an item whose key is above another's sorts after it.
 */
export function firstOf(
  count: number,
  k: number,
  compare: (a: number, b: number) => number,
  key: Float64Array,
): number[] {
  if (k <= 0 || count === 0) return [];
  if (count <= k * 4) {
    return Array.from({ length: count }, (_, i) => i)
      .sort(compare)
      .slice(0, k);
  }
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i] as number, heap[j] as number) > 0;
  const swap = (i: number, j: number) => {
    const t = heap[i] as number;
    heap[i] = heap[j] as number;
    heap[j] = t;
  };
  for (let item = 0; item < count; item++) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (
      (key[item] as number) <= (key[heap[0] as number] as number) &&
      compare(item, heap[0] as number) < 0
    ) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < k && worse(l, top)) top = l;
        if (r < k && worse(r, top)) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}
