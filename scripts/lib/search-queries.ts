/**
 * What shoppers type, as the search benchmarks time it: both scripts, whole words and their
 * beginnings, typos (`smasung`, `televzor`), two words.
 */
export const SEARCH_QUERIES = [
  'samsung',
  'самсунг',
  'televizor',
  'телевизор',
  'smasung',
  'televzor',
  'xolodilnik',
  'холодильник',
  'iphone 15',
  'redmi note',
  'noutbuk',
  'divan',
  'krossovka',
  'artel',
  'sam',
  'телев',
] as const;
