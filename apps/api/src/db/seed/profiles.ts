/**
 * How the products of one kind of goods are made up: noun, brands with their model lines,
 * price range, characteristics and colours. Leaf categories pick a profile and may narrow it.
 *
 * Model templates: `{slug}` is the token of the product's value of that attribute (`{diagonal}` →
 * `55`), `{a|b|c}` picks one of the choices, `#` is a random digit. A `[uz, ru]` pair is a model
 * written differently in each language (book titles).
 */
import type { ProductKind } from '../../modules/media/kinds.ts';
import type { AttributeSlug } from './attributes.ts';

/** Grammatical gender of the Russian noun, for the colour adjective: m, f, n, plural. */
export type Gender = 'm' | 'f' | 'n' | 'p';

export interface Noun {
  ru: string;
  /** Uzbek noun in the possessive form that follows the model: "smartfoni", "televizori". */
  uz: string;
  g: Gender;
}

export type Group =
  | 'gadget'
  | 'computer'
  | 'audio'
  | 'appliance'
  | 'climate'
  | 'kitchen'
  | 'care'
  | 'beauty'
  | 'perfume'
  | 'clothes'
  | 'shoes'
  | 'accessory'
  | 'furniture'
  | 'home'
  | 'kids'
  | 'sport'
  | 'auto'
  | 'tools'
  | 'book';

export type ModelDef = string | readonly [uz: string, ru: string];

/** Brand slug → model templates; the slug `-` means goods sold without a brand (books). */
export type BrandModels = Readonly<Record<string, readonly ModelDef[]>>;

export interface AttributeUse {
  slug: AttributeSlug;
  /** Tokens this kind of goods uses, in the attribute's order; all values when absent. */
  tokens?: readonly string[];
  /** A product carries several values (sizes in stock): how many, at least and at most. */
  multi?: readonly [number, number];
}

export interface Profile {
  kind: ProductKind;
  group: Group;
  noun: Noun;
  /** Price range in whole sum; characteristics and brand move a product within it. */
  price: readonly [number, number];
  brands: BrandModels;
  attributes?: readonly AttributeUse[];
  /** Text after the model in the name, Russian then Uzbek: `{ram}/{storage} ГБ`. */
  spec?: readonly [ru: string, uz: string];
  colors?: readonly string[];
}

const noun = (ru: string, uz: string, g: Gender = 'm'): Noun => ({ ru, uz, g });

const DEVICE_COLORS = ['qora', 'oq', 'kulrang', 'kumushrang', 'kok', 'toq-kok', 'yashil'];
const PHONE_COLORS = [...DEVICE_COLORS, 'binafsha', 'tillarang', 'havorang', 'pushti'];
const APPLIANCE_COLORS = ['oq', 'kumushrang', 'qora', 'bej'];
const SMALL_APPLIANCE_COLORS = ['oq', 'qora', 'kumushrang', 'qizil', 'bej', 'kulrang'];
const CLOTHES_COLORS = ['qora', 'oq', 'kulrang', 'toq-kok', 'yashil', 'bej', 'jigarrang', 'qizil'];
const WOMEN_COLORS = ['qora', 'oq', 'bej', 'pushti', 'qizil', 'kok', 'binafsha', 'toq-kok'];
const SHOE_COLORS = ['qora', 'oq', 'kulrang', 'toq-kok', 'bej', 'jigarrang'];
const FURNITURE_COLORS = ['kulrang', 'bej', 'jigarrang', 'toq-kok', 'yashil', 'qora', 'oq'];

const CLOTHES_BRANDS = {
  'lc-waikiki': ['Basic Crew Neck', 'Oversize Printed', 'Regular Fit'],
  defacto: ['Regular Fit Basic', 'Slim Fit', 'Oversize'],
  koton: ['Basic', 'Oversize', 'Relaxed Fit'],
  zara: ['Basic Heavy Weight', 'Textured', 'Relaxed Fit'],
  colins: ['Regular Fit', 'Slim Fit'],
  adidas: ['Essentials 3-Stripes', 'Trefoil', 'Entrada 22'],
  nike: ['Sportswear Club', 'Dri-FIT Legend', 'Park VII'],
  puma: ['Essentials Logo', 'teamGOAL 23'],
} as const;

