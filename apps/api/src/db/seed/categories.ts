/** The three-level category tree; products live in the leaves. */
import type { ProductKind } from '../../modules/media/kinds.ts';
import type { AttributeSlug } from './attributes.ts';
import type { AttributeUse, BrandModels, Noun, ProfileId } from './profiles.ts';

/** How a leaf narrows its profile. */
export interface LeafOverride {
  noun?: Noun;
  /** A subset of the profile's brands, or brands with their own models. */
  brands?: readonly string[] | BrandModels;
  price?: readonly [number, number];
  attributes?: readonly AttributeUse[];
  tokens?: Partial<Record<AttributeSlug, readonly string[]>>;
  /** `null` drops the profile's spec from the names. */
  spec?: readonly [string, string] | null;
  colors?: readonly string[];
  kind?: ProductKind;
  /** Share of the products relative to other leaves (1 by default). */
  weight?: number;
}

export type LeafDef = readonly [
  slug: string,
  nameUz: string,
  nameRu: string,
  profile: ProfileId,
  override?: LeafOverride,
];
export type SubDef = readonly [slug: string, nameUz: string, nameRu: string, leaves: LeafDef[]];
export interface RootDef {
  slug: string;
  nameUz: string;
  nameRu: string;
  isTop: boolean;
  subs: SubDef[];
}

const n = (ru: string, uz: string, g: Noun['g'] = 'm'): Noun => ({ ru, uz, g });

const KIDS_COLORS = ['kok', 'pushti', 'sariq', 'yashil', 'qizil', 'havorang', 'binafsha'];
const BOY_COLORS = ['kok', 'yashil', 'sariq', 'qizil', 'kulrang', 'havorang'];
const ANDROID = ['samsung', 'xiaomi', 'redmi', 'honor', 'tecno', 'infinix', 'huawei', 'realme'];

