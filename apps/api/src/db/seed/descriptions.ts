/** Two or three plain sentences about a product, in each language. */

import type { Group } from './profiles.ts';
import type { Random } from './random.ts';

type Phrases = readonly (readonly [ru: string, uz: string])[];

const INTRO: Record<Group, Phrases> = {
  gadget: [
    [
      'надёжное устройство на каждый день с ярким экраном и ёмким аккумулятором',
      "yorqin ekran va sig'imli akkumulyatorga ega har kunlik ishonchli qurilma",
    ],
    [
      'быстрый и удобный гаджет для работы, общения и развлечений',
      "ish, muloqot va ko'ngilochar uchun tez va qulay gadjet",
    ],
    [
      'стильная модель с продуманным дизайном и долгим временем работы',
      "o'ylangan dizayn va uzoq ishlash vaqtiga ega zamonaviy model",
    ],
  ],
  computer: [
    [
      'производительное устройство для учёбы, работы и игр',
      "o'qish, ish va o'yinlar uchun unumdor qurilma",
    ],
    ['надёжный выбор для дома и офиса', 'uy va ofis uchun ishonchli tanlov'],
    [
      'сочетает высокую производительность и тихую работу',
      'yuqori unumdorlik va shovqinsiz ishlashni birlashtiradi',
    ],
  ],
  audio: [
    [
      'чистый звук и насыщенная картинка в любой обстановке',
      'har qanday sharoitda toza ovoz va tiniq tasvir',
    ],
    ['качественное изображение и звук для всей семьи', 'butun oila uchun sifatli tasvir va ovoz'],
    ['удобное управление и современные технологии', 'qulay boshqaruv va zamonaviy texnologiyalar'],
  ],
  appliance: [
    [
      'надёжная бытовая техника с экономичным энергопотреблением',
      'tejamkor energiya sarfiga ega ishonchli maishiy texnika',
    ],
    [
      'облегчает домашние дела и служит долгие годы',
      'uy yumushlarini yengillashtiradi va uzoq yillar xizmat qiladi',
    ],
    [
      'тихая работа, простое управление и современный дизайн',
      'shovqinsiz ishlash, oddiy boshqaruv va zamonaviy dizayn',
    ],
  ],
  climate: [
    [
      'поддерживает комфортную температуру в доме в любое время года',
      'yilning istalgan faslida uyda qulay haroratni saqlaydi',
    ],
    [
      'экономичный режим работы и низкий уровень шума',
      'tejamkor ish rejimi va past shovqin darajasi',
    ],
    ['быстро выходит на заданный режим', 'belgilangan rejimga tez chiqadi'],
  ],
  kitchen: [
    ['незаменимый помощник на кухне', 'oshxonadagi ajralmas yordamchi'],
    ['помогает быстро готовить любимые блюда', 'sevimli taomlarni tez tayyorlashga yordam beradi'],
    ['легко моется и занимает мало места', 'oson tozalanadi va kam joy egallaydi'],
  ],
  care: [
    ['бережный уход в домашних условиях', 'uy sharoitida ehtiyotkor parvarish'],
    ['удобная модель с несколькими режимами работы', 'bir nechta ish rejimiga ega qulay model'],
    [
      'компактный прибор, который удобно брать в поездки',
      "safarga olib chiqish qulay bo'lgan ixcham qurilma",
    ],
  ],
  beauty: [
    ['деликатная формула для ежедневного ухода', 'har kunlik parvarish uchun yumshoq formula'],
    ['оригинальная продукция от известного бренда', 'taniqli brendning original mahsuloti'],
    ['подходит для чувствительной кожи', 'sezgir teri uchun mos'],
  ],
  perfume: [
    [
      'стойкий аромат, который подойдёт для любого случая',
      'har qanday vaziyatga mos keladigan barqaror hid',
    ],
    [
      'оригинальная парфюмерия с выразительным шлейфом',
      'yorqin iz qoldiradigan original parfyumeriya',
    ],
    ['хороший подарок для себя и близких', "o'zingiz va yaqinlaringiz uchun yaxshi sovg'a"],
  ],
  clothes: [
    ['удобная посадка и приятная к телу ткань', 'qulay bichim va tanaga yoqimli mato'],
    [
      'базовая модель, которая легко сочетается с другими вещами',
      "boshqa kiyimlar bilan oson uyg'unlashadigan bazaviy model",
    ],
    [
      'сохраняет цвет и форму после многих стирок',
      "ko'p yuvilgandan keyin ham rangi va shaklini saqlaydi",
    ],
  ],
  shoes: [
    [
      'удобная колодка и лёгкая подошва для долгих прогулок',
      'uzoq sayr uchun qulay qolip va yengil taglik',
    ],
    ['прочные материалы и аккуратные швы', 'mustahkam materiallar va puxta choklar'],
    ['подойдёт на каждый день и к любой одежде', 'har kuni kiyish va har qanday kiyimga mos'],
  ],
  accessory: [
    [
      'стильный аксессуар, который дополнит образ',
      "qiyofangizni to'ldiradigan zamonaviy aksessuar",
    ],
    [
      'качественные материалы и продуманные детали',
      "sifatli materiallar va puxta o'ylangan detallar",
    ],
    ['хороший подарок для себя и близких', "o'zingiz va yaqinlaringiz uchun yaxshi sovg'a"],
  ],
  furniture: [
    ['прочная конструкция и удобство на долгие годы', 'mustahkam tuzilma va uzoq yillik qulaylik'],
    [
      'впишется в интерьер гостиной, спальни или кухни',
      'mehmonxona, yotoqxona yoki oshxona interyeriga mos tushadi',
    ],
    ['качественные материалы и аккуратная отделка', 'sifatli materiallar va puxta pardozlash'],
  ],
  home: [
    ['добавит уюта вашему дому', "uyingizga shinamlik qo'shadi"],
    ['практичная вещь для ежедневного использования', 'har kunlik foydalanish uchun amaliy buyum'],
    [
      'качественные материалы, которые прослужат долго',
      'uzoq xizmat qiladigan sifatli materiallar',
    ],
  ],
  kids: [
    [
      'безопасные материалы и продуманная конструкция',
      "xavfsiz materiallar va puxta o'ylangan tuzilma",
    ],
    ['подарит ребёнку радость и пользу', 'bolaga quvonch va foyda keltiradi'],
    ['лёгкий, прочный и удобный для родителей', 'yengil, mustahkam va ota-onalar uchun qulay'],
  ],
  sport: [
    [
      'для активного отдыха и регулярных тренировок',
      "faol dam olish va muntazam mashg'ulotlar uchun",
    ],
    [
      'надёжная конструкция выдерживает интенсивные нагрузки',
      'ishonchli tuzilma jadal yuklamalarga bardosh beradi',
    ],
    ['поможет поддерживать хорошую форму', 'yaxshi jismoniy holatni saqlashga yordam beradi'],
  ],
  auto: [
    ['полезный товар для каждого автовладельца', 'har bir avtomobil egasi uchun foydali mahsulot'],
    [
      'надёжность и безопасность в поездках по городу и трассе',
      'shahar va trassadagi safarlarda ishonchlilik va xavfsizlik',
    ],
    [
      'проверенное качество известного производителя',
      'taniqli ishlab chiqaruvchining sinalgan sifati',
    ],
  ],
  tools: [
    ['мощный инструмент для ремонта и строительства', "ta'mirlash va qurilish uchun kuchli asbob"],
    [
      'подойдёт как мастеру, так и для домашнего использования',
      'ustaga ham, uyda foydalanish uchun ham mos',
    ],
    ['эргономичная рукоятка и надёжный двигатель', 'ergonomik dasta va ishonchli dvigatel'],
  ],
  book: [
    ['книга, которую стоит прочитать каждому', "har kim o'qishi kerak bo'lgan kitob"],
    ['качественная печать и удобный формат', 'sifatli bosma va qulay format'],
    ['отличный подарок для любителей чтения', "kitobxonlar uchun ajoyib sovg'a"],
  ],
};

