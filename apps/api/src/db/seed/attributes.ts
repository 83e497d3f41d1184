/** Filterable characteristics; values are listed in display order (smallest first). */

export interface AttributeValueDef {
  /** What a product name or model code uses: `256` for "256 GB". */
  token: string;
  uz: string;
  ru: string;
}

export interface AttributeDef {
  slug: string;
  nameUz: string;
  nameRu: string;
  values: readonly AttributeValueDef[];
}

const unit = (tokens: readonly string[], uz: string, ru: string): AttributeValueDef[] =>
  tokens.map((token) => ({ token, uz: `${token} ${uz}`, ru: `${token.replace('.', ',')} ${ru}` }));

const same = (tokens: readonly string[]): AttributeValueDef[] =>
  tokens.map((token) => ({ token, uz: token, ru: token }));

const inches = (tokens: readonly string[]): AttributeValueDef[] =>
  tokens.map((token) => ({ token, uz: `${token}"`, ru: `${token.replace('.', ',')}"` }));

const pairs = (list: readonly (readonly [string, string, string])[]): AttributeValueDef[] =>
  list.map(([token, uz, ru]) => ({ token, uz, ru }));

export const ATTRIBUTES = [
  {
    slug: 'storage',
    nameUz: 'Ichki xotira',
    nameRu: 'Встроенная память',
    values: [...unit(['32', '64', '128', '256', '512'], 'GB', 'ГБ'), ...unit(['1'], 'TB', 'ТБ')],
  },
  {
    slug: 'ram',
    nameUz: 'Tezkor xotira',
    nameRu: 'Оперативная память',
    values: unit(['2', '3', '4', '6', '8', '12', '16', '32'], 'GB', 'ГБ'),
  },
  {
    slug: 'ssd',
    nameUz: 'SSD hajmi',
    nameRu: 'Объём SSD',
    values: [...unit(['256', '512'], 'GB', 'ГБ'), ...unit(['1', '2'], 'TB', 'ТБ')],
  },
  {
    slug: 'cpu',
    nameUz: 'Protsessor',
    nameRu: 'Процессор',
    values: same([
      'Intel Celeron',
      'Intel Core i3',
      'AMD Ryzen 3',
      'Intel Core i5',
      'AMD Ryzen 5',
      'Intel Core i7',
      'AMD Ryzen 7',
      'Apple M3',
      'Intel Core i9',
      'Apple M3 Pro',
    ]),
  },
  {
    slug: 'diagonal',
    nameUz: 'Diagonal',
    nameRu: 'Диагональ',
    values: inches([
      '8',
      '10.1',
      '11',
      '12.9',
      '13.3',
      '14',
      '15.6',
      '16',
      '17.3',
      '21.5',
      '24',
      '27',
      '32',
      '34',
      '43',
      '50',
      '55',
      '65',
      '75',
      '85',
    ]),
  },
  {
    slug: 'resolution',
    nameUz: 'Ruxsat',
    nameRu: 'Разрешение',
    values: same(['HD', 'Full HD', '2K QHD', '4K UHD', '8K']),
  },
  {
    slug: 'volume',
    nameUz: 'Hajmi',
    nameRu: 'Объём',
    values: unit(
      [
        '0.5',
        '1',
        '1.5',
        '1.7',
        '2',
        '3',
        '4',
        '5',
        '6',
        '8',
        '10',
        '12',
        '15',
        '20',
        '23',
        '25',
        '30',
        '50',
        '80',
        '100',
        '150',
        '200',
        '250',
        '300',
        '350',
        '400',
        '450',
        '500',
        '600',
      ],
      'l',
      'л',
    ),
  },
  {
    slug: 'volume-ml',
    nameUz: 'Hajmi (ml)',
    nameRu: 'Объём (мл)',
    values: unit(['30', '50', '75', '90', '100', '200', '400'], 'ml', 'мл'),
  },
  {
    slug: 'load',
    nameUz: 'Yuklash hajmi',
    nameRu: 'Загрузка',
    values: unit(['5', '6', '7', '8', '9', '10', '12'], 'kg', 'кг'),
  },
  {
    slug: 'power',
    nameUz: 'Quvvat',
    nameRu: 'Мощность',
    values: unit(
      [
        '10',
        '20',
        '40',
        '60',
        '100',
        '300',
        '500',
        '700',
        '800',
        '900',
        '1000',
        '1200',
        '1500',
        '1800',
        '2000',
        '2200',
        '2400',
        '2800',
      ],
      'W',
      'Вт',
    ),
  },
  {
    slug: 'btu',
    nameUz: 'Sovutish quvvati',
    nameRu: 'Холодопроизводительность',
    values: pairs([
      ['07', '7000 BTU (20 m²)', '7000 BTU (20 м²)'],
      ['09', '9000 BTU (25 m²)', '9000 BTU (25 м²)'],
      ['12', '12000 BTU (35 m²)', '12000 BTU (35 м²)'],
      ['18', '18000 BTU (50 m²)', '18000 BTU (50 м²)'],
      ['24', '24000 BTU (70 m²)', '24000 BTU (70 м²)'],
    ]),
  },
  {
    slug: 'burners',
    nameUz: 'Konforkalar soni',
    nameRu: 'Число конфорок',
    values: same(['2', '3', '4', '5']),
  },
  {
    slug: 'battery',
    nameUz: "Akkumulyator sig'imi",
    nameRu: 'Ёмкость аккумулятора',
    values: unit(['5000', '10000', '20000', '30000'], 'mAh', 'мА·ч'),
  },
  {
    slug: 'connection',
    nameUz: 'Ulanish turi',
    nameRu: 'Тип подключения',
    values: pairs([
      ['bt', 'Bluetooth', 'Bluetooth'],
      ['wire', 'Simli', 'Проводное'],
      ['radio', 'Radiokanal (2.4 GHz)', 'Радиоканал (2,4 ГГц)'],
    ]),
  },
  {
    slug: 'wifi',
    nameUz: 'Wi-Fi standarti',
    nameRu: 'Стандарт Wi-Fi',
    values: same(['Wi-Fi 4', 'Wi-Fi 5', 'Wi-Fi 6', 'Wi-Fi 6E', 'Wi-Fi 7']),
  },
  {
    slug: 'print',
    nameUz: 'Chop etish turi',
    nameRu: 'Тип печати',
    values: pairs([
      ['ink', 'Purkagichli', 'Струйная'],
      ['laser', 'Lazerli', 'Лазерная'],
      ['color-laser', 'Rangli lazerli', 'Цветная лазерная'],
    ]),
  },
  {
    slug: 'size',
    nameUz: "O'lcham",
    nameRu: 'Размер',
    values: same(['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL']),
  },
  {
    slug: 'kids-size',
    nameUz: "Bo'y",
    nameRu: 'Рост',
    values: unit(
      ['80', '92', '98', '104', '110', '116', '122', '128', '134', '140', '152'],
      'sm',
      'см',
    ),
  },
  {
    slug: 'shoe-size',
    nameUz: "Poyabzal o'lchami",
    nameRu: 'Размер обуви',
    values: same([
      '22',
      '24',
      '26',
      '28',
      '30',
      '32',
      '34',
      '36',
      '37',
      '38',
      '39',
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
    ]),
  },
  {
    slug: 'material',
    nameUz: 'Material',
    nameRu: 'Материал',
    values: pairs([
      ['cotton', 'Paxta', 'Хлопок'],
      ['polyester', 'Poliester', 'Полиэстер'],
      ['denim', 'Jinsi (denim)', 'Деним'],
      ['wool', 'Jun', 'Шерсть'],
      ['textile', 'Mato', 'Текстиль'],
      ['eco-leather', 'Eko-charm', 'Экокожа'],
      ['leather', 'Tabiiy charm', 'Натуральная кожа'],
      ['suede', 'Zamsh', 'Замша'],
      ['chipboard', 'LDSP', 'ЛДСП'],
      ['mdf', 'MDF', 'МДФ'],
      ['wood', "Yog'och", 'Массив дерева'],
      ['metal', 'Metall', 'Металл'],
      ['plastic', 'Plastik', 'Пластик'],
      ['cast-iron', "Cho'yan", 'Чугун'],
      ['aluminium', 'Alyuminiy', 'Алюминий'],
      ['steel', "Zanglamaydigan po'lat", 'Нержавеющая сталь'],
      ['glass', 'Shisha', 'Стекло'],
    ]),
  },
  {
    slug: 'bed-size',
    nameUz: "Yotoq o'lchami",
    nameRu: 'Спальное место',
    values: pairs([
      ['90', '90×200 sm', '90×200 см'],
      ['120', '120×200 sm', '120×200 см'],
      ['140', '140×200 sm', '140×200 см'],
      ['160', '160×200 sm', '160×200 см'],
      ['180', '180×200 sm', '180×200 см'],
    ]),
  },
  {
    slug: 'carpet-size',
    nameUz: "Gilam o'lchami",
    nameRu: 'Размер ковра',
    values: pairs([
      ['80x150', '80×150 sm', '80×150 см'],
      ['160x230', '160×230 sm', '160×230 см'],
      ['200x300', '200×300 sm', '200×300 см'],
      ['250x350', '250×350 sm', '250×350 см'],
      ['300x400', '300×400 sm', '300×400 см'],
    ]),
  },
  {
    slug: 'weight',
    nameUz: "Og'irligi",
    nameRu: 'Вес',
    values: unit(['1', '2', '3', '5', '8', '10', '15', '20', '25', '30'], 'kg', 'кг'),
  },
  {
    slug: 'tire-size',
    nameUz: "Shina o'lchami",
    nameRu: 'Типоразмер',
    values: same([
      '175/70 R13',
      '185/65 R14',
      '185/65 R15',
      '195/65 R15',
      '205/55 R16',
      '215/60 R16',
      '225/45 R17',
      '225/65 R17',
      '235/55 R18',
      '265/65 R18',
    ]),
  },
  {
    slug: 'wheel',
    nameUz: "G'ildirak diametri",
    nameRu: 'Диаметр колёс',
    values: inches(['8.5', '10', '12', '16', '20', '24', '26', '27.5', '29']),
  },
  {
    slug: 'age',
    nameUz: 'Yosh',
    nameRu: 'Возраст',
    values: pairs([
      ['0', '0 oydan', 'с рождения'],
      ['1', '1 yoshdan', 'от 1 года'],
      ['3', '3 yoshdan', 'от 3 лет'],
      ['6', '6 yoshdan', 'от 6 лет'],
      ['8', '8 yoshdan', 'от 8 лет'],
      ['12', '12 yoshdan', 'от 12 лет'],
    ]),
  },
  {
    slug: 'cover',
    nameUz: 'Muqova',
    nameRu: 'Переплёт',
    values: pairs([
      ['soft', 'Yumshoq', 'Мягкий'],
      ['hard', 'Qattiq', 'Твёрдый'],
    ]),
  },
  {
    slug: 'language',
    nameUz: 'Til',
    nameRu: 'Язык',
    values: pairs([
      ['uz', "O'zbek", 'Узбекский'],
      ['ru', 'Rus', 'Русский'],
      ['en', 'Ingliz', 'Английский'],
    ]),
  },
  {
    slug: 'gender',
    nameUz: 'Jins',
    nameRu: 'Пол',
    values: pairs([
      ['m', 'Erkaklar', 'Мужской'],
      ['f', 'Ayollar', 'Женский'],
      ['u', 'Uniseks', 'Унисекс'],
    ]),
  },
] as const satisfies readonly AttributeDef[];

export type AttributeSlug = (typeof ATTRIBUTES)[number]['slug'];
