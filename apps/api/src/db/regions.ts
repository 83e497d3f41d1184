/**
 * Uzbekistan's administrative divisions for delivery addresses: the Republic of Karakalpakstan,
 * the twelve viloyats and Tashkent city, each with its districts (tumanlar) and the cities of
 * district level. Names follow the state classifier of territorial units (SOATO) with the
 * Russian forms in common use; Ko'kdala district (2022) is included.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { districts, regions } from './schema/index.ts';

/** [stable key, Uzbek (Latin), Russian] */
export type DivisionDef = readonly [slug: string, nameUz: string, nameRu: string];

export interface RegionDef {
  slug: string;
  nameUz: string;
  nameRu: string;
  districts: readonly DivisionDef[];
}

export const REGIONS: readonly RegionDef[] = [
  {
    slug: 'toshkent-shahri',
    nameUz: 'Toshkent shahri',
    nameRu: 'город Ташкент',
    districts: [
      ['bektemir', 'Bektemir tumani', 'Бектемирский район'],
      ['chilonzor', 'Chilonzor tumani', 'Чиланзарский район'],
      ['mirobod', 'Mirobod tumani', 'Мирабадский район'],
      ['mirzo-ulugbek', "Mirzo Ulug'bek tumani", 'Мирзо-Улугбекский район'],
      ['olmazor', 'Olmazor tumani', 'Алмазарский район'],
      ['sergeli', 'Sergeli tumani', 'Сергелийский район'],
      ['shayxontohur', 'Shayxontohur tumani', 'Шайхантахурский район'],
      ['uchtepa', 'Uchtepa tumani', 'Учтепинский район'],
      ['yakkasaroy', 'Yakkasaroy tumani', 'Яккасарайский район'],
      ['yangihayot', 'Yangihayot tumani', 'Янгихаётский район'],
      ['yashnobod', 'Yashnobod tumani', 'Яшнабадский район'],
      ['yunusobod', 'Yunusobod tumani', 'Юнусабадский район'],
    ],
  },
  {
    slug: 'toshkent-viloyati',
    nameUz: 'Toshkent viloyati',
    nameRu: 'Ташкентская область',
    districts: [
      ['nurafshon-shahri', 'Nurafshon shahri', 'Нурафшан'],
      ['olmaliq-shahri', 'Olmaliq shahri', 'Алмалык'],
      ['angren-shahri', 'Angren shahri', 'Ангрен'],
      ['bekobod-shahri', 'Bekobod shahri', 'Бекабад'],
      ['ohangaron-shahri', 'Ohangaron shahri', 'Ахангаран'],
      ['chirchiq-shahri', 'Chirchiq shahri', 'Чирчик'],
      ['yangiyol-shahri', "Yangiyo'l shahri", 'Янгиюль'],
      ['bekobod', 'Bekobod tumani', 'Бекабадский район'],
      ['bostonliq', "Bo'stonliq tumani", 'Бостанлыкский район'],
      ['boka', "Bo'ka tumani", 'Букинский район'],
      ['chinoz', 'Chinoz tumani', 'Чиназский район'],
      ['ohangaron', 'Ohangaron tumani', 'Ахангаранский район'],
      ['oqqorgon', "Oqqo'rg'on tumani", 'Аккурганский район'],
      ['ortachirchiq', "O'rtachirchiq tumani", 'Уртачирчикский район'],
      ['parkent', 'Parkent tumani', 'Паркентский район'],
      ['piskent', 'Piskent tumani', 'Пскентский район'],
      ['qibray', 'Qibray tumani', 'Кибрайский район'],
      ['quyichirchiq', 'Quyichirchiq tumani', 'Куйичирчикский район'],
      ['toshkent', 'Toshkent tumani', 'Ташкентский район'],
      ['yangiyol', "Yangiyo'l tumani", 'Янгиюльский район'],
      ['yuqorichirchiq', 'Yuqorichirchiq tumani', 'Юкоричирчикский район'],
      ['zangiota', 'Zangiota tumani', 'Зангиатинский район'],
    ],
  },
  {
    slug: 'andijon',
    nameUz: 'Andijon viloyati',
    nameRu: 'Андижанская область',
    districts: [
      ['andijon-shahri', 'Andijon shahri', 'Андижан'],
      ['xonobod-shahri', 'Xonobod shahri', 'Ханабад'],
      ['andijon', 'Andijon tumani', 'Андижанский район'],
      ['asaka', 'Asaka tumani', 'Асакинский район'],
      ['baliqchi', 'Baliqchi tumani', 'Балыкчинский район'],
      ['boston', "Bo'ston tumani", 'Бустонский район'],
      ['buloqboshi', 'Buloqboshi tumani', 'Булакбашинский район'],
      ['izboskan', 'Izboskan tumani', 'Избасканский район'],
      ['jalaquduq', 'Jalaquduq tumani', 'Джалакудукский район'],
      ['marhamat', 'Marhamat tumani', 'Мархаматский район'],
      ['oltinkol', "Oltinko'l tumani", 'Алтынкульский район'],
      ['paxtaobod', 'Paxtaobod tumani', 'Пахтаабадский район'],
      ['qorgontepa', "Qo'rg'ontepa tumani", 'Кургантепинский район'],
      ['shahrixon', 'Shahrixon tumani', 'Шахриханский район'],
      ['ulugnor', "Ulug'nor tumani", 'Улугнорский район'],
      ['xojaobod', "Xo'jaobod tumani", 'Ходжаабадский район'],
    ],
  },
  {
    slug: 'buxoro',
    nameUz: 'Buxoro viloyati',
    nameRu: 'Бухарская область',
    districts: [
      ['buxoro-shahri', 'Buxoro shahri', 'Бухара'],
      ['kogon-shahri', 'Kogon shahri', 'Каган'],
      ['buxoro', 'Buxoro tumani', 'Бухарский район'],
      ['gijduvon', "G'ijduvon tumani", 'Гиждуванский район'],
      ['jondor', 'Jondor tumani', 'Жондорский район'],
      ['kogon', 'Kogon tumani', 'Каганский район'],
      ['olot', 'Olot tumani', 'Алатский район'],
      ['peshku', 'Peshku tumani', 'Пешкунский район'],
      ['qorakol', "Qorako'l tumani", 'Каракульский район'],
      ['qorovulbozor', 'Qorovulbozor tumani', 'Караулбазарский район'],
      ['romitan', 'Romitan tumani', 'Ромитанский район'],
      ['shofirkon', 'Shofirkon tumani', 'Шафирканский район'],
      ['vobkent', 'Vobkent tumani', 'Вабкентский район'],
    ],
  },
  {
    slug: 'jizzax',
    nameUz: 'Jizzax viloyati',
    nameRu: 'Джизакская область',
    districts: [
      ['jizzax-shahri', 'Jizzax shahri', 'Джизак'],
      ['arnasoy', 'Arnasoy tumani', 'Арнасайский район'],
      ['baxmal', 'Baxmal tumani', 'Бахмальский район'],
      ['dostlik', "Do'stlik tumani", 'Дустликский район'],
      ['forish', 'Forish tumani', 'Фаришский район'],
      ['gallaorol', "G'allaorol tumani", 'Галляаральский район'],
      ['mirzachol', "Mirzacho'l tumani", 'Мирзачульский район'],
      ['paxtakor', 'Paxtakor tumani', 'Пахтакорский район'],
      ['sharof-rashidov', 'Sharof Rashidov tumani', 'Шараф-Рашидовский район'],
      ['yangiobod', 'Yangiobod tumani', 'Янгиабадский район'],
      ['zafarobod', 'Zafarobod tumani', 'Зафарабадский район'],
      ['zarbdor', 'Zarbdor tumani', 'Зарбдарский район'],
      ['zomin', 'Zomin tumani', 'Зааминский район'],
    ],
  },
  {
    slug: 'qashqadaryo',
    nameUz: 'Qashqadaryo viloyati',
    nameRu: 'Кашкадарьинская область',
    districts: [
      ['qarshi-shahri', 'Qarshi shahri', 'Карши'],
      ['shahrisabz-shahri', 'Shahrisabz shahri', 'Шахрисабз'],
      ['chiroqchi', 'Chiroqchi tumani', 'Чиракчинский район'],
      ['dehqonobod', 'Dehqonobod tumani', 'Дехканабадский район'],
      ['guzor', "G'uzor tumani", 'Гузарский район'],
      ['kasbi', 'Kasbi tumani', 'Касбинский район'],
      ['kitob', 'Kitob tumani', 'Китабский район'],
      ['kokdala', "Ko'kdala tumani", 'Кукдалинский район'],
      ['koson', 'Koson tumani', 'Касанский район'],
      ['mirishkor', 'Mirishkor tumani', 'Миришкорский район'],
      ['muborak', 'Muborak tumani', 'Мубарекский район'],
      ['nishon', 'Nishon tumani', 'Нишанский район'],
      ['qamashi', 'Qamashi tumani', 'Камашинский район'],
      ['qarshi', 'Qarshi tumani', 'Каршинский район'],
      ['shahrisabz', 'Shahrisabz tumani', 'Шахрисабзский район'],
      ['yakkabog', "Yakkabog' tumani", 'Яккабагский район'],
    ],
  },
  {
    slug: 'navoiy',
    nameUz: 'Navoiy viloyati',
    nameRu: 'Навоийская область',
    districts: [
      ['navoiy-shahri', 'Navoiy shahri', 'Навои'],
      ['zarafshon-shahri', 'Zarafshon shahri', 'Зарафшан'],
      ['gozgon-shahri', "G'ozg'on shahri", 'Газган'],
      ['karmana', 'Karmana tumani', 'Карманинский район'],
      ['konimex', 'Konimex tumani', 'Канимехский район'],
      ['navbahor', 'Navbahor tumani', 'Навбахорский район'],
      ['nurota', 'Nurota tumani', 'Нуратинский район'],
      ['qiziltepa', 'Qiziltepa tumani', 'Кызылтепинский район'],
      ['tomdi', 'Tomdi tumani', 'Тамдынский район'],
      ['uchquduq', 'Uchquduq tumani', 'Учкудукский район'],
      ['xatirchi', 'Xatirchi tumani', 'Хатырчинский район'],
    ],
  },
  {
    slug: 'namangan',
    nameUz: 'Namangan viloyati',
    nameRu: 'Наманганская область',
    districts: [
      ['namangan-shahri', 'Namangan shahri', 'Наманган'],
      ['chortoq', 'Chortoq tumani', 'Чартакский район'],
      ['chust', 'Chust tumani', 'Чустский район'],
      ['kosonsoy', 'Kosonsoy tumani', 'Касансайский район'],
      ['mingbuloq', 'Mingbuloq tumani', 'Мингбулакский район'],
      ['namangan', 'Namangan tumani', 'Наманганский район'],
      ['norin', 'Norin tumani', 'Нарынский район'],
      ['pop', 'Pop tumani', 'Папский район'],
      ['toraqorgon', "To'raqo'rg'on tumani", 'Туракурганский район'],
      ['uchqorgon', "Uchqo'rg'on tumani", 'Учкурганский район'],
      ['uychi', 'Uychi tumani', 'Уйчинский район'],
      ['yangiqorgon', "Yangiqo'rg'on tumani", 'Янгикурганский район'],
    ],
  },
  {
    slug: 'samarqand',
    nameUz: 'Samarqand viloyati',
    nameRu: 'Самаркандская область',
    districts: [
      ['samarqand-shahri', 'Samarqand shahri', 'Самарканд'],
      ['kattaqorgon-shahri', "Kattaqo'rg'on shahri", 'Каттакурган'],
      ['bulungur', "Bulung'ur tumani", 'Булунгурский район'],
      ['ishtixon', 'Ishtixon tumani', 'Иштыханский район'],
      ['jomboy', 'Jomboy tumani', 'Джамбайский район'],
      ['kattaqorgon', "Kattaqo'rg'on tumani", 'Каттакурганский район'],
      ['narpay', 'Narpay tumani', 'Нарпайский район'],
      ['nurobod', 'Nurobod tumani', 'Нурабадский район'],
      ['oqdaryo', 'Oqdaryo tumani', 'Акдарьинский район'],
      ['pastdargom', "Pastdarg'om tumani", 'Пастдаргомский район'],
      ['paxtachi', 'Paxtachi tumani', 'Пахтачийский район'],
      ['payariq', 'Payariq tumani', 'Пайарыкский район'],
      ['qoshrabot', "Qo'shrabot tumani", 'Кошрабадский район'],
      ['samarqand', 'Samarqand tumani', 'Самаркандский район'],
      ['tayloq', 'Tayloq tumani', 'Тайлакский район'],
      ['urgut', 'Urgut tumani', 'Ургутский район'],
    ],
  },
  {
    slug: 'sirdaryo',
    nameUz: 'Sirdaryo viloyati',
    nameRu: 'Сырдарьинская область',
    districts: [
      ['guliston-shahri', 'Guliston shahri', 'Гулистан'],
      ['shirin-shahri', 'Shirin shahri', 'Ширин'],
      ['yangiyer-shahri', 'Yangiyer shahri', 'Янгиер'],
      ['boyovut', 'Boyovut tumani', 'Баяутский район'],
      ['guliston', 'Guliston tumani', 'Гулистанский район'],
      ['mirzaobod', 'Mirzaobod tumani', 'Мирзаабадский район'],
      ['oqoltin', 'Oqoltin tumani', 'Акалтынский район'],
      ['sardoba', 'Sardoba tumani', 'Сардобинский район'],
      ['sayxunobod', 'Sayxunobod tumani', 'Сайхунабадский район'],
      ['sirdaryo', 'Sirdaryo tumani', 'Сырдарьинский район'],
      ['xovos', 'Xovos tumani', 'Хавастский район'],
    ],
  },
  {
    slug: 'surxondaryo',
    nameUz: 'Surxondaryo viloyati',
    nameRu: 'Сурхандарьинская область',
    districts: [
      ['termiz-shahri', 'Termiz shahri', 'Термез'],
      ['angor', 'Angor tumani', 'Ангорский район'],
      ['bandixon', 'Bandixon tumani', 'Бандиханский район'],
      ['boysun', 'Boysun tumani', 'Байсунский район'],
      ['denov', 'Denov tumani', 'Денауский район'],
      ['jarqorgon', "Jarqo'rg'on tumani", 'Джаркурганский район'],
      ['muzrabot', 'Muzrabot tumani', 'Музрабадский район'],
      ['oltinsoy', 'Oltinsoy tumani', 'Алтынсайский район'],
      ['qiziriq', 'Qiziriq tumani', 'Кизирикский район'],
      ['qumqorgon', "Qumqo'rg'on tumani", 'Кумкурганский район'],
      ['sariosiyo', 'Sariosiyo tumani', 'Сариасийский район'],
      ['sherobod', 'Sherobod tumani', 'Шерабадский район'],
      ['shorchi', "Sho'rchi tumani", 'Шурчинский район'],
      ['termiz', 'Termiz tumani', 'Термезский район'],
      ['uzun', 'Uzun tumani', 'Узунский район'],
    ],
  },
  {
    slug: 'fargona',
    nameUz: "Farg'ona viloyati",
    nameRu: 'Ферганская область',
    districts: [
      ['fargona-shahri', "Farg'ona shahri", 'Фергана'],
      ['qoqon-shahri', "Qo'qon shahri", 'Коканд'],
      ['margilon-shahri', "Marg'ilon shahri", 'Маргилан'],
      ['quvasoy-shahri', 'Quvasoy shahri', 'Кувасай'],
      ['beshariq', 'Beshariq tumani', 'Бешарыкский район'],
      ['bogdod', "Bog'dod tumani", 'Багдадский район'],
      ['buvayda', 'Buvayda tumani', 'Бувайдинский район'],
      ['dangara', "Dang'ara tumani", 'Дангаринский район'],
      ['fargona', "Farg'ona tumani", 'Ферганский район'],
      ['furqat', 'Furqat tumani', 'Фуркатский район'],
      ['oltiariq', 'Oltiariq tumani', 'Алтыарыкский район'],
      ['ozbekiston', "O'zbekiston tumani", 'Узбекистанский район'],
      ['qoshtepa', "Qo'shtepa tumani", 'Куштепинский район'],
      ['quva', 'Quva tumani', 'Кувинский район'],
      ['rishton', 'Rishton tumani', 'Риштанский район'],
      ['sox', "So'x tumani", 'Сохский район'],
      ['toshloq', 'Toshloq tumani', 'Ташлакский район'],
      ['uchkoprik', "Uchko'prik tumani", 'Учкуприкский район'],
      ['yozyovon', 'Yozyovon tumani', 'Язъяванский район'],
    ],
  },
  {
    slug: 'xorazm',
    nameUz: 'Xorazm viloyati',
    nameRu: 'Хорезмская область',
    districts: [
      ['urganch-shahri', 'Urganch shahri', 'Ургенч'],
      ['xiva-shahri', 'Xiva shahri', 'Хива'],
      ['bogot', "Bog'ot tumani", 'Багатский район'],
      ['gurlan', 'Gurlan tumani', 'Гурленский район'],
      ['hazorasp', 'Hazorasp tumani', 'Хазараспский район'],
      ['qoshkopir', "Qo'shko'pir tumani", 'Кошкупырский район'],
      ['shovot', 'Shovot tumani', 'Шаватский район'],
      ['tuproqqala', "Tuproqqal'a tumani", 'Тупроккалинский район'],
      ['urganch', 'Urganch tumani', 'Ургенчский район'],
      ['xiva', 'Xiva tumani', 'Хивинский район'],
      ['xonqa', 'Xonqa tumani', 'Ханкинский район'],
      ['yangiariq', 'Yangiariq tumani', 'Янгиарыкский район'],
      ['yangibozor', 'Yangibozor tumani', 'Янгибазарский район'],
    ],
  },
  {
    slug: 'qoraqalpogiston',
    nameUz: "Qoraqalpog'iston Respublikasi",
    nameRu: 'Республика Каракалпакстан',
    districts: [
      ['nukus-shahri', 'Nukus shahri', 'Нукус'],
      ['amudaryo', 'Amudaryo tumani', 'Амударьинский район'],
      ['beruniy', 'Beruniy tumani', 'Берунийский район'],
      ['bozatov', "Bo'zatov tumani", 'Бозатауский район'],
      ['chimboy', 'Chimboy tumani', 'Чимбайский район'],
      ['ellikqala', "Ellikqal'a tumani", 'Элликкалинский район'],
      ['kegeyli', 'Kegeyli tumani', 'Кегейлийский район'],
      ['moynoq', "Mo'ynoq tumani", 'Муйнакский район'],
      ['nukus', 'Nukus tumani', 'Нукусский район'],
      ['qanlikol', "Qanliko'l tumani", 'Канлыкульский район'],
      ['qongirot', "Qo'ng'irot tumani", 'Кунградский район'],
      ['qoraozak', "Qorao'zak tumani", 'Караузякский район'],
      ['shumanay', 'Shumanay tumani', 'Шуманайский район'],
      ['taxiatosh', 'Taxiatosh tumani', 'Тахиаташский район'],
      ['taxtakopir', "Taxtako'pir tumani", 'Тахтакупырский район'],
      ['tortkol', "To'rtko'l tumani", 'Турткульский район'],
      ['xojayli', "Xo'jayli tumani", 'Ходжейлийский район'],
    ],
  },
];