export const PROFILES = {
  smartphone: {
    kind: 'smartphone',
    group: 'gadget',
    noun: noun('Смартфон', 'smartfoni'),
    price: [1_200_000, 18_000_000],
    brands: {
      samsung: [
        'Galaxy A{05|15|25|35|55}',
        'Galaxy S24',
        'Galaxy S24 FE',
        'Galaxy S24 Ultra',
        'Galaxy M{15|35|55}',
        'Galaxy Z Flip6',
      ],
      apple: ['iPhone 13', 'iPhone 15', 'iPhone 15 Pro', 'iPhone 16', 'iPhone 16 Pro Max'],
      xiaomi: ['14T', '14T Pro', '14 Ultra', 'Poco X6 Pro', 'Poco M6 Pro', 'Poco F6'],
      redmi: ['Note 13', 'Note 13 Pro', 'Note 13 Pro+', '13C', '14C', 'A3'],
      honor: ['X8b', 'X9b', 'X7b', '200', '200 Pro', 'Magic6 Pro'],
      tecno: ['Spark 20', 'Spark 20 Pro+', 'Camon 30', 'Pova 6 Pro', 'Pop 8'],
      infinix: ['Hot 40i', 'Hot 40 Pro', 'Note 40', 'Note 40 Pro', 'Smart 8', 'Zero 30'],
      huawei: ['nova 12i', 'nova 12 SE', 'nova Y72', 'Pura 70'],
      realme: ['C55', 'C67', 'Note 50', '12 Pro+', 'GT 6'],
      vivo: ['Y17s', 'Y36', 'V30', 'V30e'],
      oppo: ['A38', 'A60', 'Reno 12', 'Reno 12 F'],
    },
    attributes: [
      { slug: 'ram', tokens: ['4', '6', '8', '12'] },
      { slug: 'storage', tokens: ['64', '128', '256', '512'] },
    ],
    spec: ['{ram}/{storage} ГБ', '{ram}/{storage} GB'],
    colors: PHONE_COLORS,
  },
  'feature-phone': {
    kind: 'smartphone',
    group: 'gadget',
    noun: noun('Мобильный телефон', 'mobil telefoni'),
    price: [150_000, 900_000],
    brands: {
      nokia: ['105 (2023)', '110 4G', '3210 4G', '6310', '8210 4G'],
      itel: ['it2160', 'it5626', 'it9210'],
      tecno: ['T301', 'T528'],
    },
    colors: ['qora', 'kok', 'qizil', 'kulrang'],
  },
  tablet: {
    kind: 'tablet',
    group: 'gadget',
    noun: noun('Планшет', 'plansheti'),
    price: [1_300_000, 20_000_000],
    brands: {
      samsung: ['Galaxy Tab A9', 'Galaxy Tab A9+', 'Galaxy Tab S9 FE', 'Galaxy Tab S9'],
      xiaomi: ['Pad 6', 'Pad 6S Pro', 'Redmi Pad SE', 'Redmi Pad Pro'],
      lenovo: ['Tab M10', 'Tab M11', 'Tab P12', 'Legion Tab'],
      huawei: ['MatePad 11.5', 'MatePad SE'],
      honor: ['Pad X9', 'Pad 9'],
    },
    attributes: [
      { slug: 'diagonal', tokens: ['8', '10.1', '11', '12.9'] },
      { slug: 'ram', tokens: ['3', '4', '6', '8', '12'] },
      { slug: 'storage', tokens: ['32', '64', '128', '256', '512'] },
    ],
    spec: ['{diagonal}" {ram}/{storage} ГБ', '{diagonal}" {ram}/{storage} GB'],
    colors: ['kulrang', 'kumushrang', 'kok', 'qora'],
  },
  smartwatch: {
    kind: 'smartwatch',
    group: 'gadget',
    noun: noun('Смарт-часы', 'aqlli soati', 'p'),
    price: [300_000, 9_000_000],
    brands: {
      apple: ['Watch Series 10 42 mm', 'Watch SE 40 mm', 'Watch Ultra 2'],
      samsung: ['Galaxy Watch7', 'Galaxy Watch FE', 'Galaxy Watch Ultra'],
      xiaomi: ['Watch 2', 'Watch S3', 'Redmi Watch 4'],
      huawei: ['Watch GT 4', 'Watch Fit 3', 'Watch 4 Pro'],
      honor: ['Watch 4', 'Choice Watch'],
      amazfit: ['GTR 4', 'GTS 4 Mini', 'Bip 5', 'T-Rex 3'],
    },
    colors: ['qora', 'kumushrang', 'tillarang', 'pushti', 'yashil'],
  },
  powerbank: {
    kind: 'powerbank',
    group: 'gadget',
    noun: noun('Внешний аккумулятор', 'tashqi akkumulyatori'),
    price: [120_000, 900_000],
    brands: {
      xiaomi: ['Power Bank 3', 'Redmi Power Bank', 'Pocket Edition Pro'],
      anker: ['PowerCore', 'Nano Power Bank', '537 PowerCore'],
      baseus: ['Bipow', 'Magnetic Mini', 'Blade'],
      samsung: ['EB-P3400', 'EB-U1200'],
    },
    attributes: [{ slug: 'battery' }],
    spec: ['{battery} мА·ч', '{battery} mAh'],
    colors: ['qora', 'oq', 'kulrang', 'kok'],
  },
  charger: {
    kind: 'powerbank',
    group: 'gadget',
    noun: noun('Зарядное устройство', 'zaryadlovchi qurilmasi', 'n'),
    price: [60_000, 600_000],
    brands: {
      apple: ['USB-C Power Adapter', 'MagSafe Charger'],
      samsung: ['Super Fast Charging', 'Travel Adapter'],
      xiaomi: ['GaN Charger', 'Mi Charger'],
      anker: ['Nano', 'PowerPort III', '735 GaNPrime'],
      baseus: ['GaN5 Pro', 'Super Si'],
    },
    attributes: [{ slug: 'power', tokens: ['20', '40', '60', '100'] }],
    spec: ['{power} Вт', '{power} W'],
    colors: ['oq', 'qora'],
  },
  tv: {
    kind: 'tv',
    group: 'audio',
    noun: noun('Телевизор', 'televizori'),
    price: [2_500_000, 15_000_000],
    brands: {
      artel: ['{diagonal}AF90G', '{diagonal}AU20H', 'UA{diagonal}H3502'],
      samsung: ['UE{diagonal}CU7100U', 'UE{diagonal}DU8000U', 'QE{diagonal}Q60D'],
      lg: ['{diagonal}UR78006LK', '{diagonal}NANO776', 'OLED{diagonal}B4'],
      hofmann: ['{diagonal}HSM2100', '{diagonal}FDS7000'],
      premier: ['{diagonal}PRM750AS', '{diagonal}PRM810'],
      shivaki: ['US{diagonal}H3403', 'US{diagonal}H1401'],
      xiaomi: ['TV A', 'TV A Pro', 'TV Max'],
      tcl: ['{diagonal}P755', '{diagonal}C655'],
      sony: ['KD-{diagonal}X75WL', 'K-{diagonal}S30'],
    },
    attributes: [
      { slug: 'diagonal', tokens: ['32', '43', '50', '55', '65'] },
      { slug: 'resolution', tokens: ['Full HD', '4K UHD'] },
    ],
    spec: ['{diagonal}" Smart TV', '{diagonal}" Smart TV'],
    colors: ['qora', 'kumushrang'],
  },
  headphones: {
    kind: 'headphones',
    group: 'audio',
    noun: noun('Наушники', 'quloqchinlari', 'p'),
    price: [150_000, 7_000_000],
    brands: {
      sony: ['WH-1000XM5', 'WH-CH720N', 'WH-CH520'],
      jbl: ['Tune 520BT', 'Tune 770NC', 'Live 660NC'],
      apple: ['AirPods Max'],
      marshall: ['Major IV', 'Monitor II ANC'],
      philips: ['TAH4205', 'TAH8506'],
    },
    attributes: [{ slug: 'connection', tokens: ['bt', 'wire'] }],
    colors: ['qora', 'oq', 'kulrang', 'kok', 'bej'],
  },
  earbuds: {
    kind: 'earbuds',
    group: 'audio',
    noun: noun('Беспроводные наушники', 'simsiz quloqchinlari', 'p'),
    price: [150_000, 3_800_000],
    brands: {
      apple: ['AirPods 4', 'AirPods Pro 2'],
      samsung: ['Galaxy Buds3', 'Galaxy Buds3 Pro', 'Galaxy Buds FE'],
      xiaomi: ['Redmi Buds 5', 'Redmi Buds 6 Active', 'Buds 5'],
      jbl: ['Tune Buds', 'Wave Beam', 'Live Pro 2'],
      sony: ['WF-1000XM5', 'WF-C700N'],
      huawei: ['FreeBuds 6i', 'FreeBuds SE 2'],
      honor: ['Choice Earbuds X5'],
    },
    colors: ['qora', 'oq', 'kok', 'pushti', 'kulrang'],
  },
  speaker: {
    kind: 'speaker',
    group: 'audio',
    noun: noun('Портативная колонка', 'portativ kolonkasi', 'f'),
    price: [200_000, 6_000_000],
    brands: {
      jbl: ['Flip 6', 'Charge 5', 'Go 4', 'Clip 5', 'Boombox 3', 'PartyBox 110'],
      marshall: ['Emberton II', 'Willen', 'Stanmore III'],
      sony: ['SRS-XB100', 'ULT Field 1'],
      xiaomi: ['Sound Outdoor', 'Mi Portable Bluetooth Speaker'],
    },
    attributes: [{ slug: 'power', tokens: ['10', '20', '40', '60', '100'] }],
    colors: ['qora', 'kok', 'qizil', 'yashil', 'kulrang'],
  },
  camera: {
    kind: 'camera',
    group: 'audio',
    noun: noun('Фотоаппарат', 'fotoapparati'),
    price: [3_000_000, 40_000_000],
    brands: {
      canon: ['EOS R50 Kit 18-45', 'EOS R10 Kit 18-150', 'EOS 2000D Kit 18-55', 'EOS R8 Body'],
      sony: ['Alpha a6400 Kit 16-50', 'ZV-E10 Kit', 'Alpha 7 IV Body'],
      nikon: ['Z30 Kit 16-50', 'Z fc Kit', 'D7500 Kit 18-140', 'Z5 Body'],
      fujifilm: ['X-T30 II Kit', 'X-S20 Kit'],
    },
    attributes: [{ slug: 'resolution', tokens: ['Full HD', '4K UHD'] }],
    colors: ['qora', 'kumushrang'],
  },
  console: {
    kind: 'console',
    group: 'audio',
    noun: noun('Игровая приставка', "o'yin pristavkasi", 'f'),
    price: [3_000_000, 9_500_000],
    brands: {
      sony: ['PlayStation 5 Slim', 'PlayStation 5 Pro', 'PlayStation 5 Digital Edition'],
      microsoft: ['Xbox Series S', 'Xbox Series X'],
      nintendo: ['Switch OLED', 'Switch Lite'],
    },
    attributes: [{ slug: 'storage', tokens: ['512', '1'] }],
    colors: ['oq', 'qora'],
  },
  laptop: {
    kind: 'laptop',
    group: 'computer',
    noun: noun('Ноутбук', 'noutbuki'),
    price: [4_000_000, 40_000_000],
    brands: {
      lenovo: [
        'IdeaPad Slim 3',
        'IdeaPad 1',
        'ThinkPad E14 Gen 5',
        'ThinkBook 15 G4',
        'Yoga Slim 7',
      ],
      hp: ['250 G9', '255 G10', 'Pavilion 15', 'ProBook 450 G10'],
      asus: ['Vivobook 15 X1504VA', 'Vivobook Go 15', 'Zenbook 14 OLED', 'ExpertBook B1'],
      acer: ['Aspire 3 A315-59', 'Aspire 5 A515', 'Swift Go 14', 'Extensa 15'],
      dell: ['Inspiron 3520', 'Vostro 3530', 'Latitude 5540'],
      huawei: ['MateBook D 15', 'MateBook D 16'],
      msi: ['Modern 15', 'Modern 14'],
    },
    attributes: [
      { slug: 'diagonal', tokens: ['14', '15.6', '16'] },
      {
        slug: 'cpu',
        tokens: ['Intel Celeron', 'Intel Core i3', 'AMD Ryzen 3', 'Intel Core i5', 'AMD Ryzen 5'],
      },
      { slug: 'ram', tokens: ['8', '16'] },
      { slug: 'ssd', tokens: ['256', '512', '1'] },
    ],
    spec: ['{diagonal}" {cpu}, {ram} ГБ', '{diagonal}" {cpu}, {ram} GB'],
    colors: ['kulrang', 'kumushrang', 'qora', 'toq-kok'],
  },
  desktop: {
    kind: 'desktop',
    group: 'computer',
    noun: noun('Системный блок', 'tizim bloki'),
    price: [4_000_000, 35_000_000],
    brands: {
      hp: ['Pro Tower 290 G9', 'Victus 15L'],
      lenovo: ['IdeaCentre 3', 'ThinkCentre neo 50t', 'Legion Tower 5'],
      dell: ['Vostro 3020', 'OptiPlex 7010'],
      asus: ['ROG Strix G16CH', 'ExpertCenter D5'],
      acer: ['Aspire TC-1780', 'Predator Orion 3000'],
    },
    attributes: [
      { slug: 'cpu', tokens: ['Intel Core i3', 'Intel Core i5', 'AMD Ryzen 5', 'Intel Core i7'] },
      { slug: 'ram', tokens: ['8', '16', '32'] },
      { slug: 'ssd', tokens: ['256', '512', '1', '2'] },
    ],
    spec: ['{cpu}, {ram} ГБ', '{cpu}, {ram} GB'],
    colors: ['qora'],
  },
  monitor: {
    kind: 'monitor',
    group: 'computer',
    noun: noun('Монитор', 'monitori'),
    price: [1_200_000, 12_000_000],
    brands: {
      samsung: ['S{diagonal}C310', 'ViewFinity S6 S{diagonal}A600', 'Odyssey G5 C{diagonal}G55T'],
      lg: ['{diagonal}MR400-B', 'UltraGear {diagonal}GN600', '{diagonal}UL500'],
      asus: ['VA{diagonal}EHF', 'TUF Gaming VG{diagonal}AQ'],
      xiaomi: ['Monitor A{diagonal}i', 'Gaming Monitor G{diagonal}i'],
      aoc: ['{diagonal}B2H', 'Gaming {diagonal}G2U'],
      dell: ['S{diagonal}22HS', 'P{diagonal}23H'],
    },
    attributes: [
      { slug: 'diagonal', tokens: ['24', '27', '32', '34'] },
      { slug: 'resolution', tokens: ['Full HD', '2K QHD', '4K UHD'] },
    ],
    spec: ['{diagonal}" {resolution}', '{diagonal}" {resolution}'],
    colors: ['qora', 'oq'],
  },
  printer: {
    kind: 'printer',
    group: 'computer',
    noun: noun('Принтер', 'printeri'),
    price: [1_200_000, 9_000_000],
    brands: {
      canon: ['PIXMA G3410', 'i-SENSYS LBP6030B', 'i-SENSYS LBP233dw'],
      hp: ['LaserJet M111w', 'Smart Tank 515', 'LaserJet Pro 4003dn'],
      epson: ['L3250', 'L8050', 'EcoTank L6270'],
      pantum: ['P2500W', 'P3010DW'],
    },
    attributes: [{ slug: 'print' }],
    colors: ['qora', 'oq'],
  },
  router: {
    kind: 'router',
    group: 'computer',
    noun: noun('Wi-Fi роутер', 'Wi-Fi routeri'),
    price: [250_000, 4_000_000],
    brands: {
      'tp-link': ['Archer C6', 'Archer AX23', 'Archer AX55', 'Archer BE550'],
      keenetic: ['Giga', 'Speedster', 'Hopper', 'Viva'],
      xiaomi: ['Router AX3000T', 'Router BE3600', 'Mi Router 4C'],
      huawei: ['WiFi AX3', 'WiFi AX2'],
      asus: ['RT-AX53U', 'RT-AX58U', 'TUF Gaming AX4200'],
    },
    attributes: [{ slug: 'wifi', tokens: ['Wi-Fi 5', 'Wi-Fi 6', 'Wi-Fi 6E', 'Wi-Fi 7'] }],
    colors: ['oq', 'qora'],
  },
  fridge: {
    kind: 'fridge',
    group: 'appliance',
    noun: noun('Холодильник', 'muzlatgichi'),
    price: [3_000_000, 25_000_000],
    brands: {
      shivaki: ['HD {volume}RN', 'HD {volume}FWENH'],
      artel: ['HD {volume}FWEN', 'HD {volume}RN-S', 'HS {volume}SN'],
      samsung: ['RB33A3440SA', 'RB38T676FSA', 'RT38CG6000S9'],
      lg: ['GA-B509CQSL', 'GC-B509SMSM', 'GN-F312PLBK'],
      hofmann: ['HR-{volume}BS', 'HR-{volume}NF'],
      premier: ['PRM-{volume}TFDF'],
      midea: ['MDRB424FGF01', 'MDRT333FGF'],
      bosch: ['KGN39VL25R', 'KGV36XW22R'],
      beko: ['RCNA366I30W', 'CNKL7321'],
    },
    attributes: [{ slug: 'volume', tokens: ['250', '300', '350', '400', '450', '500'] }],
    colors: APPLIANCE_COLORS,
  },
  washer: {
    kind: 'washer',
    group: 'appliance',
    noun: noun('Стиральная машина', 'kir yuvish mashinasi', 'f'),
    price: [3_000_000, 14_000_000],
    brands: {
      samsung: ['WW{load}0T4540AE', 'WW{load}0AG6L28BE', 'WW{load}0T3040BS'],
      lg: ['F2J3HS2W', 'F4V5VS0W', 'F2T3HS6W'],
      artel: ['TE {load}0L', 'WF {load}0F'],
      shivaki: ['SWM-{load}0F', 'SWM-{load}1S'],
      hofmann: ['WM-{load}12B', 'WM-{load}14W'],
      midea: ['MF100W{load}0B', 'MF200W{load}0WB'],
      bosch: ['WAN24140BY', 'WGA142X6OE'],
      beko: ['WSRE6512ZAA', 'WUE6612'],
    },
    attributes: [{ slug: 'load', tokens: ['6', '7', '8', '9', '10'] }],
    spec: ['{load} кг', '{load} kg'],
    colors: ['oq', 'kumushrang', 'qora'],
  },
  dishwasher: {
    kind: 'washer',
    group: 'appliance',
    noun: noun('Посудомоечная машина', 'idish yuvish mashinasi', 'f'),
    price: [4_000_000, 14_000_000],
    brands: {
      bosch: ['SMS25AW01R', 'SPS2IKW04E', 'SMV4HVX33E'],
      midea: ['MFD60S500W', 'MID45S110'],
      samsung: ['DW60R7050FS', 'DW50R4040BB'],
      beko: ['DVN053R01W', 'BDFN15421S'],
      artel: ['AD 45G', 'AD 60S'],
    },
    colors: ['oq', 'kumushrang'],
  },
  stove: {
    kind: 'stove',
    group: 'appliance',
    noun: noun('Газовая плита', 'gaz plitasi', 'f'),
    price: [1_800_000, 9_000_000],
    brands: {
      artel: ['Apetito 01-G', 'Milagro 10-G', 'Ottima 01-G'],
      hofmann: ['GS-5060W', 'GS-6060BL'],
      premier: ['PRM-5002GE', 'PRM-6004G'],
      shivaki: ['GS-5018', 'GS-6020'],
      gorenje: ['GI5121WF', 'GK5C40WF'],
      beko: ['FSG62010FW', 'FSE52020DW'],
    },
    attributes: [{ slug: 'burners', tokens: ['4'] }],
    colors: APPLIANCE_COLORS,
  },
  vacuum: {
    kind: 'vacuum',
    group: 'appliance',
    noun: noun('Пылесос', 'changyutgichi'),
    price: [800_000, 9_000_000],
    brands: {
      samsung: ['VC18M31A0HP', 'VC20M2540JB', 'VC07M25E0WR'],
      lg: ['VK76A02NTL', 'VC5420NNTW'],
      philips: ['XB2125/09', 'FC9332/09', 'XB2023/01'],
      bosch: ['BGS05A220', 'BGL38BA2H'],
      artel: ['VCC 0120', 'VCC 4820'],
      shivaki: ['SVC 1748', 'SVC 2252'],
      thomas: ['Aqua+ Multi Clean X8', 'DryBOX Amfibia'],
    },
    attributes: [{ slug: 'power', tokens: ['1200', '1500', '1800', '2000', '2200'] }],
    colors: SMALL_APPLIANCE_COLORS,
  },
  iron: {
    kind: 'iron',
    group: 'appliance',
    noun: noun('Утюг', 'dazmoli'),
    price: [200_000, 1_800_000],
    brands: {
      philips: ['DST7060/20', 'GC1751/80', 'DST3030/70'],
      tefal: ['FV2868E0', 'FV5735E0', 'FV6832E0'],
      bosch: ['TDA5029210', 'TDA2365'],
      braun: ['SI 3054', 'TexStyle 7'],
      rowenta: ['DW5135D1', 'DW2070'],
      avalon: ['AV-IR2200', 'AV-IR2600'],
    },
    attributes: [{ slug: 'power', tokens: ['1800', '2000', '2200', '2400', '2800'] }],
    colors: ['kok', 'binafsha', 'oq', 'qora', 'havorang', 'yashil'],
  },
  'air-conditioner': {
    kind: 'air-conditioner',
    group: 'climate',
    noun: noun('Кондиционер', 'konditsioneri'),
    price: [3_000_000, 16_000_000],
    brands: {
      artel: ['ART-{btu}HM', 'Shahrizoda {btu}HE', 'Grand {btu}HP'],
      gree: ['Bora GWH{btu}AAB', 'Lomo Arctic GWH{btu}QB', 'Pular GWH{btu}AGA'],
      midea: ['Breezeless+ MSFA-{btu}N8', 'Unlimited MSMB-{btu}HRN1'],
      samsung: ['WindFree AR{btu}BXFAMWK', 'AR{btu}TXHQASIN'],
      lg: ['Dual Inverter S{btu}EQ', 'Artcool A{btu}GA'],
      shivaki: ['SSH-P{btu}9DC', 'SSH-L{btu}9DC'],
      hofmann: ['AC-{btu}TEL', 'AC-{btu}INV'],
      premier: ['PRM-{btu}INV'],
    },
    attributes: [{ slug: 'btu', tokens: ['09', '12', '18', '24'] }],
    colors: ['oq'],
  },
  heater: {
    kind: 'heater',
    group: 'climate',
    noun: noun('Масляный радиатор', 'moyli radiatori'),
    price: [400_000, 2_000_000],
    brands: {
      ballu: ['Classic BOH/CL-09', 'Level BOH/LV-11'],
      electrolux: ['EOH/M-6209', 'Sphere EOH/M-6221'],
      delonghi: ['TRRS 0920', 'Dragon 4'],
      artel: ['HH 09', 'HH 11'],
      timberk: ['TOR 31.1507 QT', 'TOR 21.2009 BC'],
    },
    attributes: [{ slug: 'power', tokens: ['1000', '1500', '2000', '2400'] }],
    colors: ['oq', 'qora', 'kulrang'],
  },
  'water-heater': {
    kind: 'heater',
    group: 'climate',
    noun: noun('Водонагреватель', 'suv isitgichi'),
    price: [1_200_000, 6_000_000],
    brands: {
      ariston: ['ABS VLS EVO PW {volume}', 'PRO1 R {volume} V Slim'],
      thermex: ['Flat Plus Pro IF {volume} V', 'ERS {volume} V'],
      electrolux: ['EWH {volume} Royal Flash', 'EWH {volume} Centurio IQ'],
      artel: ['ART WH-{volume}V', 'ART WH-{volume}H'],
    },
    attributes: [{ slug: 'volume', tokens: ['30', '50', '80', '100'] }],

    colors: ['oq'],
  },
  fan: {
    kind: 'fan',
    group: 'climate',
    noun: noun('Напольный вентилятор', 'pol ventilyatori'),
    price: [250_000, 3_000_000],
    brands: {
      artel: ['FS 1602', 'FC 1643'],
      shivaki: ['SFN-1640', 'SFT-1635'],
      xiaomi: ['Smart Standing Fan 2', 'Smart Standing Fan 2 Lite'],
      midea: ['FS4052', 'MVFS4008'],
      premier: ['PRM-FS1601'],
    },
    attributes: [{ slug: 'power', tokens: ['40', '60', '100'] }],
    colors: ['oq', 'qora', 'kulrang'],
  },
  microwave: {
    kind: 'microwave',
    group: 'kitchen',
    noun: noun('Микроволновая печь', "mikroto'lqinli pechi", 'f'),
    price: [800_000, 4_000_000],
    brands: {
      samsung: ['MS{volume}T5018AW', 'ME83KRW-1', 'MG{volume}T5018AK'],
      lg: ['MS2042DB', 'MH6336GIB', 'MS2336GIB'],
      artel: ['MW 2010', 'MWO 20 S'],
      midea: ['MM720CXX', 'AM820CMF'],
      hofmann: ['MW-20SS', 'MW-23SB'],
      shivaki: ['SMW2011MW'],
      premier: ['PRM-MW20'],
    },
    attributes: [
      { slug: 'volume', tokens: ['20', '23', '25', '30'] },
      { slug: 'power', tokens: ['700', '800', '900', '1000'] },
    ],
    spec: ['{volume} л', '{volume} l'],
    colors: ['oq', 'qora', 'kumushrang'],
  },
  kettle: {
    kind: 'kettle',
    group: 'kitchen',
    noun: noun('Электрочайник', 'elektr choynagi'),
    price: [150_000, 1_500_000],
    brands: {
      tefal: ['KO 1501', 'Sense KO6931', 'Confidence KI8208'],
      philips: ['HD9318/70', 'HD9350/90', 'HD9365/10'],
      xiaomi: ['Electric Kettle 2', 'Smart Kettle Pro'],
      bosch: ['TWK3A011', 'TWK7603'],
      avalon: ['AV-EK1745', 'AV-EK2000'],
      redmond: ['RK-G200S', 'RK-M173S'],
      braun: ['WK 3110', 'WK 5100'],
    },
    attributes: [
      { slug: 'volume', tokens: ['1', '1.5', '1.7', '2'] },
      { slug: 'power', tokens: ['1800', '2000', '2200'] },
    ],
    spec: ['{volume} л', '{volume} l'],
    colors: SMALL_APPLIANCE_COLORS,
  },
  blender: {
    kind: 'blender',
    group: 'kitchen',
    noun: noun('Блендер', 'blenderi'),
    price: [250_000, 3_500_000],
    brands: {
      philips: ['HR2041/10', 'HR3573/90'],
      tefal: ['BL4208', 'Blendforce BL420'],
      bosch: ['MMB6141B', 'MMBM7G2M'],
      moulinex: ['LM2A3110', 'LM3001'],
      avalon: ['AV-BL1200', 'AV-BL800'],
      redmond: ['RSB-M3401'],
      kenwood: ['BLP41.A0WH'],
    },
    attributes: [{ slug: 'power', tokens: ['500', '700', '800', '1000', '1200', '1500'] }],
    colors: SMALL_APPLIANCE_COLORS,
  },
  'hair-dryer': {
    kind: 'hair-dryer',
    group: 'care',
    noun: noun('Фен', 'feni'),
    price: [200_000, 9_000_000],
    brands: {
      philips: ['BHD308/10', 'BHD538/20', 'BHD827/00'],
      braun: ['Satin Hair 5 HD585', 'Satin Hair 7 HD785'],
      dyson: ['Supersonic HD07', 'Supersonic Nural HD16'],
      rowenta: ['CV5372F0', 'Powerline CV5090'],
      remington: ['D3010', 'AC9300'],
      xiaomi: ['Compact Hair Dryer H101', 'Water Ionic Hair Dryer H500'],
    },
    attributes: [{ slug: 'power', tokens: ['1200', '1800', '2000', '2200', '2400'] }],
    colors: ['qora', 'oq', 'pushti', 'binafsha', 'kulrang'],
  },
  shaver: {
    kind: 'hair-dryer',
    group: 'care',
    noun: noun('Электробритва', 'elektr ustarasi', 'f'),
    price: [300_000, 7_000_000],
    brands: {
      philips: ['S1141/00', 'S5587/10', 'S7886/35'],
      braun: ['Series 3 300s', 'Series 5 51-B1000s', 'Series 9 Pro 9465cc'],
      panasonic: ['ES-RT37', 'ES-LV67'],
      xiaomi: ['Electric Shaver S301'],
    },
    colors: ['qora', 'kulrang', 'kok'],
  },
  perfume: {
    kind: 'perfume',
    group: 'perfume',
    noun: noun('Парфюмерная вода', 'atiri', 'f'),
    price: [350_000, 4_500_000],
    brands: {
      chanel: ['Coco Mademoiselle', 'Chance Eau Tendre', 'N°5'],
      dior: ["J'adore", 'Miss Dior Blooming Bouquet'],
      lancome: ['La Vie Est Belle', 'Idôle'],
      lattafa: ['Yara', 'Ana Abiyedh Rouge', 'Haya'],
      'yves-saint-laurent': ['Libre', 'Black Opium'],
      versace: ['Bright Crystal', 'Eros Pour Femme'],
    },
    attributes: [{ slug: 'volume-ml', tokens: ['30', '50', '75', '100'] }],
    spec: ['{volume-ml} мл', '{volume-ml} ml'],
  },
  cosmetics: {
    kind: 'cosmetics',
    group: 'beauty',
    noun: noun('Крем для лица', 'yuz kremi'),
    price: [60_000, 600_000],
    brands: {
      nivea: ['Soft', 'Q10 Power', 'Cellular Expert Lift'],
      loreal: ['Revitalift Laser X3', 'Hyaluron Expert'],
      garnier: ['Skin Naturals Vitamin C', 'Hyaluronic Aloe'],
      cosrx: ['Advanced Snail 92', 'Oil-Free Ultra-Moisturizing'],
      'la-roche-posay': ['Toleriane Sensitive', 'Effaclar Duo+'],
      cerave: ['Facial Moisturising Lotion PM', 'Moisturising Cream'],
    },
    attributes: [{ slug: 'volume-ml', tokens: ['30', '50', '75'] }],
    spec: ['{volume-ml} мл', '{volume-ml} ml'],
  },
  tshirt: {
    kind: 'tshirt',
    group: 'clothes',
    noun: noun('Футболка мужская', 'erkaklar futbolkasi', 'f'),
    price: [80_000, 300_000],
    brands: CLOTHES_BRANDS,
    attributes: [
      { slug: 'size', tokens: ['S', 'M', 'L', 'XL', 'XXL', '3XL'], multi: [2, 5] },
      { slug: 'material', tokens: ['cotton', 'polyester'] },
    ],
    colors: CLOTHES_COLORS,
  },
  dress: {
    kind: 'dress',
    group: 'clothes',
    noun: noun('Платье', "ko'ylagi", 'n'),
    price: [150_000, 1_500_000],
    brands: {
      zara: ['Midi', 'Satin Effect', 'Linen Blend'],
      mango: ['Wrap', 'Knit Midi', 'Shirt'],
      'lc-waikiki': ['Floral', 'Basic'],
      koton: ['Maxi', 'Belted'],
      defacto: ['A-Line', 'Shirt'],
      hm: ['Jersey', 'Smocked'],
    },
    attributes: [
      { slug: 'size', tokens: ['XS', 'S', 'M', 'L', 'XL'], multi: [2, 5] },
      { slug: 'material', tokens: ['cotton', 'polyester', 'textile', 'wool'] },
    ],
    colors: WOMEN_COLORS,
  },
  jacket: {
    kind: 'jacket',
    group: 'clothes',
    noun: noun('Куртка мужская', 'erkaklar kurtkasi', 'f'),
    price: [350_000, 2_500_000],
    brands: {
      columbia: ['Powder Lite', 'Oak Harbor', 'Pike Lake'],
      'the-north-face': ['1996 Retro Nuptse', 'Resolve 2'],
      adidas: ['Helionic', 'Itavic 3-Stripes'],
      nike: ['Windrunner', 'Storm-FIT'],
      zara: ['Puffer', 'Technical'],
      'lc-waikiki': ['Puffer', 'Bomber'],
      defacto: ['Puffer', 'Parka'],
    },
    attributes: [
      { slug: 'size', tokens: ['S', 'M', 'L', 'XL', 'XXL', '3XL'], multi: [2, 5] },
      { slug: 'material', tokens: ['polyester', 'textile', 'eco-leather', 'leather'] },
    ],
    colors: CLOTHES_COLORS,
  },
  jeans: {
    kind: 'jeans',
    group: 'clothes',
    noun: noun('Джинсы мужские', 'erkaklar jinsisi', 'p'),
    price: [180_000, 900_000],
    brands: {
      mavi: ['Marcus', 'Jake', 'Chris'],
      levis: ['501 Original', '511 Slim', '505 Regular'],
      'lc-waikiki': ['760 Skinny', '750 Slim Fit'],
      defacto: ['Carlo Skinny', 'Sergio Regular'],
      colins: ['044 Karl', '067 Jack'],
      zara: ['Slim Fit', 'Straight Fit'],
    },
    attributes: [
      { slug: 'size', tokens: ['S', 'M', 'L', 'XL', 'XXL'], multi: [2, 5] },
      { slug: 'material', tokens: ['denim'] },
    ],
    colors: ['kok', 'toq-kok', 'qora', 'havorang', 'kulrang'],
  },
  sneaker: {
    kind: 'sneaker',
    group: 'shoes',
    noun: noun('Кроссовки мужские', 'erkaklar krossovkasi', 'p'),
    price: [300_000, 2_500_000],
    brands: {
      nike: ['Air Max 90', "Air Force 1 '07", 'Revolution 7', 'Court Vision Low', 'Dunk Low'],
      adidas: ['Samba OG', 'Gazelle', 'Runfalcon 3.0', 'Forum Low', 'Superstar'],
      puma: ['Suede Classic XXI', 'Smash 3.0', 'Caven 2.0', 'RS-X'],
      'new-balance': ['574', '530', '327', '2002R'],
      skechers: ['Go Walk 7', "D'Lites", 'Uno'],
      reebok: ['Club C 85', 'Classic Leather'],
    },
    attributes: [
      { slug: 'shoe-size', tokens: ['39', '40', '41', '42', '43', '44', '45'], multi: [3, 6] },
      { slug: 'material', tokens: ['textile', 'leather', 'eco-leather', 'suede'] },
    ],
    colors: SHOE_COLORS,
  },
  boot: {
    kind: 'boot',
    group: 'shoes',
    noun: noun('Ботинки мужские', 'erkaklar botinkasi', 'p'),
    price: [400_000, 2_500_000],
    brands: {
      ecco: ['Track 25', 'Grainer', 'Urban Mini'],
      timberland: ['6-Inch Premium', 'Euro Sprint'],
      lumberjack: ['River', 'Cap'],
      caterpillar: ['Colorado', 'Intruder'],
      rieker: ['B1721', '33522'],
      geox: ['Uomo Brandolf', 'Nebula'],
    },
    attributes: [
      { slug: 'shoe-size', tokens: ['39', '40', '41', '42', '43', '44', '45'], multi: [3, 6] },
      { slug: 'material', tokens: ['leather', 'suede', 'eco-leather'] },
    ],
    colors: ['qora', 'jigarrang', 'bej'],
  },
  bag: {
    kind: 'bag',
    group: 'accessory',
    noun: noun('Сумка женская', 'ayollar sumkasi', 'f'),
    price: [150_000, 3_000_000],
    brands: {
      zara: ['Shopper', 'Crossbody', 'Mini City'],
      mango: ['Quilted', 'Bucket', 'Shopper'],
      guess: ['Noelle', 'Meridian'],
      'michael-kors': ['Jet Set', 'Mercer'],
      'charles-keith': ['Koa', 'Gabine'],
      'lc-waikiki': ['Shoulder Bag', 'Tote'],
    },
    attributes: [{ slug: 'material', tokens: ['eco-leather', 'leather', 'textile', 'suede'] }],
    colors: ['qora', 'bej', 'jigarrang', 'oq', 'qizil', 'pushti'],
  },
  watch: {
    kind: 'watch',
    group: 'accessory',
    noun: noun('Наручные часы мужские', "erkaklar qo'l soati", 'p'),
    price: [300_000, 15_000_000],
    brands: {
      casio: ['G-Shock GA-2100', 'Edifice EFR-526L', 'MTP-1374D', 'Pro Trek PRG-340'],
      tissot: ['PRX Powermatic 80', 'Gentleman', 'Le Locle'],
      seiko: ['5 Sports SRPD55', 'Presage SRPB43'],
      citizen: ['Eco-Drive BM7108', 'Promaster NY0040'],
      orient: ['Bambino', 'Kamasu'],
    },
    attributes: [{ slug: 'material', tokens: ['steel', 'leather', 'plastic'] }],
    colors: ['qora', 'kumushrang', 'tillarang', 'jigarrang'],
  },
  sofa: {
    kind: 'sofa',
    group: 'furniture',
    noun: noun('Диван', 'divani'),
    price: [2_500_000, 25_000_000],
    brands: {
      askona: ['Vita', 'Fly', 'Carlo'],
      shatura: ['Ankara', 'Bristol', 'Valencia'],
      hoff: ['Rio', 'Marsel', 'Oslo'],
      lazurit: ['Monaco', 'Tango'],
    },
    attributes: [{ slug: 'material', tokens: ['textile', 'eco-leather', 'leather', 'suede'] }],
    colors: FURNITURE_COLORS,
  },
  armchair: {
    kind: 'armchair',
    group: 'furniture',
    noun: noun('Кресло', 'kreslosi', 'n'),
    price: [1_000_000, 8_000_000],
    brands: {
      askona: ['Nordic', 'Relax'],
      shatura: ['Bristol', 'Loft'],
      hoff: ['Oslo', 'Bergen'],
      lazurit: ['Tango', 'Monaco'],
    },
    attributes: [{ slug: 'material', tokens: ['textile', 'eco-leather', 'leather', 'suede'] }],
    colors: FURNITURE_COLORS,
  },
  bed: {
    kind: 'bed',
    group: 'furniture',
    noun: noun('Кровать', 'karavoti', 'f'),
    price: [1_800_000, 16_000_000],
    brands: {
      askona: ['Kim', 'Mary', 'Sandra'],
      shatura: ['Florence', 'Milano'],
      hoff: ['Lima', 'Norma'],
      lazurit: ['Capri', 'Nova'],
    },
    attributes: [
      { slug: 'bed-size', tokens: ['90', '140', '160', '180'] },
      { slug: 'material', tokens: ['chipboard', 'mdf', 'wood', 'metal', 'textile'] },
    ],
    spec: ['{bed-size}×200 см', '{bed-size}×200 sm'],
    colors: ['oq', 'bej', 'jigarrang', 'kulrang', 'qora'],
  },
  wardrobe: {
    kind: 'wardrobe',
    group: 'furniture',
    noun: noun('Шкаф-купе', 'shkaf-kupesi'),
    price: [2_000_000, 14_000_000],
    brands: {
      shatura: ['Lagos', 'Verona'],
      lazurit: ['Verona', 'Loft'],
      hoff: ['Lima', 'Standard'],
      stolplit: ['Ellie', 'Simple'],
    },
    attributes: [{ slug: 'material', tokens: ['chipboard', 'mdf', 'wood'] }],
    colors: ['oq', 'bej', 'jigarrang', 'kulrang', 'qora'],
  },
  table: {
    kind: 'table',
    group: 'furniture',
    noun: noun('Обеденный стол', 'ovqatlanish stoli'),
    price: [900_000, 9_000_000],
    brands: {
      hoff: ['Dallas', 'Nord'],
      stolplit: ['Loft', 'Lyon'],
      woodville: ['Denver', 'Eton', 'Halifax'],
    },
    attributes: [{ slug: 'material', tokens: ['wood', 'mdf', 'glass', 'chipboard'] }],
    colors: ['oq', 'bej', 'jigarrang', 'qora'],
  },
  chair: {
    kind: 'chair',
    group: 'furniture',
    noun: noun('Стул', 'stuli'),
    price: [250_000, 2_000_000],
    brands: {
      woodville: ['Mint', 'Lina', 'Ray'],
      hoff: ['Alba', 'Tulip'],
      stolplit: ['Eames DSW', 'Bari'],
    },
    attributes: [{ slug: 'material', tokens: ['wood', 'metal', 'plastic', 'textile'] }],
    colors: ['oq', 'qora', 'kulrang', 'bej', 'yashil'],
  },
  cookware: {
    kind: 'cookware',
    group: 'home',
    noun: noun('Казан', 'qozoni'),
    price: [250_000, 2_500_000],
    brands: {
      kukmara: ['Classic', 'Traditsiya'],
      biol: ['Classic', 'Kazan'],
      rondell: ['Village', 'Escurion'],
    },
    attributes: [
      { slug: 'volume', tokens: ['4', '6', '8', '10', '12', '15', '20'] },
      { slug: 'material', tokens: ['cast-iron', 'aluminium'] },
    ],
    spec: ['{volume} л', '{volume} l'],
  },
  lamp: {
    kind: 'lamp',
    group: 'home',
    noun: noun('Люстра', 'qandili', 'f'),
    price: [250_000, 4_000_000],
    brands: {
      eglo: ['Lavaio', 'Rosalie', 'Montefio'],
      citilux: ['Tonga CL212', 'Delta CL504'],
      'arte-lamp': ['Sirius A1099', 'Florence A1059'],
    },
    attributes: [
      { slug: 'power', tokens: ['40', '60', '100'] },
      { slug: 'material', tokens: ['metal', 'glass', 'plastic'] },
    ],
    colors: ['oq', 'qora', 'tillarang'],
  },
  carpet: {
    kind: 'carpet',
    group: 'home',
    noun: noun('Ковёр', 'gilami'),
    price: [400_000, 6_000_000],
    brands: {
      merinos: ['Valencia', 'Silver', 'Jasmin'],
      sanat: ['Efes', 'Lizbon', 'Kashmir'],
      confetti: ['Cars', 'Play Mat'],
    },
    attributes: [
      { slug: 'carpet-size' },
      { slug: 'material', tokens: ['wool', 'polyester', 'textile'] },
    ],
    spec: ['{carpet-size} см', '{carpet-size} sm'],
    colors: ['bej', 'kulrang', 'qizil', 'kok', 'jigarrang', 'yashil'],
  },
  stroller: {
    kind: 'stroller',
    group: 'kids',
    noun: noun('Прогулочная коляска', 'sayr aravachasi', 'f'),
    price: [1_200_000, 9_000_000],
    brands: {
      chicco: ['Goody Plus', 'Trolley Me'],
      cybex: ['Beezy', 'Eezy S Twist+2'],
      'happy-baby': ['Ultima V3', 'Umma'],
      joie: ['Pact', 'Mirus'],
      anex: ['Air-X', 'm/type'],
    },
    colors: ['kulrang', 'qora', 'bej', 'kok', 'yashil', 'pushti'],
  },
  toy: {
    kind: 'toy',
    group: 'kids',
    noun: noun('Конструктор', 'konstruktori'),
    price: [120_000, 3_000_000],
    brands: {
      lego: ['City 60316', 'Technic 42151', 'Friends 41748', 'Creator 31147', 'Ninjago 71797'],
      sluban: ['M38-B0705', 'Town B0867'],
      cobi: ['Historical 2294', 'Action Town 1570'],
    },
    attributes: [{ slug: 'age', tokens: ['3', '6', '8', '12'] }],
  },
  bicycle: {
    kind: 'bicycle',
    group: 'sport',
    noun: noun('Горный велосипед', "tog' velosipedi"),
    price: [2_000_000, 15_000_000],
    brands: {
      stels: ['Navigator 700 MD', 'Navigator 900 MD'],
      forward: ['Apache 2.0', 'Sporting 2.0'],
      giant: ['Talon 3', 'ATX 2'],
      trek: ['Marlin 5', 'Dual Sport 2'],
      merida: ['Big.Nine 20', 'Big.Seven 15'],
    },
    attributes: [{ slug: 'wheel', tokens: ['26', '27.5', '29'] }],
    spec: ['{wheel}"', '{wheel}"'],
    colors: ['qora', 'kok', 'qizil', 'kulrang', 'yashil', 'oq'],
  },
  dumbbell: {
    kind: 'dumbbell',
    group: 'sport',
    noun: noun('Гантель', 'ganteli', 'f'),
    price: [50_000, 900_000],
    brands: {
      starfit: ['DB-101', 'DB-204'],
      torneo: ['A-114', 'Hex'],
      kettler: ['Chrome', 'Vinyl'],
      demix: ['Vinyl', 'Neoprene'],
    },
    attributes: [{ slug: 'weight', tokens: ['1', '2', '3', '5', '8', '10', '15', '20'] }],
    spec: ['{weight} кг', '{weight} kg'],
    colors: ['qora', 'kulrang', 'pushti', 'kok'],
  },
  tire: {
    kind: 'tire',
    group: 'auto',
    noun: noun('Летняя шина', 'yozgi shinasi', 'f'),
    price: [600_000, 4_000_000],
    brands: {
      michelin: ['Primacy 4+', 'Pilot Sport 5', 'Energy XM2+'],
      continental: ['PremiumContact 7', 'EcoContact 6'],
      bridgestone: ['Turanza T005', 'Ecopia EP150'],
      hankook: ['Ventus Prime4 K135', 'Kinergy Eco2'],
      yokohama: ['BluEarth-A AE50', 'Geolandar A/T G015'],
      kumho: ['Ecsta HS52', 'Solus HS11'],
      triangle: ['TE301', 'SporteX TH201'],
    },
    attributes: [{ slug: 'tire-size' }],
    spec: ['{tire-size}', '{tire-size}'],
  },
  drill: {
    kind: 'drill',
    group: 'tools',
    noun: noun('Ударная дрель', 'zarbli dreli', 'f'),
    price: [300_000, 3_000_000],
    brands: {
      bosch: ['GSB 13 RE', 'PSB 750 RCE', 'EasyImpact 600'],
      makita: ['HP1630', 'HP1640', 'DP4011'],
      dewalt: ['DWD024', 'DWD112S'],
      total: ['TG107136', 'TG1061356'],
      ingco: ['ID7508', 'ID8508'],
      metabo: ['SBE 650', 'SBE 780-2'],
    },
    attributes: [{ slug: 'power', tokens: ['500', '700', '800', '900', '1000'] }],
  },
  book: {
    kind: 'book',
    group: 'book',
    noun: noun('Книга', 'kitobi', 'f'),
    price: [35_000, 250_000],
    brands: {
      '-': [
        ["Abdulla Qodiriy «O'tkan kunlar»", 'Абдулла Кадыри «Минувшие дни»'],
        ['Abdulla Qodiriy «Mehrobdan chayon»', 'Абдулла Кадыри «Скорпион из алтаря»'],
        ["Cho'lpon «Kecha va kunduz»", 'Чулпан «Ночь и день»'],
        ["O'tkir Hoshimov «Dunyoning ishlari»", 'Уткир Хашимов «Дела мирские»'],
        ["O'tkir Hoshimov «Ikki eshik orasi»", 'Уткир Хашимов «Между двух дверей»'],
        ['Tohir Malik «Shaytanat»', 'Тахир Малик «Шайтанат»'],
        ["G'afur G'ulom «Shum bola»", 'Гафур Гулям «Озорник»'],
        ['Said Ahmad «Ufq»', 'Саид Ахмад «Горизонт»'],
      ],
    },
    attributes: [
      { slug: 'cover', tokens: ['soft', 'hard'] },
      { slug: 'language', tokens: ['uz', 'ru'] },
    ],
  },
} as const satisfies Record<string, Profile>;

export type ProfileId = keyof typeof PROFILES;
