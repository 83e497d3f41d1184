/** A seeded pseudo-random source (mulberry32): the same seed always yields the same catalogue. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max], both ends included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` distinct items of `list`, in list order. */
  sample<T>(list: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new Error('cannot pick from an empty list');
      return list[int(0, list.length - 1)] as T;
    },
    chance: (probability) => next() < probability,
    sample: <T>(list: readonly T[], count: number): T[] => {
      const indexes = list.map((_, i) => i);
      for (let i = indexes.length - 1; i > 0; i--) {
        const j = int(0, i);
        [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
      }
      return indexes
        .slice(0, Math.min(count, list.length))
        .sort((a, b) => a - b)
        .map((i) => list[i] as T);
    },
  };
}

/** ASCII slug of a Latin (Uzbek) text: `Samsung Galaxy A55 8/256 GB` → `samsung-galaxy-a55-8-256-gb`. */
export function slugify(text: string, maxLength = 60): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'ʻʼ‘’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const dash = cut.lastIndexOf('-');
  return dash > maxLength / 2 ? cut.slice(0, dash) : cut;
}

/** Shop-style price in whole sum: 4 587 311 → 4 589 000, 87 420 → 87 000. */
export function roundPrice(raw: number): number {
  if (raw >= 100_000) return Math.ceil((raw + 1_000) / 10_000) * 10_000 - 1_000;
  return Math.max(1_000, Math.round(raw / 1_000) * 1_000);
}