const WARRANTY_GROUPS: ReadonlySet<Group> = new Set([
  'gadget',
  'computer',
  'audio',
  'appliance',
  'climate',
  'kitchen',
  'care',
  'tools',
]);

const DELIVERY: readonly [string, string] = [
  'Доставим в любой регион Узбекистана.',
  "O'zbekistonning istalgan hududiga yetkazib beramiz.",
];
const INSTALLMENT: readonly [string, string] = [
  'Можно оформить в рассрочку на срок до 12 месяцев.',
  "12 oygacha muddatli to'lovga rasmiylashtirish mumkin.",
];

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
  input: { group: Group; titleRu: string; titleUz: string; features: readonly Feature[] },
): { ru: string; uz: string } {
  const [introRu, introUz] = rnd.pick(INTRO[input.group]);
  const ru = [`${input.titleRu} — ${introRu}.`];
  const uz = [`${input.titleUz} — ${introUz}.`];
  if (input.features.length > 0) {
    const listRu = input.features.map((f) => `${lowerFirst(f.nameRu)} — ${f.valuesRu.join(', ')}`);
    const listUz = input.features.map((f) => `${lowerFirst(f.nameUz)} — ${f.valuesUz.join(', ')}`);
    ru.push(`Характеристики: ${listRu.join('; ')}.`);
    uz.push(`Xususiyatlari: ${listUz.join('; ')}.`);
  }
  const closing: (readonly [string, string])[] = [];
  if (WARRANTY_GROUPS.has(input.group)) {
    const months = rnd.pick([6, 12, 12, 24, 36]);
    closing.push([`Официальная гарантия — ${months} мес.`, `Rasmiy kafolat — ${months} oy.`]);
  }
  closing.push(rnd.chance(0.5) ? INSTALLMENT : DELIVERY);
  const room = 3 - ru.length;
  for (const [r, u] of closing.slice(0, room)) {
    ru.push(r);
    uz.push(u);
  }
  return { ru: ru.join(' '), uz: uz.join(' ') };
}