export const CATEGORY_TREE: readonly RootDef[] = [
  {
    slug: 'smartfonlar-va-gadjetlar',
    nameUz: 'Smartfonlar va gadjetlar',
    nameRu: 'Смартфоны и гаджеты',
    isTop: true,
    subs: [
      [
        'smartfonlar',
        'Smartfonlar',
        'Смартфоны',
        [
          [
            'android-smartfonlar',
            'Android smartfonlar',
            'Смартфоны Android',
            'smartphone',
            { brands: [...ANDROID, 'vivo', 'oppo'], weight: 20 },
          ],
          [
            'iphone',
            'iPhone',
            'iPhone',
            'smartphone',
            {
              brands: ['apple'],
              attributes: [{ slug: 'storage', tokens: ['128', '256', '512', '1'] }],
              spec: ['{storage} ГБ', '{storage} GB'],
              weight: 8,
            },
          ],
          ['tugmali-telefonlar', 'Tugmali telefonlar', 'Кнопочные телефоны', 'feature-phone'],
        ],
      ],
      [
        'planshetlar',
        'Planshetlar',
        'Планшеты',
        [
          [
            'android-planshetlar',
            'Android planshetlar',
            'Планшеты Android',
            'tablet',
            { weight: 3 },
          ],
          [
            'ipad',
            'iPad',
            'iPad',
            'tablet',
            {
              brands: { apple: ['iPad 10.9', 'iPad Air 11', 'iPad Pro 13', 'iPad mini 7'] },
              attributes: [{ slug: 'storage', tokens: ['64', '128', '256', '512'] }],
              spec: ['{storage} ГБ', '{storage} GB'],
              price: [5_000_000, 22_000_000],
            },
          ],
          [
            'bolalar-planshetlari',
            'Bolalar planshetlari',
            'Детские планшеты',
            'tablet',
            {
              noun: n('Детский планшет', 'bolalar plansheti'),
              brands: {
                lenovo: ['Tab M8 Kids', 'Tab M10 Kids Edition'],
                samsung: ['Galaxy Tab A9 Kids Edition'],
              },
              tokens: { ram: ['2', '3', '4'], storage: ['32', '64'], diagonal: ['8', '10.1'] },
              price: [800_000, 3_000_000],
              colors: ['kok', 'pushti', 'yashil'],
            },
          ],
        ],
      ],
      [
        'aqlli-soatlar-va-bilaguzuklar',
        'Aqlli soatlar va bilaguzuklar',
        'Умные часы и браслеты',
        [
          ['aqlli-soatlar', 'Aqlli soatlar', 'Смарт-часы', 'smartwatch', { weight: 3 }],
          [
            'fitnes-bilaguzuklar',
            'Fitnes bilaguzuklar',
            'Фитнес-браслеты',
            'smartwatch',
            {
              noun: n('Фитнес-браслет', 'fitnes bilaguzugi'),
              brands: {
                xiaomi: ['Smart Band 9', 'Smart Band 8 Active'],
                huawei: ['Band 9', 'Band 8'],
                honor: ['Band 7'],
                amazfit: ['Band 7', 'Helio Strap'],
              },
              price: [200_000, 1_200_000],
            },
          ],
          [
            'bolalar-aqlli-soatlari',
            'Bolalar aqlli soatlari',
            'Детские смарт-часы',
            'smartwatch',
            {
              noun: n('Детские смарт-часы', 'bolalar aqlli soati', 'p'),
              brands: {
                elari: ['KidPhone 4G', 'FixiTime Lite'],
                aimoto: ['Start', 'Pro 4G'],
                xiaomi: ['Mitu Kids Watch 4'],
              },
              price: [300_000, 1_500_000],
              colors: ['pushti', 'kok', 'qora', 'yashil'],
            },
          ],
        ],
      ],
      [
        'telefon-aksessuarlari',
        'Telefon aksessuarlari',
        'Аксессуары для телефонов',
        [
          ['power-banklar', 'Power banklar', 'Внешние аккумуляторы', 'powerbank'],
          ['zaryadlovchi-qurilmalar', 'Zaryadlovchi qurilmalar', 'Зарядные устройства', 'charger'],
          [
            'simsiz-zaryadlovchilar',
            'Simsiz zaryadlovchilar',
            'Беспроводные зарядки',
            'charger',
            {
              noun: n('Беспроводное зарядное устройство', 'simsiz zaryadlovchisi', 'n'),
              brands: {
                apple: ['MagSafe Charger'],
                samsung: ['Wireless Charger Pad', 'Wireless Charger Duo'],
                xiaomi: ['Wireless Charging Stand'],
                baseus: ['Simple Mini3', 'Digital LED'],
                anker: ['313 Wireless Charger', 'PowerWave Pad'],
              },
              tokens: { power: ['10', '20'] },
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'televizorlar-va-audio',
    nameUz: 'Televizorlar va audio',
    nameRu: 'Телевизоры и аудио',
    isTop: true,
    subs: [
      [
        'televizorlar',
        'Televizorlar',
        'Телевизоры',
        [
          ['smart-televizorlar', 'Smart televizorlar', 'Smart-телевизоры', 'tv', { weight: 8 }],
          [
            'led-televizorlar',
            'LED televizorlar',
            'LED-телевизоры',
            'tv',
            {
              spec: ['{diagonal}" {resolution}', '{diagonal}" {resolution}'],
              brands: ['artel', 'hofmann', 'premier', 'shivaki', 'tcl', 'samsung'],
              weight: 4,
            },
          ],
          [
            'katta-diagonalli-televizorlar',
            'Katta diagonalli televizorlar',
            'Телевизоры с большой диагональю',
            'tv',
            {
              tokens: { diagonal: ['65', '75', '85'], resolution: ['4K UHD'] },
              price: [8_000_000, 45_000_000],
              spec: ['{diagonal}" 4K Smart TV', '{diagonal}" 4K Smart TV'],
            },
          ],
        ],
      ],
      [
        'quloqchinlar',
        'Quloqchinlar',
        'Наушники',
        [
          [
            'simsiz-quloqchinlar',
            'Simsiz quloqchinlar',
            'Беспроводные наушники',
            'earbuds',
            {
              weight: 5,
            },
          ],
          [
            'toliq-olchamli-quloqchinlar',
            "To'liq o'lchamli quloqchinlar",
            'Полноразмерные наушники',
            'headphones',
          ],
          [
            'geyming-garnituralar',
            'Geyming garnituralar',
            'Игровые гарнитуры',
            'headphones',
            {
              noun: n('Игровая гарнитура', 'geyming garniturasi', 'f'),
              brands: {
                hyperx: ['Cloud II', 'Cloud Stinger 2', 'Cloud III'],
                logitech: ['G435', 'G Pro X', 'G335'],
                razer: ['BlackShark V2', 'Kraken V3'],
                steelseries: ['Arctis Nova 1', 'Arctis 7+'],
              },
              tokens: { connection: ['wire', 'radio'] },
              price: [300_000, 3_500_000],
            },
          ],
        ],
      ],
      [
        'akustika',
        'Akustika',
        'Акустика',
        [
          [
            'portativ-kolonkalar',
            'Portativ kolonkalar',
            'Портативные колонки',
            'speaker',
            {
              weight: 2,
            },
          ],
          [
            'saundbarlar',
            'Saundbarlar',
            'Саундбары',
            'speaker',
            {
              noun: n('Саундбар', 'saundbari'),
              brands: {
                samsung: ['HW-B450', 'HW-Q600C'],
                lg: ['S40T', 'SP8YA'],
                sony: ['HT-S100F', 'HT-S400'],
                jbl: ['Bar 300', 'Bar 500'],
              },
              tokens: { power: ['100', '300', '500'] },
              price: [1_500_000, 9_000_000],
              colors: ['qora'],
            },
          ],
          [
            'musiqa-markazlari',
            'Musiqa markazlari',
            'Музыкальные центры',
            'speaker',
            {
              noun: n('Музыкальный центр', 'musiqa markazi'),
              brands: {
                lg: ['XBOOM CL98', 'XBOOM ON66'],
                sony: ['MHC-V13', 'MHC-V43D'],
                samsung: ['MX-ST40B', 'MX-T50'],
              },
              tokens: { power: ['300', '500', '700'] },
              price: [2_500_000, 8_000_000],
              colors: ['qora'],
            },
          ],
        ],
      ],
      [
        'foto-va-video',
        'Foto va video',
        'Фото и видео',
        [
          ['fotoapparatlar', 'Fotoapparatlar', 'Фотоаппараты', 'camera'],
          [
            'ekshn-kameralar',
            'Ekshn-kameralar',
            'Экшн-камеры',
            'camera',
            {
              noun: n('Экшн-камера', 'ekshn-kamerasi', 'f'),
              brands: {
                gopro: ['HERO12 Black', 'HERO11 Black Mini', 'HERO13 Black'],
                dji: ['Osmo Action 4', 'Osmo Pocket 3'],
                insta360: ['X4', 'Ace Pro'],
              },
              tokens: { resolution: ['4K UHD', '8K'] },
              price: [2_000_000, 8_000_000],
            },
          ],
          [
            'kvadrokopterlar',
            'Kvadrokopterlar',
            'Квадрокоптеры',
            'camera',
            {
              noun: n('Квадрокоптер', 'kvadrokopteri'),
              brands: { dji: ['Mini 4 Pro', 'Mini 3', 'Air 3', 'Neo'] },
              tokens: { resolution: ['4K UHD'] },
              price: [3_500_000, 20_000_000],
              colors: ['kulrang', 'oq'],
            },
          ],
        ],
      ],
      [
        'oyin-konsollari',
        "O'yin konsollari",
        'Игровые консоли',
        [
          ['oyin-pristavkalari', "O'yin pristavkalari", 'Игровые приставки', 'console'],
          [
            'geympadlar',
            'Geympadlar',
            'Геймпады',
            'console',
            {
              noun: n('Геймпад', 'geympadi'),
              brands: {
                sony: ['DualSense', 'DualSense Edge'],
                microsoft: ['Xbox Wireless Controller', 'Xbox Elite Series 2'],
                nintendo: ['Switch Pro Controller'],
                logitech: ['F310', 'F710'],
              },
              attributes: [{ slug: 'connection' }],
              price: [300_000, 2_500_000],
              colors: ['oq', 'qora', 'kok', 'qizil'],
            },
          ],
          [
            'portativ-konsollar',
            'Portativ konsollar',
            'Портативные консоли',
            'console',
            {
              noun: n('Портативная консоль', 'portativ konsoli', 'f'),
              brands: {
                nintendo: ['Switch Lite', 'Switch OLED'],
                asus: ['ROG Ally', 'ROG Ally X'],
                lenovo: ['Legion Go'],
              },
              price: [2_800_000, 11_000_000],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'kompyuterlar',
    nameUz: 'Kompyuterlar',
    nameRu: 'Компьютеры',
    isTop: true,
    subs: [
      [
        'noutbuklar',
        'Noutbuklar',
        'Ноутбуки',
        [
          [
            'ofis-noutbuklari',
            'Ofis noutbuklari',
            'Ноутбуки для работы и учёбы',
            'laptop',
            {
              weight: 6,
            },
          ],
          [
            'geyming-noutbuklar',
            'Geyming noutbuklar',
            'Игровые ноутбуки',
            'laptop',
            {
              brands: {
                asus: ['TUF Gaming F15', 'ROG Strix G16'],
                acer: ['Nitro V 15', 'Predator Helios Neo 16'],
                msi: ['Thin GF63', 'Katana 15', 'Cyborg 15'],
                lenovo: ['Legion 5', 'LOQ 15'],
                hp: ['Victus 15', 'Omen 16'],
              },
              tokens: {
                cpu: [
                  'Intel Core i5',
                  'AMD Ryzen 5',
                  'Intel Core i7',
                  'AMD Ryzen 7',
                  'Intel Core i9',
                ],
                ram: ['16', '32'],
                diagonal: ['15.6', '16', '17.3'],
              },
              price: [9_000_000, 40_000_000],
              colors: ['qora', 'kulrang'],
            },
          ],
          [
            'macbook',
            'MacBook',
            'MacBook',
            'laptop',
            {
              brands: { apple: ['MacBook Air 13', 'MacBook Air 15', 'MacBook Pro 14'] },
              tokens: { cpu: ['Apple M3', 'Apple M3 Pro'], ram: ['8', '16'], diagonal: ['13.3'] },
              spec: ['{cpu}, {ram}/{ssd} ГБ', '{cpu}, {ram}/{ssd} GB'],
              attributes: [
                { slug: 'diagonal', tokens: ['13.3', '14', '15.6'] },
                { slug: 'cpu', tokens: ['Apple M3', 'Apple M3 Pro'] },
                { slug: 'ram', tokens: ['8', '16'] },
                { slug: 'ssd', tokens: ['256', '512'] },
              ],
              price: [13_000_000, 32_000_000],
              colors: ['kulrang', 'kumushrang', 'toq-kok', 'tillarang'],
            },
          ],
        ],
      ],
      [
        'kompyuterlar-va-monitorlar',
        'Kompyuterlar va monitorlar',
        'Компьютеры и мониторы',
        [
          ['tizim-bloklari', 'Tizim bloklari', 'Системные блоки', 'desktop'],
          [
            'monobloklar',
            'Monobloklar',
            'Моноблоки',
            'desktop',
            {
              noun: n('Моноблок', 'monobloki'),
              brands: {
                hp: ['All-in-One 24-cr0', 'ProOne 240 G9'],
                lenovo: ['IdeaCentre AIO 3', 'IdeaCentre AIO 27'],
                acer: ['Aspire C24', 'Aspire C27'],
                asus: ['A3402', 'Vivo AiO V241'],
              },
              attributes: [
                { slug: 'diagonal', tokens: ['24', '27'] },
                { slug: 'cpu', tokens: ['Intel Core i3', 'Intel Core i5', 'AMD Ryzen 5'] },
                { slug: 'ram', tokens: ['8', '16'] },
                { slug: 'ssd', tokens: ['256', '512'] },
              ],
              spec: ['{diagonal}" {cpu}, {ram} ГБ', '{diagonal}" {cpu}, {ram} GB'],
              colors: ['oq', 'qora'],
            },
          ],
          ['monitorlar', 'Monitorlar', 'Мониторы', 'monitor', { weight: 2 }],
        ],
      ],
      [
        'printerlar-va-orgtexnika',
        'Printerlar va orgtexnika',
        'Принтеры и оргтехника',
        [
          ['printerlar', 'Printerlar', 'Принтеры', 'printer'],
          [
            'kfq',
            "Ko'p funksiyali qurilmalar",
            'МФУ',
            'printer',
            {
              noun: n('МФУ', "ko'p funksiyali qurilmasi", 'n'),
              brands: {
                canon: ['i-SENSYS MF3010', 'PIXMA G3411'],
                hp: ['LaserJet MFP M141w', 'Smart Tank 580'],
                epson: ['L3256', 'L4260'],
                pantum: ['M6500W', 'M7100DW'],
              },
            },
          ],
          [
            'kartridjlar',
            'Kartridjlar',
            'Картриджи',
            'printer',
            {
              noun: n('Картридж', 'kartriji'),
              brands: {
                canon: ['725', '737', 'GI-41 Black'],
                hp: ['106A', '107A', '123 XL'],
                pantum: ['PC-211EV', 'TL-420H'],
                epson: ['103 EcoTank Black'],
              },
              price: [150_000, 1_200_000],
              colors: [],
            },
          ],
        ],
      ],
      [
        'tarmoq-uskunalari',
        'Tarmoq uskunalari',
        'Сетевое оборудование',
        [
          ['wi-fi-routerlar', 'Wi-Fi routerlar', 'Wi-Fi роутеры', 'router'],
          [
            'mesh-tizimlar',
            'Mesh tizimlar',
            'Mesh-системы',
            'router',
            {
              noun: n('Mesh-система', 'Mesh tizimi', 'f'),
              brands: {
                'tp-link': ['Deco X20 (2-pack)', 'Deco M4 (3-pack)', 'Deco XE75'],
                xiaomi: ['Mesh System AX3000 (2-pack)'],
                keenetic: ['Buddy 5'],
                asus: ['ZenWiFi XD4'],
              },
              price: [900_000, 6_000_000],
            },
          ],
          [
            '4g-modemlar',
            '4G modemlar',
            '4G-модемы',
            'router',
            {
              noun: n('4G-модем', '4G modemi'),
              brands: {
                huawei: ['E3372h', 'B311'],
                'tp-link': ['Archer MR600', 'TL-MR100'],
                zte: ['MF79U', 'MF283'],
              },
              attributes: [],
              price: [300_000, 1_800_000],
            },
          ],
        ],
      ],
      [
        'kompyuter-aksessuarlari',
        'Kompyuter aksessuarlari',
        'Компьютерные аксессуары',
        [
          [
            'veb-kameralar',
            'Veb-kameralar',
            'Веб-камеры',
            'camera',
            {
              noun: n('Веб-камера', 'veb-kamerasi', 'f'),
              brands: {
                logitech: ['C270', 'C920', 'Brio 500', 'StreamCam'],
                razer: ['Kiyo X'],
                a4tech: ['PK-910H'],
              },
              tokens: { resolution: ['HD', 'Full HD', '2K QHD', '4K UHD'] },
              attributes: [{ slug: 'resolution', tokens: ['HD', 'Full HD', '2K QHD', '4K UHD'] }],
              price: [150_000, 2_500_000],
              colors: ['qora', 'oq'],
            },
          ],
          [
            'kompyuter-kolonkalari',
            'Kompyuter kolonkalari',
            'Компьютерные колонки',
            'speaker',
            {
              noun: n('Компьютерные колонки', 'kompyuter kolonkalari', 'p'),
              brands: {
                logitech: ['Z120', 'Z313', 'Z407'],
                edifier: ['R1080BT', 'R1280DB', 'MR4'],
                sven: ['SPS-611', '312'],
              },
              tokens: { power: ['10', '20', '40', '60'] },
              price: [120_000, 2_500_000],
              colors: ['qora', 'oq', 'jigarrang'],
            },
          ],
          [
            'geyming-monitorlar',
            'Geyming monitorlar',
            'Игровые мониторы',
            'monitor',
            {
              brands: {
                samsung: ['Odyssey G5 C{diagonal}G55T', 'Odyssey G7'],
                lg: ['UltraGear {diagonal}GN600', 'UltraGear {diagonal}GS75Q'],
                asus: ['TUF Gaming VG{diagonal}AQ', 'ROG Strix XG{diagonal}ACS'],
                aoc: ['Gaming {diagonal}G2U', 'Gaming Q{diagonal}G2S'],
                xiaomi: ['Gaming Monitor G{diagonal}i'],
              },
              tokens: { diagonal: ['24', '27', '32'], resolution: ['Full HD', '2K QHD'] },
              spec: ['{diagonal}" {resolution} 165 Гц', '{diagonal}" {resolution} 165 Hz'],
              price: [2_500_000, 10_000_000],
              colors: ['qora'],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'maishiy-texnika',
    nameUz: 'Maishiy texnika',
    nameRu: 'Бытовая техника',
    isTop: true,
    subs: [
      [
        'muzlatgichlar',
        'Muzlatgichlar',
        'Холодильники',
        [
          [
            'ikki-kamerali-muzlatgichlar',
            'Ikki kamerali muzlatgichlar',
            'Двухкамерные холодильники',
            'fridge',
            {
              weight: 6,
            },
          ],
          [
            'side-by-side-muzlatgichlar',
            'Side-by-Side muzlatgichlar',
            'Холодильники Side-by-Side',
            'fridge',
            {
              noun: n('Холодильник Side-by-Side', 'Side-by-Side muzlatgichi'),
              brands: {
                samsung: ['RS64R5331B4', 'RS66A8101B1'],
                lg: ['GC-B257JLYV', 'GC-Q257CBFC'],
                artel: ['HS 700SBS', 'HS 650SBS'],
                hofmann: ['HR-550SBS'],
                midea: ['MDRS791MIE46'],
              },
              tokens: { volume: ['500', '600'] },
              price: [12_000_000, 40_000_000],
            },
          ],
          [
            'muzlatish-kameralari',
            'Muzlatish kameralari',
            'Морозильники',
            'fridge',
            {
              noun: n('Морозильная камера', 'muzlatish kamerasi', 'f'),
              brands: {
                artel: ['HS {volume}FN', 'HS {volume}CH'],
                shivaki: ['SFR-{volume}W', 'CF-{volume}W'],
                premier: ['PRM-{volume}FZ'],
                hofmann: ['FZ-{volume}W'],
                midea: ['MDRU{volume}FZF01'],
              },
              tokens: { volume: ['100', '150', '200', '250', '300'] },
              price: [2_500_000, 10_000_000],
              colors: ['oq', 'kumushrang'],
            },
          ],
        ],
      ],
      [
        'kir-yuvish-mashinalari',
        'Kir yuvish mashinalari',
        'Стиральные машины',
        [
          [
            'avtomat-kir-yuvish-mashinalari',
            'Avtomat kir yuvish mashinalari',
            'Стиральные машины-автомат',
            'washer',
            {
              weight: 6,
            },
          ],
          [
            'quritish-mashinalari',
            'Quritish mashinalari',
            'Сушильные машины',
            'washer',
            {
              noun: n('Сушильная машина', 'quritish mashinasi', 'f'),
              brands: {
                samsung: ['DV90T5240AE', 'DV90BB5245AE'],
                lg: ['RH80V3AV0N', 'RH90V9AV4N'],
                bosch: ['WTH85223', 'WQG24509'],
                beko: ['DS8512CX', 'B3T47238'],
              },
              tokens: { load: ['7', '8', '9'] },
              price: [6_000_000, 16_000_000],
            },
          ],
          [
            'idish-yuvish-mashinalari',
            'Idish yuvish mashinalari',
            'Посудомоечные машины',
            'dishwasher',
          ],
        ],
      ],
      [
        'oshxona-plitalari',
        'Plitalar va duxovkalar',
        'Плиты и духовые шкафы',
        [
          ['gaz-plitalar', 'Gaz plitalar', 'Газовые плиты', 'stove', { weight: 3 }],
          [
            'elektr-plitalar',
            'Elektr plitalar',
            'Электрические плиты',
            'stove',
            {
              noun: n('Электрическая плита', 'elektr plitasi', 'f'),
              brands: {
                artel: ['Apetito 50-E', 'Ottima 50-E'],
                gorenje: ['GEC5C40WG', 'EC5151WG'],
                beko: ['FFSS57000W', 'FSM67320GWS'],
                hofmann: ['ES-5050W'],
              },
              tokens: { burners: ['2', '4'] },
            },
          ],
          [
            'duxovkalar',
            'Duxovkalar',
            'Духовые шкафы',
            'stove',
            {
              noun: n('Духовой шкаф', 'duxovkasi'),
              brands: {
                bosch: ['HBF113BR0Q', 'HBA534BB3'],
                gorenje: ['BO6735E05B', 'BO6717E03X'],
                samsung: ['NV68A1140BK', 'NV7B41201AK'],
                midea: ['65DME40004', '65CME10104'],
                artel: ['MD 4212 E'],
              },
              attributes: [{ slug: 'volume', tokens: ['50', '80'] }],
              price: [3_000_000, 12_000_000],
              colors: ['qora', 'oq', 'kumushrang'],
            },
          ],
        ],
      ],
      [
        'changyutgichlar',
        'Changyutgichlar',
        'Пылесосы',
        [
          [
            'konteynerli-changyutgichlar',
            'Konteynerli changyutgichlar',
            'Пылесосы с контейнером',
            'vacuum',
            {
              weight: 3,
            },
          ],
          [
            'robot-changyutgichlar',
            'Robot changyutgichlar',
            'Роботы-пылесосы',
            'vacuum',
            {
              noun: n('Робот-пылесос', 'robot changyutgichi'),
              brands: {
                xiaomi: ['Robot Vacuum S10', 'Robot Vacuum X10+', 'Robot Vacuum E10'],
                dreame: ['D10 Plus Gen 2', 'L10s Ultra', 'X40 Ultra'],
                roborock: ['Q7 Max', 'S8 Pro Ultra', 'Q5 Pro'],
                samsung: ['Jet Bot+', 'Jet Bot AI+'],
              },
              attributes: [],
              price: [2_000_000, 14_000_000],
              colors: ['qora', 'oq'],
            },
          ],
          [
            'vertikal-changyutgichlar',
            'Vertikal changyutgichlar',
            'Вертикальные пылесосы',
            'vacuum',
            {
              noun: n('Вертикальный пылесос', 'vertikal changyutgichi'),
              brands: {
                dyson: ['V8 Absolute', 'V12 Detect Slim', 'V15 Detect', 'Gen5detect'],
                xiaomi: ['Vacuum Cleaner G10', 'Vacuum Cleaner G20 Lite'],
                dreame: ['R10', 'T30'],
                samsung: ['Jet 60', 'Bespoke Jet'],
                philips: ['XC3131/01', 'XC7043/01'],
              },
              attributes: [],
              price: [1_500_000, 12_000_000],
            },
          ],
        ],
      ],
      [
        'kiyim-parvarishi',
        'Kiyim parvarishi',
        'Уход за одеждой',
        [
          ['dazmollar', 'Dazmollar', 'Утюги', 'iron', { weight: 2 }],
          [
            'bug-generatorlari',
            "Bug' generatorlari",
            'Парогенераторы',
            'iron',
            {
              noun: n('Парогенератор', "bug' generatori"),
              brands: {
                philips: ['PSG3000/20', 'GC7930/20'],
                tefal: ['GV9712E0', 'SV6116E0'],
                braun: ['CareStyle 3', 'CareStyle 7'],
              },
              price: [1_500_000, 6_000_000],
            },
          ],
          [
            'otparivatellar',
            "Bug'lagichlar",
            'Отпариватели',
            'iron',
            {
              noun: n('Отпариватель', "bug'lagichi"),
              brands: {
                philips: ['STH3020/10', 'GC577/40'],
                tefal: ['DT8150E0', 'IT3420E0'],
                xiaomi: ['Lofans GT-306LW'],
              },
              tokens: { power: ['1800', '2000'] },
              price: [400_000, 3_000_000],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'iqlim-texnikasi',
    nameUz: 'Iqlim texnikasi',
    nameRu: 'Климатическая техника',
    isTop: true,
    subs: [
      [
        'konditsionerlar',
        'Konditsionerlar',
        'Кондиционеры',
        [
          ['split-tizimlar', 'Split tizimlar', 'Сплит-системы', 'air-conditioner', { weight: 6 }],
          [
            'inverterli-konditsionerlar',
            'Inverterli konditsionerlar',
            'Инверторные кондиционеры',
            'air-conditioner',
            {
              noun: n('Инверторный кондиционер', 'inverterli konditsioneri'),
              price: [4_500_000, 18_000_000],
              weight: 2,
            },
          ],
          [
            'mobil-konditsionerlar',
            'Mobil konditsionerlar',
            'Мобильные кондиционеры',
            'air-conditioner',
            {
              noun: n('Мобильный кондиционер', 'mobil konditsioneri'),
              brands: {
                ballu: ['BPAC-09 CE', 'BPHS-12H'],
                electrolux: ['EACM-10 HR/N3', 'EACM-12 CG/N3'],
                midea: ['MPPH-09CRN7', 'MPPD-12CRN7'],
              },
              tokens: { btu: ['07', '09', '12'] },
              price: [2_800_000, 7_000_000],
            },
          ],
        ],
      ],
      [
        'isitgichlar',
        'Isitgichlar',
        'Обогреватели',
        [
          ['moyli-radiatorlar', 'Moyli radiatorlar', 'Масляные радиаторы', 'heater'],
          [
            'konvektorlar',
            'Konvektorlar',
            'Конвекторы',
            'heater',
            {
              noun: n('Конвектор', 'konvektori'),
              brands: {
                ballu: ['Enzo BEC/EZMR-1500', 'Evolution Transformer'],
                electrolux: ['ECH/AG2-1500', 'Air Gate ECH/AG2'],
                xiaomi: ['Smart Space Heater S'],
                timberk: ['TEC.PF8N M 1500'],
              },
              tokens: { power: ['1000', '1500', '2000'] },
            },
          ],
          [
            'infraqizil-isitgichlar',
            'Infraqizil isitgichlar',
            'Инфракрасные обогреватели',
            'heater',
            {
              noun: n('Инфракрасный обогреватель', 'infraqizil isitgichi'),
              brands: {
                ballu: ['BIH-LW-1.5', 'BIH-AP4-1.0'],
                timberk: ['TCH A1N 1000', 'TIR HP1 1500'],
                artel: ['IR 1500', 'IR 2000'],
              },
              tokens: { power: ['1000', '1500', '2000'] },
            },
          ],
        ],
      ],
      [
        'ventilyatorlar-va-havo-tozalagichlar',
        'Ventilyatorlar va havo tozalagichlar',
        'Вентиляторы и очистители воздуха',
        [
          ['pol-ventilyatorlari', 'Pol ventilyatorlari', 'Напольные вентиляторы', 'fan'],
          [
            'stol-ventilyatorlari',
            'Stol ventilyatorlari',
            'Настольные вентиляторы',
            'fan',
            {
              noun: n('Настольный вентилятор', 'stol ventilyatori'),
              brands: {
                artel: ['FT 1202', 'FT 1205'],
                xiaomi: ['Mi Smart Fan Desk', 'Rosou SS4'],
                midea: ['FT3005', 'MVFD3001'],
              },
              tokens: { power: ['20', '40'] },
              price: [150_000, 900_000],
            },
          ],
          [
            'havo-tozalagichlar',
            'Havo tozalagichlar',
            'Очистители воздуха',
            'fan',
            {
              noun: n('Очиститель воздуха', 'havo tozalagichi'),
              brands: {
                xiaomi: [
                  'Smart Air Purifier 4',
                  'Smart Air Purifier 4 Compact',
                  'Air Purifier 4 Pro',
                ],
                philips: ['AC0820/10', 'AC2887/10', 'AC1715/10'],
                dyson: ['Purifier Cool TP07', 'Purifier Hot+Cool HP07'],
                samsung: ['AX40R3030WM', 'AX60R5080WD'],
              },
              tokens: { power: ['20', '40', '60'] },
              price: [900_000, 9_000_000],
              colors: ['oq', 'kulrang'],
            },
          ],
        ],
      ],
      [
        'suv-isitgichlar',
        'Suv isitgichlar',
        'Водонагреватели',
        [
          [
            'jamgarma-suv-isitgichlar',
            "Jamg'arma suv isitgichlari",
            'Накопительные водонагреватели',
            'water-heater',
            {
              weight: 2,
            },
          ],
          [
            'oqimli-suv-isitgichlar',
            'Oqimli suv isitgichlari',
            'Проточные водонагреватели',
            'water-heater',
            {
              noun: n('Проточный водонагреватель', 'oqimli suv isitgichi'),
              brands: {
                electrolux: ['Smartfix 2.0 5,5 T', 'NPX 6 Aquatronic'],
                thermex: ['Topflow 6000', 'System 800'],
                ariston: ['Aures S 6.0', 'Aures M 7.0'],
              },
              attributes: [{ slug: 'power', tokens: ['2800'] }],
              spec: null,
              price: [700_000, 3_500_000],
            },
          ],
          [
            'gaz-kolonkalari',
            'Gaz kolonkalari',
            'Газовые колонки',
            'water-heater',
            {
              noun: n('Газовая колонка', 'gaz kolonkasi', 'f'),
              brands: {
                ariston: ['Fast Evo ONT 11C', 'Next Evo SFT 11'],
                bosch: ['Therm 4000 O WR10-2P', 'Therm 2000 O W10 KB'],
                electrolux: ['GWH 10 NanoPlus 2.0', 'GWH 12 NanoPlus 2.0'],
                neva: ['4510', 'Lux 5514'],
              },
              attributes: [],
              spec: null,
              price: [1_800_000, 7_000_000],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'oshxona-texnikasi',
    nameUz: 'Oshxona texnikasi',
    nameRu: 'Техника для кухни',
    isTop: true,
    subs: [
      [
        'mikrotolqinli-pechlar',
        "Mikroto'lqinli pechlar",
        'Микроволновые печи',
        [
          [
            'solo-mikrotolqinli-pechlar',
            "Solo mikroto'lqinli pechlar",
            'Микроволновые печи соло',
            'microwave',
            {
              weight: 2,
            },
          ],
          [
            'grilli-mikrotolqinli-pechlar',
            "Grilli mikroto'lqinli pechlar",
            'Микроволновые печи с грилем',
            'microwave',
            {
              noun: n('Микроволновая печь с грилем', "grilli mikroto'lqinli pechi", 'f'),
              tokens: { volume: ['23', '25', '30'] },
            },
          ],
          [
            'mini-pechlar',
            'Mini pechlar',
            'Мини-печи',
            'microwave',
            {
              noun: n('Мини-печь', 'mini pechi', 'f'),
              brands: {
                avalon: ['AV-35MO', 'AV-45MO'],
                artel: ['MD 3618 L', 'MD 4218 L'],
                redmond: ['RO-5701', 'RO-5704'],
                delonghi: ['EO 32852', 'EO 20312'],
              },
              tokens: { volume: ['20', '25', '30', '50'], power: ['1000'] },
              attributes: [{ slug: 'volume', tokens: ['20', '25', '30', '50'] }],
              price: [700_000, 3_000_000],
            },
          ],
        ],
      ],
      [
        'choynaklar-va-qahva-mashinalari',
        'Choynaklar va qahva mashinalari',
        'Чайники и кофемашины',
        [
          ['elektr-choynaklar', 'Elektr choynaklar', 'Электрочайники', 'kettle', { weight: 2 }],
          [
            'termopotlar',
            'Termopotlar',
            'Термопоты',
            'kettle',
            {
              noun: n('Термопот', 'termopoti'),
              brands: {
                redmond: ['RTP-M810', 'RTP-M801'],
                avalon: ['AV-TP5000', 'AV-TP3500'],
                panasonic: ['NC-EG4000', 'NC-DG3000'],
                tefal: ['PF 5500', 'PF 5530'],
              },
              tokens: { volume: ['3', '4', '5'], power: ['1000'] },
              attributes: [{ slug: 'volume', tokens: ['3', '4', '5'] }],
              price: [500_000, 2_000_000],
            },
          ],
          [
            'qahva-mashinalari',
            'Qahva mashinalari',
            'Кофемашины',
            'kettle',
            {
              noun: n('Кофемашина', 'qahva mashinasi', 'f'),
              brands: {
                delonghi: ['Magnifica S ECAM 22.110', 'Dinamica ECAM 350.55', 'EC 685'],
                philips: ['EP1220/00', 'EP2231/40', 'EP3246/70'],
                krups: ['EA8150', 'Evidence One'],
              },
              attributes: [{ slug: 'power', tokens: ['1200', '1500'] }],
              spec: null,
              price: [2_500_000, 14_000_000],
              colors: ['qora', 'kumushrang', 'oq'],
            },
          ],
        ],
      ],
      [
        'blenderlar-va-mikserlar',
        'Blenderlar va mikserlar',
        'Блендеры и миксеры',
        [
          ['statsionar-blenderlar', 'Statsionar blenderlar', 'Стационарные блендеры', 'blender'],
          [
            'qol-blenderlari',
            "Qo'l blenderlari",
            'Погружные блендеры',
            'blender',
            {
              noun: n('Погружной блендер', "qo'l blenderi"),
              brands: {
                braun: ['MultiQuick 5 MQ5235', 'MultiQuick 7 MQ7035X'],
                philips: ['HR2531/00', 'HR2657/90'],
                bosch: ['MS6CA4150', 'ErgoMixx MS61B6170'],
                tefal: ['HB656838', 'Quickchef HB6568'],
              },
              tokens: { power: ['500', '700', '800', '1000'] },
            },
          ],
          [
            'mikserlar',
            'Mikserlar',
            'Миксеры',
            'blender',
            {
              noun: n('Миксер', 'mikseri'),
              brands: {
                bosch: ['MFQ2210D', 'MFQ4070'],
                philips: ['HR3741/00', 'HR3745/00'],
                kenwood: ['HMP30.A0WH', 'Chef KVC3100'],
                avalon: ['AV-MX300', 'AV-MX500'],
              },
              tokens: { power: ['300', '500', '700', '1000'] },
            },
          ],
        ],
      ],
      [
        'oshxona-kombaynlari',
        "Go'sht maydalagichlar va kombaynlar",
        'Мясорубки и комбайны',
        [
          [
            'gosht-maydalagichlar',
            "Go'sht maydalagichlar",
            'Мясорубки',
            'blender',
            {
              noun: n('Мясорубка', "go'sht maydalagichi", 'f'),
              brands: {
                bosch: ['MFW3X18B', 'MFW2520W'],
                moulinex: ['ME6068', 'HV8 ME682'],
                kenwood: ['MG510', 'MG700'],
                redmond: ['RMG-1216', 'RMG-1222'],
                avalon: ['AV-MG2000', 'AV-MG2500'],
                panasonic: ['MK-MG1300'],
              },
              tokens: { power: ['1500', '1800', '2000', '2200'] },
              price: [600_000, 3_500_000],
              weight: 2,
            },
          ],
          [
            'oshxona-kombaynlari-2',
            'Oshxona kombaynlari',
            'Кухонные комбайны',
            'blender',
            {
              noun: n('Кухонный комбайн', 'oshxona kombayni'),
              brands: {
                bosch: ['MCM3501M', 'MUM5 CreationLine'],
                kenwood: ['FDP65.750WH', 'Chef XL'],
                moulinex: ['Double Force FP826H'],
                philips: ['HR7510/10', 'HR7776/90'],
              },
              tokens: { power: ['800', '1000', '1200', '1500'] },
              price: [1_200_000, 9_000_000],
            },
          ],
          [
            'sharbat-siqgichlar',
            "Sharbat siqg'ichlar",
            'Соковыжималки',
            'blender',
            {
              noun: n('Соковыжималка', "sharbat siqg'ichi", 'f'),
              brands: {
                philips: ['HR1832/00', 'HR1922/20'],
                bosch: ['MES25A0', 'MES3500'],
                kenwood: ['JE680', 'JE850'],
                redmond: ['RJ-M902', 'RJ-930S'],
              },
              tokens: { power: ['300', '500', '700', '800'] },
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'gozallik-va-salomatlik',
    nameUz: "Go'zallik va salomatlik",
    nameRu: 'Красота и здоровье',
    isTop: true,
    subs: [
      [
        'soch-parvarishi',
        'Soch parvarishi uchun texnika',
        'Техника для волос',
        [
          ['fenlar', 'Fenlar', 'Фены', 'hair-dryer', { weight: 2 }],
          [
            'soch-tekislagichlar',
            'Soch tekislagichlar',
            'Выпрямители для волос',
            'hair-dryer',
            {
              noun: n('Выпрямитель для волос', 'soch tekislagichi'),
              brands: {
                philips: ['BHS375/00', 'BHS732/00'],
                remington: ['S3500', 'S9100'],
                dyson: ['Corrale HS07', 'Airstrait HT01'],
                babyliss: ['ST089E', 'ST397E'],
                rowenta: ['SF4522F0', 'SF1627F0'],
              },
              attributes: [],
              price: [250_000, 8_000_000],
            },
          ],
          [
            'soch-olish-mashinkalari',
            'Soch olish mashinkalari',
            'Машинки для стрижки',
            'shaver',
            {
              noun: n('Машинка для стрижки', 'soch olish mashinkasi', 'f'),
              brands: {
                philips: ['HC3505/15', 'HC5630/15', 'MG3740/15'],
                braun: ['HC5310', 'MGK5260'],
                remington: ['HC5150', 'HC7110'],
                panasonic: ['ER-GC71', 'ER-1512'],
              },
              price: [250_000, 1_500_000],
            },
          ],
        ],
      ],
      [
        'soqol-olish-va-epilyatsiya',
        'Soqol olish va epilyatsiya',
        'Бритьё и эпиляция',
        [
          ['elektr-ustaralar', 'Elektr ustaralar', 'Электробритвы', 'shaver', { weight: 2 }],
          [
            'epilyatorlar',
            'Epilyatorlar',
            'Эпиляторы',
            'shaver',
            {
              noun: n('Эпилятор', 'epilyatori'),
              brands: {
                braun: ['Silk-epil 5 SE5-000', 'Silk-epil 9 SES 9-720'],
                philips: ['BRE225/00', 'BRE715/00'],
                rowenta: ['EP5620F0'],
              },
              price: [400_000, 2_500_000],
              colors: ['oq', 'pushti', 'binafsha'],
            },
          ],
          [
            'trimmerlar',
            'Trimmerlar',
            'Триммеры',
            'shaver',
            {
              noun: n('Триммер', 'trimmeri'),
              brands: {
                philips: ['MG7920/15', 'BT3206/14'],
                braun: ['BT3321', 'MGK7220'],
                xiaomi: ['Mijia Beard Trimmer', 'Grooming Kit Pro'],
                remington: ['MB4110', 'PG6130'],
              },
              price: [200_000, 1_800_000],
            },
          ],
        ],
      ],
      [
        'parfyumeriya',
        'Parfyumeriya',
        'Парфюмерия',
        [
          ['ayollar-atirlari', 'Ayollar atirlari', 'Женская парфюмерия', 'perfume', { weight: 2 }],
          [
            'erkaklar-atirlari',
            'Erkaklar atirlari',
            'Мужская парфюмерия',
            'perfume',
            {
              brands: {
                dior: ['Sauvage', 'Homme Intense'],
                chanel: ['Bleu de Chanel', 'Allure Homme Sport'],
                versace: ['Eros', 'Dylan Blue'],
                'hugo-boss': ['Boss Bottled', 'Boss The Scent'],
                lattafa: ['Asad', 'Khamrah', 'Oud Mood'],
                'giorgio-armani': ['Acqua di Giò', 'Code'],
              },
              weight: 2,
            },
          ],
          [
            'uniseks-atirlar',
            'Uniseks atirlar',
            'Парфюмерия унисекс',
            'perfume',
            {
              brands: {
                lattafa: ['Khamrah Qahwa', "Bade'e Al Oud"],
                'tom-ford': ['Ombré Leather', 'Tobacco Vanille'],
                montale: ['Arabians Tonka', 'Intense Cafe'],
                'maison-francis-kurkdjian': ['Baccarat Rouge 540'],
              },
            },
          ],
        ],
      ],
      [
        'kosmetika',
        'Kosmetika',
        'Косметика',
        [
          ['yuz-parvarishi', 'Yuz parvarishi', 'Уход за лицом', 'cosmetics', { weight: 2 }],
          [
            'soch-parvarishi-vositalari',
            'Soch parvarishi vositalari',
            'Средства для волос',
            'cosmetics',
            {
              noun: n('Шампунь', 'shampuni'),
              brands: {
                loreal: ['Elseve Full Resist', 'Elseve Hyaluron'],
                garnier: ['Fructis SOS', 'Botanic Therapy'],
                'head-shoulders': ['Classic Clean', 'Menthol'],
                pantene: ['Pro-V Intensive Repair', 'Aqua Light'],
                nivea: ['Men Strong Power', 'Volume Care'],
              },
              tokens: { 'volume-ml': ['200', '400'] },
              price: [35_000, 180_000],
            },
          ],
          [
            'tana-parvarishi',
            'Tana parvarishi',
            'Уход за телом',
            'cosmetics',
            {
              noun: n('Лосьон для тела', 'tana losoni'),
              brands: {
                nivea: ['Express Hydration', 'Cocoa Butter'],
                dove: ['Essential Nourishment', 'Deeply Nourishing'],
                cerave: ['Moisturising Lotion', 'SA Smoothing'],
                garnier: ['Intensive 7 Days'],
              },
              tokens: { 'volume-ml': ['200', '400'] },
              price: [45_000, 350_000],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'kiyim',
    nameUz: 'Kiyim',
    nameRu: 'Одежда',
    isTop: true,
    subs: [
      [
        'erkaklar-kiyimi',
        'Erkaklar kiyimi',
        'Мужская одежда',
        [
          [
            'erkaklar-futbolkalari',
            'Erkaklar futbolkalari',
            'Мужские футболки',
            'tshirt',
            { weight: 2 },
          ],
          ['erkaklar-jinsilari', 'Erkaklar jinsilari', 'Мужские джинсы', 'jeans'],
          ['erkaklar-kurtkalari', 'Erkaklar kurtkalari', 'Мужские куртки', 'jacket'],
        ],
      ],
      [
        'ayollar-kiyimi',
        'Ayollar kiyimi',
        'Женская одежда',
        [
          ['koylaklar', "Ko'ylaklar", 'Платья', 'dress', { weight: 2 }],
          [
            'ayollar-futbolkalari',
            'Ayollar futbolkalari',
            'Женские футболки',
            'tshirt',
            {
              noun: n('Футболка женская', 'ayollar futbolkasi', 'f'),
              tokens: { size: ['XS', 'S', 'M', 'L', 'XL'] },
              colors: ['qora', 'oq', 'bej', 'pushti', 'havorang', 'binafsha'],
            },
          ],
          [
            'ayollar-kurtkalari',
            'Ayollar kurtkalari',
            'Женские куртки',
            'jacket',
            {
              noun: n('Куртка женская', 'ayollar kurtkasi', 'f'),
              tokens: { size: ['XS', 'S', 'M', 'L', 'XL'] },
              colors: ['qora', 'bej', 'oq', 'pushti', 'kulrang', 'jigarrang'],
            },
          ],
          [
            'ayollar-jinsilari',
            'Ayollar jinsilari',
            'Женские джинсы',
            'jeans',
            {
              noun: n('Джинсы женские', 'ayollar jinsisi', 'p'),
              brands: {
                mavi: ['Serenay', 'Adriana', 'Sophie'],
                levis: ['Ribcage Straight', '311 Shaping Skinny'],
                zara: ['Mom Fit', 'Wide Leg'],
                'lc-waikiki': ['Mom', 'Skinny'],
                koton: ['Wide Leg', 'Straight'],
              },
              tokens: { size: ['XS', 'S', 'M', 'L', 'XL'] },
            },
          ],
        ],
      ],
      [
        'bolalar-kiyimi',
        'Bolalar kiyimi',
        'Детская одежда',
        [
          [
            'ogil-bolalar-kiyimi',
            "O'g'il bolalar kiyimi",
            'Одежда для мальчиков',
            'tshirt',
            {
              noun: n('Футболка для мальчика', "o'g'il bolalar futbolkasi", 'f'),
              brands: {
                'lc-waikiki': ['Printed', 'Basic'],
                defacto: ['Boy Regular Fit', 'Boy Oversize'],
                koton: ['Kids Basic'],
                hm: ['Printed Cotton'],
                adidas: ['Essentials Kids'],
              },
              attributes: [
                {
                  slug: 'kids-size',
                  tokens: ['98', '104', '110', '116', '122', '128', '134', '140', '152'],
                  multi: [2, 5],
                },
                { slug: 'material', tokens: ['cotton'] },
              ],
              price: [50_000, 200_000],
              colors: BOY_COLORS,
            },
          ],
          [
            'qiz-bolalar-kiyimi',
            'Qiz bolalar kiyimi',
            'Одежда для девочек',
            'dress',
            {
              noun: n('Платье для девочки', "qiz bolalar ko'ylagi", 'n'),
              brands: {
                'lc-waikiki': ['Floral', 'Tulle'],
                defacto: ['Girl A-Line', 'Girl Party'],
                hm: ['Jersey', 'Tulle'],
                koton: ['Kids Floral'],
              },
              attributes: [
                {
                  slug: 'kids-size',
                  tokens: ['98', '104', '110', '116', '122', '128', '134', '140'],
                  multi: [2, 5],
                },
                { slug: 'material', tokens: ['cotton', 'polyester'] },
              ],
              price: [90_000, 450_000],
              colors: ['pushti', 'oq', 'qizil', 'havorang', 'sariq', 'binafsha'],
            },
          ],
          [
            'chaqaloqlar-kiyimi',
            'Chaqaloqlar kiyimi',
            'Одежда для малышей',
            'tshirt',
            {
              noun: n('Боди детский', 'chaqaloq bodisi', 'n'),
              brands: {
                mothercare: ['Essentials 3-pack', 'Organic Cotton'],
                'lc-waikiki': ['Baby Basic'],
                hm: ['Baby 2-pack'],
                carters: ['Little Planet', 'Basic 5-pack'],
              },
              attributes: [
                { slug: 'kids-size', tokens: ['80', '92', '98'], multi: [1, 3] },
                { slug: 'material', tokens: ['cotton'] },
              ],
              price: [60_000, 250_000],
              colors: ['oq', 'havorang', 'pushti', 'sariq', 'bej'],
            },
          ],
        ],
      ],
      [
        'sport-kiyimi',
        'Sport kiyimi',
        'Спортивная одежда',
        [
          [
            'sport-kostyumlari',
            'Sport kostyumlari',
            'Спортивные костюмы',
            'jacket',
            {
              noun: n('Спортивный костюм', 'sport kostyumi'),
              brands: {
                adidas: ['Essentials 3-Stripes', 'Tiro 24', 'Basic 3-Stripes'],
                nike: ['Club Fleece', 'Dri-FIT Academy'],
                puma: ['Classic Baseball', 'Poly Suit'],
              },
              tokens: { material: ['polyester', 'textile'] },
              price: [350_000, 1_800_000],
            },
          ],
          [
            'sport-futbolkalari',
            'Sport futbolkalari',
            'Спортивные футболки',
            'tshirt',
            {
              noun: n('Спортивная футболка', 'sport futbolkasi', 'f'),
              brands: {
                adidas: ['Own the Run', 'Tiro 24 Jersey'],
                nike: ['Dri-FIT Miler', 'Dri-FIT Park'],
                puma: ['teamGOAL 23', 'Run Favorite'],
              },
              tokens: { material: ['polyester'] },
              price: [150_000, 600_000],
            },
          ],
          [
            'xudilar',
            'Xudilar',
            'Худи',
            'jacket',
            {
              noun: n('Худи', 'xudisi', 'n'),
              brands: {
                nike: ['Club Fleece', 'Tech Fleece'],
                adidas: ['Essentials Fleece', 'Trefoil'],
                puma: ['ESS Big Logo', 'Classics'],
                zara: ['Oversize', 'Basic'],
                'lc-waikiki': ['Basic', 'Printed'],
              },
              tokens: { material: ['cotton', 'polyester'] },
              price: [200_000, 1_500_000],
            },
          ],
        ],
      ],
      [
        'ustki-kiyim',
        'Ustki kiyim',
        'Верхняя одежда',
        [
          [
            'paltolar',
            'Paltolar',
            'Пальто',
            'jacket',
            {
              noun: n('Пальто', 'paltosi', 'n'),
              brands: {
                zara: ['Wool Blend', 'Oversize'],
                mango: ['Wool', 'Double-Breasted'],
                'lc-waikiki': ['Classic', 'Cachet'],
                koton: ['Long', 'Belted'],
              },
              tokens: { material: ['wool', 'polyester'] },
              price: [600_000, 3_500_000],
            },
          ],
          [
            'puxoviklar',
            'Puxoviklar',
            'Пуховики',
            'jacket',
            {
              noun: n('Пуховик', 'puxovigi'),
              brands: {
                columbia: ['Pike Lake II', 'Puffect'],
                'the-north-face': ['1996 Retro Nuptse', 'Himalayan'],
                zara: ['Puffer', 'Water-Repellent'],
                defacto: ['Puffer', 'Hooded'],
              },
              tokens: { material: ['polyester'] },
              price: [700_000, 5_000_000],
            },
          ],
          [
            'jiletlar',
            'Jiletlar',
            'Жилеты',
            'jacket',
            {
              noun: n('Жилет', 'jileti'),
              brands: {
                columbia: ['Powder Lite Vest'],
                'lc-waikiki': ['Puffer Vest', 'Knit'],
                defacto: ['Puffer Vest'],
                zara: ['Quilted'],
              },
              tokens: { material: ['polyester', 'wool'] },
              price: [200_000, 1_500_000],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'poyabzal',
    nameUz: 'Poyabzal',
    nameRu: 'Обувь',
    isTop: true,
    subs: [
      [
        'erkaklar-poyabzali',
        'Erkaklar poyabzali',
        'Мужская обувь',
        [
          [
            'erkaklar-krossovkalari',
            'Erkaklar krossovkalari',
            'Мужские кроссовки',
            'sneaker',
            { weight: 4 },
          ],
          ['erkaklar-botinkalari', 'Erkaklar botinkalari', 'Мужские ботинки', 'boot'],
          [
            'erkaklar-tuflilari',
            'Erkaklar tuflilari',
            'Мужские туфли',
            'boot',
            {
              noun: n('Туфли мужские', 'erkaklar tuflisi', 'p'),
              brands: {
                ecco: ['Melbourne', 'St.1 Hybrid'],
                rieker: ['B1721', '13500'],
                geox: ['Uomo Brandolf', 'Uomo Terence'],
              },
              tokens: { material: ['leather', 'suede'] },
            },
          ],
        ],
      ],
      [
        'ayollar-poyabzali',
        'Ayollar poyabzali',
        'Женская обувь',
        [
          [
            'ayollar-krossovkalari',
            'Ayollar krossovkalari',
            'Женские кроссовки',
            'sneaker',
            {
              noun: n('Кроссовки женские', 'ayollar krossovkasi', 'p'),
              tokens: { 'shoe-size': ['36', '37', '38', '39', '40', '41'] },
              colors: ['oq', 'qora', 'bej', 'pushti', 'havorang', 'kulrang'],
              weight: 2,
            },
          ],
          [
            'ayollar-etiklari',
            'Ayollar etiklari',
            'Женские сапоги',
            'boot',
            {
              noun: n('Сапоги женские', 'ayollar etigi', 'p'),
              brands: {
                ecco: ['Modtray', 'Sartorelle 25'],
                rieker: ['Z9591', '94753'],
                geox: ['Felicity', 'Iridea'],
                tamaris: ['1-25096', '1-26220'],
              },
              tokens: { 'shoe-size': ['36', '37', '38', '39', '40', '41'] },
            },
          ],
          [
            'ayollar-tuflilari',
            'Ayollar tuflilari',
            'Женские туфли',
            'boot',
            {
              noun: n('Туфли женские', 'ayollar tuflisi', 'p'),
              brands: {
                tamaris: ['1-22415', '1-22446'],
                rieker: ['L9351', '41050'],
                zara: ['Slingback', 'Block Heel'],
                ecco: ['Sculpted LX 55'],
              },
              tokens: {
                'shoe-size': ['36', '37', '38', '39', '40', '41'],
                material: ['leather', 'suede', 'eco-leather'],
              },
              colors: ['qora', 'bej', 'qizil', 'oq'],
            },
          ],
        ],
      ],
      [
        'bolalar-poyabzali',
        'Bolalar poyabzali',
        'Детская обувь',
        [
          [
            'bolalar-krossovkalari',
            'Bolalar krossovkalari',
            'Детские кроссовки',
            'sneaker',
            {
              noun: n('Кроссовки детские', 'bolalar krossovkasi', 'p'),
              brands: {
                nike: ['Revolution 7 (PS)', 'Court Borough Low'],
                adidas: ['Tensaur Run 2.0 K', 'Grand Court 2.0 K'],
                puma: ['Courtflex v2', 'Smash 3.0 Jr'],
                skechers: ['Microspec', 'S Lights'],
              },
              tokens: { 'shoe-size': ['26', '28', '30', '32', '34', '36'] },
              colors: KIDS_COLORS,
              price: [200_000, 900_000],
            },
          ],
          [
            'bolalar-botinkalari',
            'Bolalar botinkalari',
            'Детские ботинки',
            'boot',
            {
              noun: n('Ботинки детские', 'bolalar botinkasi', 'p'),
              brands: {
                kotofey: ['352251', '552190'],
                ecco: ['Urban Mini', 'Snow Mountain'],
                geox: ['J Bunshee', 'J Simbyos'],
              },
              tokens: { 'shoe-size': ['22', '24', '26', '28', '30', '32', '34'] },
              price: [250_000, 1_200_000],
            },
          ],
          [
            'bolalar-sandallari',
            'Bolalar sandallari',
            'Детские сандалии',
            'sneaker',
            {
              noun: n('Сандалии детские', 'bolalar sandali', 'p'),
              brands: {
                kotofey: ['322065', '422010'],
                crocs: ['Classic Clog K', 'Crocband'],
                skechers: ['Sport Sandal', 'Light Hearts'],
              },
              tokens: {
                'shoe-size': ['22', '24', '26', '28', '30', '32'],
                material: ['textile', 'leather'],
              },
              colors: KIDS_COLORS,
              price: [120_000, 600_000],
            },
          ],
        ],
      ],
      [
        'sport-poyabzali',
        'Sport poyabzali',
        'Спортивная обувь',
        [
          [
            'yugurish-krossovkalari',
            'Yugurish krossovkalari',
            'Беговые кроссовки',
            'sneaker',
            {
              noun: n('Беговые кроссовки', 'yugurish krossovkasi', 'p'),
              brands: {
                nike: ['Pegasus 41', 'Invincible 3'],
                adidas: ['Ultraboost 5', 'Adizero SL'],
                asics: ['Gel-Kayano 31', 'Gel-Nimbus 26', 'Gel-Contend 9'],
                'new-balance': ['Fresh Foam X 880v14'],
                puma: ['Velocity Nitro 3'],
              },
              tokens: { material: ['textile'] },
              price: [600_000, 3_000_000],
            },
          ],
          [
            'futbol-butsalari',
            'Futbol butsalari',
            'Футбольные бутсы',
            'sneaker',
            {
              noun: n('Бутсы', 'futbol butsasi', 'p'),
              brands: {
                nike: ['Mercurial Vapor 16 Academy', 'Phantom GX II'],
                adidas: ['Predator League', 'Copa Pure 2', 'X Crazyfast'],
                puma: ['Future 7 Play', 'Ultra 5 Match'],
              },
              tokens: { material: ['textile', 'eco-leather'] },
              colors: ['oq', 'qora', 'sariq', 'qizil', 'kok'],
            },
          ],
          [
            'basketbol-krossovkalari',
            'Basketbol krossovkalari',
            'Баскетбольные кроссовки',
            'sneaker',
            {
              noun: n('Баскетбольные кроссовки', 'basketbol krossovkasi', 'p'),
              brands: {
                nike: ['LeBron Witness 8', 'Giannis Immortality 4'],
                adidas: ['Dame 9', 'D.O.N. Issue 6'],
                puma: ['MB.03', 'Court Rider'],
                'li-ning': ['Way of Wade 10'],
              },
              tokens: { material: ['textile', 'eco-leather'] },
              price: [700_000, 3_000_000],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'aksessuarlar',
    nameUz: 'Aksessuarlar',
    nameRu: 'Аксессуары',
    isTop: false,
    subs: [
      [
        'sumkalar-va-ryukzaklar',
        'Sumkalar va ryukzaklar',
        'Сумки и рюкзаки',
        [
          ['ayollar-sumkalari', 'Ayollar sumkalari', 'Женские сумки', 'bag', { weight: 2 }],
          [
            'ryukzaklar',
            'Ryukzaklar',
            'Рюкзаки',
            'bag',
            {
              noun: n('Рюкзак', 'ryukzagi'),
              brands: {
                xiaomi: ['Casual Daypack', 'Urban Backpack'],
                samsonite: ['Guardit 2.0', 'Vectura Evo'],
                adidas: ['Classic Badge of Sport', 'Power VII'],
                nike: ['Heritage', 'Brasilia 9.5'],
                puma: ['Phase', 'Challenger'],
              },
              tokens: { material: ['textile'] },
              price: [150_000, 1_800_000],
              colors: ['qora', 'kulrang', 'toq-kok', 'yashil', 'bej'],
            },
          ],
          [
            'chamadonlar',
            'Chamadonlar',
            'Чемоданы',
            'bag',
            {
              noun: n('Чемодан', 'chamadoni'),
              brands: {
                samsonite: ['Upscape Spinner 68', 'Magnum Eco Spinner 75'],
                'american-tourister': ['Bon Air DLX', 'Soundbox'],
                xiaomi: ['90 Points Suitcase 24"', '90 Points Suitcase 20"'],
                verage: ['GM17016W', 'GM19023W'],
              },
              attributes: [],
              price: [500_000, 6_000_000],
              colors: ['qora', 'kulrang', 'toq-kok', 'yashil', 'bej', 'qizil'],
            },
          ],
        ],
      ],
      [
        'soatlar',
        "Qo'l soatlari",
        'Наручные часы',
        [
          ['erkaklar-soatlari', 'Erkaklar soatlari', 'Мужские часы', 'watch', { weight: 2 }],
          [
            'ayollar-soatlari',
            'Ayollar soatlari',
            'Женские часы',
            'watch',
            {
              noun: n('Наручные часы женские', "ayollar qo'l soati", 'p'),
              brands: {
                casio: ['Sheen SHE-4051', 'LTP-1302', 'Baby-G BA-110'],
                'daniel-wellington': ['Petite Melrose', 'Iconic Link'],
                tissot: ['T-Wave', 'Lovely Square'],
                guess: ['Soiree', 'Gia'],
                'michael-kors': ['Lexington', 'Runway'],
              },
              colors: ['kumushrang', 'tillarang', 'pushti', 'qora', 'oq'],
            },
          ],
          [
            'bolalar-soatlari',
            'Bolalar soatlari',
            'Детские часы',
            'watch',
            {
              noun: n('Наручные часы детские', "bolalar qo'l soati", 'p'),
              brands: {
                casio: ['F-91W', 'W-218H', 'LW-200'],
                'flik-flak': ['Tiny Cats', 'Space Ride'],
              },
              tokens: { material: ['plastic'] },
              price: [150_000, 800_000],
              colors: KIDS_COLORS,
            },
          ],
        ],
      ],
      [
        'hamyonlar-va-kamarlar',
        'Hamyonlar va kamarlar',
        'Кошельки и ремни',
        [
          [
            'hamyonlar',
            'Hamyonlar',
            'Кошельки',
            'bag',
            {
              noun: n('Кошелёк', 'hamyoni'),
              brands: {
                'tommy-hilfiger': ['TH Central', 'Essential'],
                guess: ['Laurel', 'Noelle'],
                'michael-kors': ['Jet Set Travel'],
                'lc-waikiki': ['Basic'],
              },
              tokens: { material: ['leather', 'eco-leather'] },
              price: [150_000, 1_800_000],
            },
          ],
          [
            'kamarlar',
            'Kamarlar',
            'Ремни',
            'bag',
            {
              noun: n('Ремень', 'kamari'),
              brands: {
                'tommy-hilfiger': ['Denton', 'Layton'],
                'lc-waikiki': ['Classic'],
                defacto: ['Leather Look'],
                guess: ['Vezzola'],
              },
              tokens: { material: ['leather', 'eco-leather'] },
              price: [90_000, 900_000],
              colors: ['qora', 'jigarrang'],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'mebel',
    nameUz: 'Mebel',
    nameRu: 'Мебель',
    isTop: true,
    subs: [
      [
        'yumshoq-mebel',
        'Yumshoq mebel',
        'Мягкая мебель',
        [
          ['divanlar', 'Divanlar', 'Диваны', 'sofa', { weight: 2 }],
          [
            'burchak-divanlar',
            'Burchak divanlar',
            'Угловые диваны',
            'sofa',
            { noun: n('Угловой диван', 'burchak divani'), price: [4_000_000, 30_000_000] },
          ],
          ['kreslolar', 'Kreslolar', 'Кресла', 'armchair'],
        ],
      ],
      [
        'yotoqxona-mebeli',
        'Yotoqxona mebeli',
        'Мебель для спальни',
        [
          ['karavotlar', 'Karavotlar', 'Кровати', 'bed'],
          [
            'matraslar',
            'Matraslar',
            'Матрасы',
            'bed',
            {
              noun: n('Матрас', 'matrasi'),
              brands: {
                askona: ['Balance Forma', 'Comfort Plus', 'Serta Pure'],
                ormatek: ['Optima Classic', 'Flex Smart'],
                consul: ['Kombi', 'Prestige'],
              },
              attributes: [{ slug: 'bed-size', tokens: ['90', '120', '140', '160', '180'] }],
              price: [800_000, 8_000_000],
              colors: [],
            },
          ],
          ['shkaflar', 'Shkaflar', 'Шкафы', 'wardrobe'],
        ],
      ],
      [
        'oshxona-mebeli',
        'Oshxona mebeli',
        'Кухонная мебель',
        [
          ['oshxona-stollari', 'Oshxona stollari', 'Обеденные столы', 'table'],
          ['oshxona-stullari', 'Oshxona stullari', 'Стулья', 'chair'],
          [
            'oshxona-garniturlari',
            'Oshxona garniturlari',
            'Кухонные гарнитуры',
            'wardrobe',
            {
              noun: n('Кухонный гарнитур', 'oshxona garnituri'),
              brands: {
                lazurit: [
                  ['Nova 2.4 m', 'Nova 2,4 м'],
                  ['Sofia 2.0 m', 'Sofia 2,0 м'],
                ],
                stolplit: [
                  ['Mila 1.8 m', 'Mila 1,8 м'],
                  ['Loft 2.2 m', 'Loft 2,2 м'],
                ],
                hoff: [
                  ['Lorena 2.4 m', 'Lorena 2,4 м'],
                  ['Modena 2.0 m', 'Modena 2,0 м'],
                ],
              },
              tokens: { material: ['chipboard', 'mdf'] },
              price: [4_000_000, 25_000_000],
            },
          ],
        ],
      ],
      [
        'ofis-mebeli',
        'Ofis mebeli',
        'Офисная мебель',
        [
          [
            'kompyuter-stollari',
            'Kompyuter stollari',
            'Компьютерные столы',
            'table',
            {
              noun: n('Компьютерный стол', 'kompyuter stoli'),
              brands: {
                stolplit: ['Loft 120', 'Skandi 140'],
                hoff: ['Trend', 'Lite'],
                cougar: ['Mars 120', 'Tao'],
              },
              tokens: { material: ['chipboard', 'metal', 'wood'] },
              price: [700_000, 5_000_000],
            },
          ],
          [
            'ofis-kreslolari',
            'Ofis kreslolari',
            'Офисные кресла',
            'chair',
            {
              noun: n('Офисное кресло', 'ofis kreslosi', 'n'),
              brands: {
                chairman: ['CH-696', 'CH-818', 'CH-279'],
                metta: ['SU-BP-8', 'Samurai S-1.04'],
                hoff: ['Orion', 'Bit'],
              },
              tokens: { material: ['textile', 'eco-leather', 'leather'] },
              price: [700_000, 6_000_000],
              colors: ['qora', 'kulrang', 'jigarrang'],
            },
          ],
          [
            'geyming-kreslolar',
            'Geyming kreslolar',
            'Игровые кресла',
            'chair',
            {
              noun: n('Игровое кресло', 'geyming kreslosi', 'n'),
              brands: {
                cougar: ['Armor One', 'Explore S'],
                dxracer: ['Formula OH/FE08', 'Drifting'],
                aerocool: ['AC220 AIR', 'Baron'],
              },
              tokens: { material: ['eco-leather', 'textile'] },
              price: [1_500_000, 7_000_000],
              colors: ['qora', 'qizil', 'oq', 'kok'],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'uy-va-oshxona',
    nameUz: 'Uy va oshxona',
    nameRu: 'Дом и кухня',
    isTop: false,
    subs: [
      [
        'idish-tovoqlar',
        'Idish-tovoqlar',
        'Посуда',
        [
          ['qozonlar', 'Qozonlar', 'Казаны', 'cookware', { weight: 2 }],
          [
            'skovorodkalar',
            'Skovorodkalar',
            'Сковороды',
            'cookware',
            {
              noun: n('Сковорода', 'skovorodkasi', 'f'),
              brands: {
                tefal: [
                  ['Ingenio Easy Cook 28 sm', 'Ingenio Easy Cook 28 см'],
                  ['Unlimited 24 sm', 'Unlimited 24 см'],
                  ['Simply Clean 26 sm', 'Simply Clean 26 см'],
                ],
                rondell: [
                  ['Kortado 24 sm', 'Kortado 24 см'],
                  ['Escurion 28 sm', 'Escurion 28 см'],
                ],
                biol: [['Grill 26 sm', 'Grill 26 см']],
              },
              attributes: [{ slug: 'material', tokens: ['aluminium', 'cast-iron', 'steel'] }],
              spec: null,
              price: [150_000, 1_200_000],
            },
          ],
          [
            'idish-toplamlari',
            "Idish to'plamlari",
            'Наборы посуды',
            'cookware',
            {
              noun: n('Набор кастрюль', "kastryulkalar to'plami"),
              brands: {
                tefal: [
                  ['Primary, 6 predmet', 'Primary, 6 предметов'],
                  ['Duetto+, 10 predmet', 'Duetto+, 10 предметов'],
                ],
                rondell: [['Strike, 8 predmet', 'Strike, 8 предметов']],
                'berlinger-haus': [
                  ['Emerald Collection, 10 predmet', 'Emerald Collection, 10 предметов'],
                  ['Metallic Line, 12 predmet', 'Metallic Line, 12 предметов'],
                ],
              },
              attributes: [{ slug: 'material', tokens: ['aluminium', 'steel'] }],
              spec: null,
              price: [600_000, 4_500_000],
            },
          ],
        ],
      ],
      [
        'yoritish',
        'Yoritish',
        'Освещение',
        [
          ['qandillar', 'Qandillar', 'Люстры', 'lamp'],
          [
            'stol-chiroqlari',
            'Stol chiroqlari',
            'Настольные лампы',
            'lamp',
            {
              noun: n('Настольная лампа', "stol chirog'i", 'f'),
              brands: {
                xiaomi: ['Mi LED Desk Lamp 1S', 'Mijia Table Lamp Lite'],
                philips: ['Donutclip', 'Hue Go'],
                eglo: ['Rosalie', 'Lovely'],
              },
              tokens: { power: ['10', '20', '40'] },
              price: [150_000, 1_500_000],
            },
          ],
          [
            'torsherlar',
            'Torsherlar',
            'Торшеры',
            'lamp',
            {
              noun: n('Торшер', 'torsheri'),
              brands: {
                eglo: ['Montefio', 'Almeida'],
                citilux: ['Tonga CL212', 'Kapsel'],
                'arte-lamp': ['Florence A1059', 'Goliath'],
              },
            },
          ],
        ],
      ],
      [
        'gilamlar',
        'Gilamlar',
        'Ковры',
        [
          ['gilamlar-2', 'Gilamlar', 'Ковры', 'carpet', { weight: 2 }],
          [
            'gilam-yolakchalari',
            "Gilam yo'lakchalari",
            'Ковровые дорожки',
            'carpet',
            {
              noun: n('Ковровая дорожка', "gilam yo'lakchasi", 'f'),
              brands: { merinos: ['Silver', 'Valencia'], sanat: ['Efes', 'Lizbon'] },
              tokens: { 'carpet-size': ['80x150'] },
              price: [150_000, 900_000],
            },
          ],
          [
            'bolalar-gilamlari',
            'Bolalar gilamlari',
            'Детские ковры',
            'carpet',
            {
              noun: n('Детский ковёр', 'bolalar gilami'),
              brands: { confetti: ['Cars', 'Play Mat', 'Rainbow'], merinos: ['Kids', 'Baby'] },
              tokens: { 'carpet-size': ['80x150', '160x230', '200x300'], material: ['polyester'] },
              colors: KIDS_COLORS,
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'bolalar-tovarlari',
    nameUz: 'Bolalar tovarlari',
    nameRu: 'Детские товары',
    isTop: true,
    subs: [
      [
        'bolalar-aravachalari',
        'Bolalar aravachalari',
        'Детские коляски',
        [
          [
            'sayr-aravachalari',
            'Sayr aravachalari',
            'Прогулочные коляски',
            'stroller',
            { weight: 2 },
          ],
          [
            'universal-aravachalar',
            'Universal aravachalar',
            'Коляски 2 в 1',
            'stroller',
            {
              noun: n('Коляска 2 в 1', '2 in 1 aravachasi', 'f'),
              brands: {
                anex: ['m/type', 'e/type', 'Cruise'],
                cybex: ['Balios S Lux', 'Priam'],
                chicco: ['Trio Best Friend'],
                tutis: ['Uno5+', 'Viva Life'],
              },
              price: [4_000_000, 18_000_000],
            },
          ],
          [
            'avtokreslolar',
            'Avtokreslolar',
            'Автокресла',
            'stroller',
            {
              noun: n('Автокресло', 'avtokreslosi', 'n'),
              brands: {
                cybex: ['Solution T i-Fix', 'Sirona T i-Size'],
                joie: ['i-Spin 360', 'Trillo Shield'],
                chicco: ['Seat3Fit i-Size'],
                'britax-romer': ['Kidfix i-Size', 'Dualfix 5Z'],
              },
              attributes: [{ slug: 'age', tokens: ['0', '1', '3'] }],
              price: [900_000, 7_000_000],
              colors: ['qora', 'kulrang', 'toq-kok', 'bej'],
            },
          ],
        ],
      ],
      [
        'oyinchoqlar',
        "O'yinchoqlar",
        'Игрушки',
        [
          ['konstruktorlar', 'Konstruktorlar', 'Конструкторы', 'toy', { weight: 2 }],
          [
            'qogirchoqlar',
            "Qo'g'irchoqlar",
            'Куклы',
            'toy',
            {
              noun: n('Кукла', "qo'g'irchog'i", 'f'),
              brands: {
                mattel: ['Barbie Dreamhouse Adventures', 'Barbie Fashionistas', 'Barbie Extra'],
                'lol-surprise': ['OMG Fashion Doll', 'Tweens'],
                'rainbow-high': ['Fantastic Fashion', 'Junior High'],
              },
              tokens: { age: ['3', '6'] },
              price: [150_000, 1_500_000],
            },
          ],
          [
            'radio-boshqariladigan-mashinalar',
            'Radio boshqariladigan mashinalar',
            'Радиоуправляемые машины',
            'toy',
            {
              noun: n('Радиоуправляемая машина', 'radio boshqariladigan mashinasi', 'f'),
              brands: {
                rastar: ['Lamborghini Aventador 1:14', 'Mercedes-AMG G63 1:14'],
                maisto: ['Tech Rock Crawler', 'Tech Street Troopers'],
                wltoys: ['144001', 'A959'],
              },
              tokens: { age: ['3', '6', '8'] },
              price: [200_000, 2_000_000],
              colors: ['qizil', 'qora', 'sariq', 'kok', 'oq'],
            },
          ],
          [
            'yumshoq-oyinchoqlar',
            "Yumshoq o'yinchoqlar",
            'Мягкие игрушки',
            'toy',
            {
              noun: n('Мягкая игрушка', "yumshoq o'yinchog'i", 'f'),
              brands: {
                jellycat: ['Bashful Bunny', 'Amuseable Avocado', 'Bartholomew Bear'],
                squishmallows: ['Wendy', 'Cam the Cat'],
              },
              tokens: { age: ['0', '1', '3'] },
              price: [100_000, 700_000],
              colors: KIDS_COLORS,
            },
          ],
        ],
      ],
      [
        'bolalar-transporti',
        'Bolalar transporti',
        'Детский транспорт',
        [
          [
            'bolalar-velosipedlari',
            'Bolalar velosipedlari',
            'Детские велосипеды',
            'bicycle',
            {
              noun: n('Детский велосипед', 'bolalar velosipedi'),
              brands: {
                stels: ['Pilot 150', 'Pilot 200', 'Navigator 400'],
                forward: ['Cosmo', 'Barcelona'],
                'royal-baby': ['Freestyle', 'Chipmunk'],
              },
              tokens: { wheel: ['12', '16', '20'] },
              price: [800_000, 3_500_000],
              colors: KIDS_COLORS,
            },
          ],
          [
            'samokatlar',
            'Samokatlar',
            'Самокаты',
            'bicycle',
            {
              noun: n('Самокат', 'samokati'),
              brands: {
                micro: ['Mini Deluxe', 'Maxi Deluxe'],
                globber: ['Primo', 'Elite Deluxe'],
                'tech-team': ['TT Jogger', 'TT Sport'],
              },
              attributes: [{ slug: 'age', tokens: ['1', '3', '6', '8'] }],
              spec: null,
              price: [300_000, 2_500_000],
              colors: KIDS_COLORS,
            },
          ],
          [
            'elektromobillar',
            'Elektromobillar',
            'Электромобили',
            'toy',
            {
              noun: n('Детский электромобиль', 'bolalar elektromobili'),
              brands: {
                rivertoys: ['BMW X5 M', 'Mercedes-Benz G63'],
                barty: ['Lamborghini Urus', 'Porsche Cayenne'],
              },
              tokens: { age: ['3', '6'] },
              price: [2_000_000, 9_000_000],
              colors: ['qizil', 'qora', 'oq', 'kok'],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'sport-va-dam-olish',
    nameUz: 'Sport va dam olish',
    nameRu: 'Спорт и отдых',
    isTop: false,
    subs: [
      [
        'velosipedlar-va-samokatlar',
        'Velosipedlar va samokatlar',
        'Велосипеды и самокаты',
        [
          [
            'tog-velosipedlari',
            "Tog' velosipedlari",
            'Горные велосипеды',
            'bicycle',
            { weight: 2 },
          ],
          [
            'shahar-velosipedlari',
            'Shahar velosipedlari',
            'Городские велосипеды',
            'bicycle',
            {
              noun: n('Городской велосипед', 'shahar velosipedi'),
              brands: {
                stels: ['Navigator 300 Lady', 'Energy I'],
                forward: ['Valencia', 'Dortmund'],
                shulz: ['Krabi Coaster', 'Hopper'],
              },
              tokens: { wheel: ['26', '27.5'] },
            },
          ],
          [
            'elektr-samokatlar',
            'Elektr samokatlar',
            'Электросамокаты',
            'bicycle',
            {
              noun: n('Электросамокат', 'elektr samokati'),
              brands: {
                xiaomi: ['Electric Scooter 4', 'Electric Scooter 4 Pro', 'Electric Scooter 4 Lite'],
                'segway-ninebot': ['KickScooter E2', 'Max G30P', 'F2 Plus'],
                kugoo: ['Kirin S1', 'M4 Pro'],
              },
              tokens: { wheel: ['8.5', '10'] },
              spec: null,
              price: [2_500_000, 12_000_000],
              colors: ['qora', 'kulrang', 'oq'],
            },
          ],
        ],
      ],
      [
        'fitnes-jihozlari',
        'Fitnes jihozlari',
        'Фитнес-оборудование',
        [
          ['gantellar', 'Gantellar', 'Гантели', 'dumbbell', { weight: 2 }],
          [
            'shtangalar',
            'Shtangalar',
            'Штанги',
            'dumbbell',
            {
              noun: n('Штанга разборная', "yig'ma shtangasi", 'f'),
              brands: { starfit: ['BB-401', 'BB-402'], torneo: ['Chrome Set'], kettler: ['Set'] },
              tokens: { weight: ['15', '20', '25', '30'] },
              price: [500_000, 3_000_000],
              colors: ['qora', 'kumushrang'],
            },
          ],
          [
            'girlar',
            'Girlar',
            'Гири',
            'dumbbell',
            {
              noun: n('Гиря', 'girasi', 'f'),
              brands: { starfit: ['DB-602', 'DB-603'], torneo: ['Cast Iron'], demix: ['Vinyl'] },
              tokens: { weight: ['8', '10', '15', '20'] },
              price: [150_000, 1_200_000],
              colors: ['qora'],
            },
          ],
        ],
      ],
      [
        'turizm',
        'Turizm',
        'Туризм',
        [
          [
            'turistik-ryukzaklar',
            'Turistik ryukzaklar',
            'Туристические рюкзаки',
            'bag',
            {
              noun: n('Туристический рюкзак', 'turistik ryukzagi'),
              brands: {
                deuter: ['Futura 32', 'Aircontact Core 50+10'],
                osprey: ['Talon 22', 'Kestrel 48'],
                'the-north-face': ['Borealis', 'Terra 55'],
                quechua: ['NH Arpenaz 20', 'MH500 30'],
              },
              tokens: { material: ['textile'] },
              price: [300_000, 3_500_000],
              colors: ['qora', 'yashil', 'kok', 'kulrang', 'qizil'],
            },
          ],
          [
            'termoslar',
            'Termoslar',
            'Термосы',
            'cookware',
            {
              noun: n('Термос', 'termosi'),
              brands: {
                stanley: ['Classic Legendary', 'Adventure'],
                thermos: ['FBB-1000', 'King'],
                arctica: ['106-1000', '108-1200'],
              },
              attributes: [{ slug: 'volume', tokens: ['0.5', '1', '1.5', '2'] }],
              price: [150_000, 1_200_000],
              colors: ['yashil', 'qora', 'kumushrang', 'kok'],
            },
          ],
          [
            'kemping-mebeli',
            'Kemping mebeli',
            'Кемпинговая мебель',
            'chair',
            {
              noun: n('Кемпинговое кресло', 'kemping kreslosi', 'n'),
              brands: {
                quechua: ['MH100', 'Chill 500'],
                helinox: ['Chair One', 'Chair Zero'],
                tramp: ['TRF-045', 'TRF-066'],
              },
              tokens: { material: ['textile', 'metal'] },
              price: [150_000, 2_500_000],
              colors: ['yashil', 'kok', 'qora', 'kulrang'],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'avto-tovarlar',
    nameUz: 'Avto tovarlar',
    nameRu: 'Автотовары',
    isTop: false,
    subs: [
      [
        'shinalar',
        'Shinalar',
        'Шины',
        [
          ['yozgi-shinalar', 'Yozgi shinalar', 'Летние шины', 'tire', { weight: 2 }],
          [
            'qishki-shinalar',
            'Qishki shinalar',
            'Зимние шины',
            'tire',
            {
              noun: n('Зимняя шина', 'qishki shinasi', 'f'),
              brands: {
                michelin: ['X-Ice North 4', 'Alpin 6'],
                nokian: ['Hakkapeliitta 10', 'Nordman 7'],
                continental: ['IceContact 3', 'WinterContact TS 870'],
                bridgestone: ['Blizzak Ice'],
                hankook: ['Winter i*Pike RS2'],
                yokohama: ['iceGUARD IG60'],
              },
            },
          ],
          [
            'butun-mavsumli-shinalar',
            'Butun mavsumli shinalar',
            'Всесезонные шины',
            'tire',
            {
              noun: n('Всесезонная шина', 'butun mavsumli shinasi', 'f'),
              brands: {
                michelin: ['CrossClimate 2'],
                continental: ['AllSeasonContact 2'],
                hankook: ['Kinergy 4S2'],
                kumho: ['Solus 4S HA32'],
                triangle: ['SeasonX'],
              },
            },
          ],
        ],
      ],
      [
        'avtoelektronika',
        'Avtoelektronika',
        'Автоэлектроника',
        [
          [
            'videoregistratorlar',
            'Videoregistratorlar',
            'Видеорегистраторы',
            'camera',
            {
              noun: n('Видеорегистратор', 'videoregistratori'),
              brands: {
                '70mai': ['Dash Cam A400', 'Dash Cam Omni', 'Dash Cam 4K A810'],
                xiaomi: ['Mi Dash Cam 2'],
                neoline: ['G-Tech X77', 'Wide S35'],
                mio: ['MiVue C430', 'MiVue 812'],
              },
              tokens: { resolution: ['Full HD', '2K QHD', '4K UHD'] },
              price: [400_000, 3_000_000],
              colors: ['qora'],
            },
          ],
          [
            'avtomagnitolalar',
            'Avtomagnitolalar',
            'Автомагнитолы',
            'speaker',
            {
              noun: n('Автомагнитола', 'avtomagnitolasi', 'f'),
              brands: {
                pioneer: ['MVH-S120UB', 'DEH-S120UB', 'SPH-10BT'],
                sony: ['DSX-A110U', 'MEX-N4300BT'],
                kenwood: ['KMM-BT209', 'KDC-BT440U'],
                alpine: ['CDE-205DAB', 'UTE-204DAB'],
              },
              attributes: [],
              price: [400_000, 4_000_000],
              colors: ['qora'],
            },
          ],
          [
            'avtomobil-kolonkalari',
            'Avtomobil kolonkalari',
            'Автомобильные колонки',
            'speaker',
            {
              noun: n('Автомобильные колонки', 'avtomobil kolonkalari', 'p'),
              brands: {
                pioneer: ['TS-A1670F', 'TS-G1620F'],
                jbl: ['Stage1 61F', 'Club 6520'],
                kenwood: ['KFC-S1676', 'KFC-PS1696'],
                alpine: ['SXE-1725S', 'S2-S65'],
              },
              tokens: { power: ['100', '300'] },
              price: [250_000, 2_500_000],
              colors: ['qora'],
            },
          ],
        ],
      ],
      [
        'avto-aksessuarlar',
        'Avto aksessuarlar',
        'Автоаксессуары',
        [
          [
            'avtomobil-changyutgichlari',
            'Avtomobil changyutgichlari',
            'Автомобильные пылесосы',
            'vacuum',
            {
              noun: n('Автомобильный пылесос', 'avtomobil changyutgichi'),
              brands: {
                '70mai': ['Vacuum Cleaner Swift', 'Vacuum Cleaner Swift 2'],
                baseus: ['A2 Pro', 'A3'],
                'black-decker': ['NVB12AVA', 'PV1200AV'],
              },
              tokens: { power: ['60', '100'] },
              attributes: [{ slug: 'power', tokens: ['60', '100'] }],
              price: [250_000, 1_200_000],
              colors: ['qora', 'kulrang', 'oq'],
            },
          ],
          [
            'avtomobil-zaryadlovchilari',
            'Avtomobil zaryadlovchilari',
            'Автомобильные зарядные устройства',
            'charger',
            {
              noun: n('Автомобильное зарядное устройство', 'avtomobil zaryadlovchisi', 'n'),
              brands: {
                baseus: ['Superme', 'Golden Contactor Pro'],
                anker: ['PowerDrive III Duo', '323 Car Charger'],
                xiaomi: ['Car Charger 100W', 'Car Charger Fast Charge'],
                samsung: ['Car Adapter EP-L5300'],
              },
              tokens: { power: ['20', '40', '60', '100'] },
            },
          ],
          [
            'telefon-ushlagichlari',
            'Telefon ushlagichlari',
            'Автодержатели для телефона',
            'smartphone',
            {
              noun: n('Автодержатель для телефона', 'avtomobil telefon ushlagichi'),
              brands: {
                baseus: ['Metal Age 2', 'Wisdom', 'Magnetic Air Vent'],
                hoco: ['CA102', 'H1'],
                borofone: ['BH19', 'BH61'],
              },
              attributes: [],
              spec: null,
              price: [60_000, 450_000],
              colors: ['qora', 'kumushrang'],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'qurilish-va-tamirlash',
    nameUz: "Qurilish va ta'mirlash",
    nameRu: 'Строительство и ремонт',
    isTop: false,
    subs: [
      [
        'elektr-asboblar',
        'Elektr asboblar',
        'Электроинструменты',
        [
          ['zarbli-drellar', 'Zarbli drellar', 'Ударные дрели', 'drill', { weight: 2 }],
          [
            'akkumulyatorli-drellar',
            'Akkumulyatorli drel-shurupovyortlar',
            'Аккумуляторные дрели-шуруповёрты',
            'drill',
            {
              noun: n('Аккумуляторная дрель-шуруповёрт', 'akkumulyatorli drel-shurupovyorti', 'f'),
              brands: {
                bosch: ['GSR 120-LI', 'GSR 18V-50'],
                makita: ['DF333DWYE', 'DDF485RFE', 'DF457DWE'],
                dewalt: ['DCD777S2T', 'DCD791D2'],
                total: ['TDLI20024'],
                ingco: ['CDLI20051'],
              },
              attributes: [],
              price: [600_000, 5_000_000],
              weight: 2,
            },
          ],
          [
            'perforatorlar',
            'Perforatorlar',
            'Перфораторы',
            'drill',
            {
              noun: n('Перфоратор', 'perforatori'),
              brands: {
                bosch: ['GBH 2-26 DRE', 'PBH 2100 RE', 'GBH 240'],
                makita: ['HR2470', 'HR2630', 'HR2470FT'],
                dewalt: ['D25133K', 'D25143K'],
                total: ['TH308268'],
                ingco: ['RGH9028'],
                metabo: ['KHE 2660 Quick'],
              },
              tokens: { power: ['700', '800', '900', '1000'] },
              price: [700_000, 4_500_000],
            },
          ],
        ],
      ],
      [
        'kesish-asboblari',
        'Kesish va silliqlash',
        'Пилы и шлифмашины',
        [
          [
            'bolgarkalar',
            'Bolgarkalar',
            'Болгарки (УШМ)',
            'drill',
            {
              noun: n('Угловая шлифмашина', 'burchak silliqlash mashinasi', 'f'),
              brands: {
                bosch: ['GWS 750-125', 'GWS 9-125 S', 'GWS 2200-230'],
                makita: ['9558HN', 'GA5030', 'GA9020'],
                dewalt: ['DWE4157', 'DWE4217'],
                total: ['TG10812556'],
                ingco: ['AG75028'],
                metabo: ['W 750-125'],
              },
              tokens: { power: ['700', '900', '1200', '2000', '2200'] },
            },
          ],
          [
            'sirkulyar-arralar',
            'Sirkulyar arralar',
            'Циркулярные пилы',
            'drill',
            {
              noun: n('Циркулярная пила', 'sirkulyar arrasi', 'f'),
              brands: {
                bosch: ['PKS 55', 'GKS 190'],
                makita: ['HS7601', '5704R'],
                dewalt: ['DWE560'],
                total: ['TS1141856'],
                metabo: ['KS 55'],
              },
              tokens: { power: ['1000', '1200', '1500'] },
              price: [800_000, 4_000_000],
            },
          ],
          [
            'elektr-lobziklar',
            'Elektr lobziklar',
            'Электролобзики',
            'drill',
            {
              noun: n('Электролобзик', 'elektr lobzigi'),
              brands: {
                bosch: ['PST 650', 'GST 8000 E'],
                makita: ['4329', '4350FCT'],
                dewalt: ['DW331K'],
                total: ['TS206656'],
                metabo: ['STEB 65 Quick'],
              },
              tokens: { power: ['500', '700', '800'] },
            },
          ],
        ],
      ],
      [
        'payvandlash-va-generatorlar',
        'Payvandlash va generatorlar',
        'Сварка и генераторы',
        [
          [
            'payvandlash-apparatlari',
            'Payvandlash apparatlari',
            'Сварочные аппараты',
            'drill',
            {
              noun: n('Сварочный инвертор', 'payvandlash invertori'),
              brands: {
                resanta: ['SAI 190', 'SAI 220', 'SAI 250'],
                aurora: ['Pro Inter 200', 'Pro Inter 250'],
                total: ['TW21806'],
                ingco: ['ING-MMA2006'],
                fubag: ['IR 200', 'IR 220'],
              },
              attributes: [],
              price: [700_000, 4_000_000],
            },
          ],
          [
            'kompressorlar',
            'Kompressorlar',
            'Компрессоры',
            'drill',
            {
              noun: n('Компрессор', 'kompressori'),
              brands: {
                fubag: ['Basic 295/24 CM2', 'OL 195/6 CM1.5'],
                total: ['TC120246'],
                ingco: ['AC20248'],
                aurora: ['Gale-25', 'Gale-50'],
              },
              attributes: [],
              price: [900_000, 5_000_000],
            },
          ],
          [
            'generatorlar',
            'Generatorlar',
            'Генераторы',
            'drill',
            {
              noun: n('Бензиновый генератор', 'benzinli generatori'),
              brands: {
                huter: ['DY2500L', 'DY4000L', 'DY6500LX'],
                fubag: ['BS 3300', 'BS 6600'],
                honda: ['EU22i', 'EG 5500'],
                total: ['TP130005'],
              },
              attributes: [],
              price: [2_000_000, 15_000_000],
            },
          ],
        ],
      ],
    ],
  },
  {
    slug: 'kitoblar',
    nameUz: 'Kitoblar',
    nameRu: 'Книги',
    isTop: false,
    subs: [
      [
        'badiiy-adabiyot',
        'Badiiy adabiyot',
        'Художественная литература',
        [
          ['ozbek-adabiyoti', "O'zbek adabiyoti", 'Узбекская литература', 'book', { weight: 2 }],
          [
            'jahon-adabiyoti',
            'Jahon adabiyoti',
            'Мировая литература',
            'book',
            {
              brands: {
                '-': [
                  ['Jorj Oruell «1984»', 'Джордж Оруэлл «1984»'],
                  ['Lev Tolstoy «Urush va tinchlik»', 'Лев Толстой «Война и мир»'],
                  [
                    'Fyodor Dostoyevskiy «Jinoyat va jazo»',
                    'Фёдор Достоевский «Преступление и наказание»',
                  ],
                  ['Paulo Koelo «Alkimyogar»', 'Пауло Коэльо «Алхимик»'],
                  [
                    'Antuan de Sent-Ekzyuperi «Kichkina shahzoda»',
                    'Антуан де Сент-Экзюпери «Маленький принц»',
                  ],
                  ['Mixail Bulgakov «Usta va Margarita»', 'Михаил Булгаков «Мастер и Маргарита»'],
                  [
                    'Chingiz Aytmatov «Asrga tatigulik kun»',
                    'Чингиз Айтматов «И дольше века длится день»',
                  ],
                  [
                    "Gabriel Garsia Markes «Yolg'izlikning yuz yili»",
                    'Габриэль Гарсиа Маркес «Сто лет одиночества»',
                  ],
                ],
              },
              tokens: { language: ['uz', 'ru', 'en'] },
              attributes: [
                { slug: 'cover', tokens: ['soft', 'hard'] },
                { slug: 'language', tokens: ['uz', 'ru', 'en'] },
              ],
            },
          ],
          [
            'detektivlar',
            'Detektivlar',
            'Детективы',
            'book',
            {
              brands: {
                '-': [
                  [
                    'Agata Kristi «Sharq ekspressidagi qotillik»',
                    'Агата Кристи «Убийство в Восточном экспрессе»',
                  ],
                  ['Agata Kristi «Va hech kim qolmadi»', 'Агата Кристи «И никого не стало»'],
                  [
                    'Artur Konan Doyl «Sherlok Xolms sarguzashtlari»',
                    'Артур Конан Дойл «Приключения Шерлока Холмса»',
                  ],
                  ['Den Braun «Da Vinchi kodi»', 'Дэн Браун «Код да Винчи»'],
                  ['Tohir Malik «Alvido, bolalik»', 'Тахир Малик «Прощай, детство»'],
                ],
              },
            },
          ],
        ],
      ],
      [
        'bolalar-kitoblari',
        'Bolalar kitoblari',
        'Детские книги',
        [
          [
            'ertaklar',
            'Ertaklar',
            'Сказки',
            'book',
            {
              brands: {
                '-': [
                  ["«O'zbek xalq ertaklari»", '«Узбекские народные сказки»'],
                  ['Aka-uka Grimmlar «Ertaklar»', 'Братья Гримм «Сказки»'],
                  ['Hans Kristian Andersen «Ertaklar»', 'Ганс Христиан Андерсен «Сказки»'],
                  [
                    "Xudoyberdi To'xtaboyev «Sariq devni minib»",
                    'Худайберды Тухтабаев «Верхом на жёлтом дэве»',
                  ],
                ],
              },
              tokens: { cover: ['hard'] },
            },
          ],
          [
            'ensiklopediyalar',
            'Ensiklopediyalar',
            'Энциклопедии',
            'book',
            {
              brands: {
                '-': [
                  ['«Bolalar ensiklopediyasi. Koinot»', '«Детская энциклопедия. Космос»'],
                  ['«Bolalar ensiklopediyasi. Hayvonlar»', '«Детская энциклопедия. Животные»'],
                  [
                    '«Bolalar ensiklopediyasi. Inson tanasi»',
                    '«Детская энциклопедия. Тело человека»',
                  ],
                  ['«Bolalar ensiklopediyasi. Dinozavrlar»', '«Детская энциклопедия. Динозавры»'],
                ],
              },
              tokens: { cover: ['hard'] },
              price: [90_000, 350_000],
            },
          ],
          [
            'boyash-kitoblari',
            "Bo'yash kitoblari",
            'Раскраски',
            'book',
            {
              noun: n('Раскраска', "bo'yash kitobi", 'f'),
              brands: {
                '-': [
                  ['«Hayvonlar»', '«Животные»'],
                  ['«Mashinalar»', '«Машины»'],
                  ['«Malikalar»', '«Принцессы»'],
                  ['«Dinozavrlar»', '«Динозавры»'],
                ],
              },
              tokens: { cover: ['soft'] },
              price: [15_000, 60_000],
            },
          ],
        ],
      ],
    ],
  },
];
