/** Two or three plain sentences about a product, in each language. */

import type { Descriptions, Group } from './data.ts';
import type { Random } from './random.ts';

export interface Feature {
  nameRu: string;
  nameUz: string;
  valuesRu: string[];
  valuesUz: string[];
}

/** "Встроенная память" → "встроенная память", but "SSD hajmi" stays as it is. */
function lowerFirst(text: string): string {
  const [first = '', second = ''] = text;
  return second === second.toLowerCase() ? first.toLowerCase() + text.slice(1) : text;
}

export function describeProduct(
  rnd: Random,
  phrases: Descriptions,
  input: { group: Group; titleRu: string; titleUz: string; features: readonly Feature[] },
): { ru: string; uz: string } {
  const [introRu, introUz] = rnd.pick(phrases.intro[input.group]);
  const ru = [`${input.titleRu} — ${introRu}.`];
  const uz = [`${input.titleUz} — ${introUz}.`];
  if (input.features.length > 0) {
    const listRu = input.features.map((f) => `${lowerFirst(f.nameRu)} — ${f.valuesRu.join(', ')}`);
    const listUz = input.features.map((f) => `${lowerFirst(f.nameUz)} — ${f.valuesUz.join(', ')}`);
    ru.push(`Характеристики: ${listRu.join('; ')}.`);
    uz.push(`Xususiyatlari: ${listUz.join('; ')}.`);
  }
  const closing: (readonly [string, string])[] = [];
  if (phrases.warrantyGroups.has(input.group)) {
    const months = rnd.pick(phrases.warrantyMonths);
    closing.push([`Официальная гарантия — ${months} мес.`, `Rasmiy kafolat — ${months} oy.`]);
  }
  closing.push(rnd.chance(0.5) ? phrases.installment : phrases.delivery);
  const room = 3 - ru.length;
  for (const [r, u] of closing.slice(0, room)) {
    ru.push(r);
    uz.push(u);
  }
  return { ru: ru.join(' '), uz: uz.join(' ') };
}