/**
 * Writes the regions and districts above: new ones are added, a changed name is updated in place
 * (the key stays, so saved addresses keep pointing at it); an unchanged row is not touched.
 * Runs on every start, seeded catalogue or not, because addresses need it.
 */
export async function seedRegions(db: Executor): Promise<{ regions: number; districts: number }> {
  await db
    .insert(regions)
    .values(REGIONS.map(({ slug, nameUz, nameRu }) => ({ slug, nameUz, nameRu })))
    .onConflictDoUpdate({
      target: regions.slug,
      set: { nameUz: sql`excluded.name_uz`, nameRu: sql`excluded.name_ru` },
      setWhere: sql`(${regions.nameUz}, ${regions.nameRu}) is distinct from (excluded.name_uz, excluded.name_ru)`,
    });
  const ids = new Map(
    (await db.select({ id: regions.id, slug: regions.slug }).from(regions)).map((r) => [
      r.slug,
      r.id,
    ]),
  );
  const rows = REGIONS.flatMap((region) =>
    region.districts.map(([slug, nameUz, nameRu]) => ({
      regionId: ids.get(region.slug)!,
      slug,
      nameUz,
      nameRu,
    })),
  );
  await db
    .insert(districts)
    .values(rows)
    .onConflictDoUpdate({
      target: [districts.regionId, districts.slug],
      set: { nameUz: sql`excluded.name_uz`, nameRu: sql`excluded.name_ru` },
      setWhere: sql`(${districts.nameUz}, ${districts.nameRu}) is distinct from (excluded.name_uz, excluded.name_ru)`,
    });
  return { regions: REGIONS.length, districts: rows.length };
}
