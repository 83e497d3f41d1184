/** The shop's own pages and home-page content in both languages, seeded with the catalogue. */
import { and, asc, desc, eq, gt, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import {
  banners,
  branches,
  categories,
  collectionProducts,
  collections,
  contents,
  products,
  questions,
} from './schema/index.ts';

export const DEMO_PAGES = [
  {
    slug: 'offer',
    titleUz: 'Ommaviy oferta',
    titleRu: 'Публичная оферта',
    bodyUz: `<h3>1. Umumiy qoidalar</h3>
<p>Ushbu oferta Bozor internet-do'koni (keyingi o'rinlarda — Do'kon) va xaridor o'rtasida tovarlarni naqd pulga yoki muddatli to'lov asosida sotib olish shartlarini belgilaydi. Buyurtma berish orqali xaridor ofertani to'liq qabul qiladi.</p>
<h3>2. Ro'yxatdan o'tish</h3>
<p>Xaridor telefon raqami va SMS-kod orqali tizimga kiradi. Muddatli to'lov uchun bir martalik identifikatsiya va skoringdan o'tish, bank kartasini ulash va kamida bitta kafil yoki qarindosh ma'lumotlarini ko'rsatish talab etiladi.</p>
<h3>3. Muddatli to'lov</h3>
<ul><li>Muddatlar: 3, 6, 9 va 12 oy.</li><li>Ustama butun muddat uchun belgilanadi va shartnomada ko'rsatiladi.</li><li>Oylik to'lov ulangan kartadan har oyning belgilangan sanasida avtomatik yechiladi.</li><li>Muddatidan oldin to'lash hech qanday qo'shimcha to'lovsiz amalga oshiriladi.</li></ul>
<h3>4. Kechikish</h3>
<p>To'lov kechiktirilgan taqdirda bir martalik, murakkab bo'lmagan jarima qo'llanilishi mumkin; barcha qo'shimcha to'lovlar yiliga asosiy qarzning 50 foizidan oshmaydi. Kechikkan to'lov mavjud bo'lganda yangi muddatli xarid rasmiylashtirilmaydi.</p>
<h3>5. Shaxsiy ma'lumotlar</h3>
<p>Do'kon xaridorning shaxsiy ma'lumotlarini O'zbekiston Respublikasi qonunchiligiga muvofiq faqat xizmat ko'rsatish maqsadida qayta ishlaydi. Karta raqami to'liq saqlanmaydi.</p>`,
    bodyRu: `<h3>1. Общие положения</h3>
<p>Настоящая оферта определяет условия покупки товаров за наличный расчёт или в рассрочку между интернет-магазином Bozor (далее — Магазин) и покупателем. Оформляя заказ, покупатель полностью принимает оферту.</p>
<h3>2. Регистрация</h3>
<p>Покупатель входит по номеру телефона и SMS-коду. Для рассрочки нужно один раз пройти идентификацию и скоринг, привязать банковскую карту и указать хотя бы одного поручителя или родственника.</p>
<h3>3. Рассрочка</h3>
<ul><li>Сроки: 3, 6, 9 и 12 месяцев.</li><li>Наценка устанавливается на весь срок и указывается в договоре.</li><li>Ежемесячный платёж списывается с привязанной карты автоматически в установленную дату.</li><li>Досрочное погашение — без каких-либо дополнительных платежей.</li></ul>
<h3>4. Просрочка</h3>
<p>При просрочке платежа может применяться однократный штраф без сложных процентов; все дополнительные платежи не превышают 50 % основного долга в год. Пока есть просроченный платёж, новая рассрочка не оформляется.</p>
<h3>5. Персональные данные</h3>
<p>Магазин обрабатывает персональные данные покупателя в соответствии с законодательством Республики Узбекистан и только для оказания услуг. Полный номер карты не хранится.</p>`,
  },
  {
    slug: 'delivery',
    titleUz: 'Yetkazib berish shartlari',
    titleRu: 'Условия доставки',
    bodyUz: `<p>Buyurtmalar O'zbekistonning barcha viloyatlariga yetkazib beriladi.</p>
<ul><li>Toshkent shahri bo'ylab — 1–2 ish kuni ichida.</li><li>Viloyat markazlariga — 2–4 ish kuni.</li><li>Tuman va qishloqlarga — 3–7 ish kuni.</li></ul>
<p>500 000 so'mdan ortiq buyurtmalar bepul yetkaziladi. Kuryer yetkazishdan oldin qo'ng'iroq qiladi; tovarni qabul qilishda butligini tekshiring.</p>`,
    bodyRu: `<p>Доставляем заказы во все регионы Узбекистана.</p>
<ul><li>По Ташкенту — за 1–2 рабочих дня.</li><li>В областные центры — за 2–4 рабочих дня.</li><li>В районы и сёла — за 3–7 рабочих дней.</li></ul>
<p>Заказы дороже 500 000 сум доставляются бесплатно. Курьер звонит перед доставкой; при получении проверьте целостность товара.</p>`,
  },
  {
    slug: 'return',
    titleUz: 'Qaytarish shartlari',
    titleRu: 'Условия возврата',
    bodyUz: `<p>Sifatli tovarni olingan kundan boshlab 10 kun ichida, agar u ishlatilmagan, qadog'i va yorliqlari saqlangan bo'lsa, qaytarish mumkin.</p>
<p>Nuqsonli tovar kafolat muddati davomida almashtiriladi yoki puli qaytariladi. Muddatli to'lovga olingan tovar qaytarilganda, to'langan summa kartangizga qaytariladi va shartnoma yopiladi.</p>
<p>Qaytarish uchun profilingizdagi buyurtma sahifasidan ariza qoldiring yoki qo'llab-quvvatlash xizmatiga murojaat qiling.</p>`,
    bodyRu: `<p>Товар надлежащего качества можно вернуть в течение 10 дней со дня получения, если он не был в употреблении, сохранены упаковка и ярлыки.</p>
<p>Товар с недостатком в течение гарантийного срока заменяется или возвращаются деньги. При возврате товара, купленного в рассрочку, уплаченная сумма возвращается на вашу карту, а договор закрывается.</p>
<p>Чтобы вернуть товар, оставьте заявку на странице заказа в профиле или обратитесь в службу поддержки.</p>`,
  },
  {
    slug: 'licence',
    titleUz: 'Litsenziya',
    titleRu: 'Лицензия',
    bodyUz: `<p>"Bozor Market" MChJ O'zbekiston Respublikasida elektron tijorat faoliyatini amalga oshiradi. Muddatli to'lov xizmatlari hamkor tijorat banklari bilan tuzilgan shartnomalar asosida ko'rsatiladi.</p>`,
    bodyRu: `<p>ООО «Bozor Market» осуществляет деятельность в сфере электронной коммерции в Республике Узбекистан. Услуги рассрочки оказываются на основании договоров с партнёрскими коммерческими банками.</p>`,
  },
  {
    slug: 'rules',
    titleUz: 'Foydalanish qoidalari',
    titleRu: 'Правила пользования',
    bodyUz: `<p>Saytdan foydalanish orqali siz ushbu qoidalarga rozilik bildirasiz. Hisobingizga kirish uchun SMS-kodni hech kimga bermang. Do'kon xodimlari hech qachon kodni so'ramaydi.</p>
<p>Narxlar va mavjudlik ogohlantirishsiz o'zgarishi mumkin; buyurtma tasdiqlangan paytdagi narx amal qiladi.</p>`,
    bodyRu: `<p>Пользуясь сайтом, вы соглашаетесь с этими правилами. Никому не сообщайте SMS-код для входа в аккаунт. Сотрудники магазина никогда не спрашивают код.</p>
<p>Цены и наличие могут меняться без предупреждения; действует цена на момент подтверждения заказа.</p>`,
  },
];

export const DEMO_QUESTIONS = [
  {
    questionUz: "Muddatli to'lovga qanday xarid qilaman?",
    questionRu: 'Как купить в рассрочку?',
    answerUz:
      "Telefon raqamingiz bilan kiring, bir marta skoringdan o'ting, tovarni savatga qo'shing va rasmiylashtirishda muddatni tanlang.",
    answerRu:
      'Войдите по номеру телефона, один раз пройдите скоринг, добавьте товар в корзину и выберите срок при оформлении.',
  },
  {
    questionUz: "Oldindan to'lov kerakmi?",
    questionRu: 'Нужен ли первоначальный взнос?',
    answerUz:
      "Agar buyurtma summasi limitingizdan oshmasa, oldindan to'lov shart emas. Aks holda farqni oldindan to'lash taklif qilinadi.",
    answerRu:
      'Если сумма заказа не превышает ваш лимит, взнос не нужен. Иначе предложим оплатить разницу первоначальным взносом.',
  },
  {
    questionUz: "Muddatidan oldin to'lasam bo'ladimi?",
    questionRu: 'Можно ли погасить досрочно?',
    answerUz: "Ha, istalgan vaqtda va hech qanday qo'shimcha to'lovsiz.",
    answerRu: 'Да, в любой момент и без дополнительных платежей.',
  },
];

export const DEMO_BRANCHES = [
  {
    nameUz: 'Bozor — Chilonzor',
    nameRu: 'Bozor — Чиланзар',
    addressUz: "Toshkent, Chilonzor tumani, Bunyodkor ko'chasi, 12",
    addressRu: 'Ташкент, Чиланзарский район, проспект Бунёдкор, 12',
    phone: '+998 71 200 00 01',
    workingHours: '09:00–21:00',
    latitude: '41.2825',
    longitude: '69.2044',
  },
  {
    nameUz: 'Bozor — Yunusobod',
    nameRu: 'Bozor — Юнусабад',
    addressUz: "Toshkent, Yunusobod tumani, Amir Temur ko'chasi, 108",
    addressRu: 'Ташкент, Юнусабадский район, улица Амира Темура, 108',
    phone: '+998 71 200 00 02',
    workingHours: '09:00–21:00',
    latitude: '41.3380',
    longitude: '69.2850',
  },
  {
    nameUz: 'Bozor — Samarqand',
    nameRu: 'Bozor — Самарканд',
    addressUz: "Samarqand, Registon ko'chasi, 5",
    addressRu: 'Самарканд, улица Регистан, 5',
    phone: '+998 66 200 00 03',
    workingHours: '10:00–20:00',
    latitude: '39.6542',
    longitude: '66.9597',
  },
];

const DEMO_BANNERS = [
  {
    titleUz: "12 oygacha muddatli to'lov",
    titleRu: 'Рассрочка до 12 месяцев',
    subtitleUz: "Boshlang'ich to'lovsiz, kartangizdan har oy avtomatik",
    subtitleRu: 'Без первого взноса, ежемесячно с вашей карты',
    color: '#7000FF',
  },
  {
    titleUz: 'Smartfonlar haftasi',
    titleRu: 'Неделя смартфонов',
    subtitleUz: 'Mashhur modellarga 30% gacha chegirma',
    subtitleRu: 'Скидки до 30% на популярные модели',
    color: '#0A84FF',
  },
  {
    titleUz: 'Uy uchun texnika',
    titleRu: 'Техника для дома',
    subtitleUz: "Muzlatgich, kir yuvish mashinasi va boshqalar — oyiga bo'lib",
    subtitleRu: 'Холодильники, стиральные машины и не только — по частям',
    color: '#00A86B',
  },
  {
    titleUz: 'Yangi mavsum kiyimlari',
    titleRu: 'Одежда нового сезона',
    subtitleUz: 'Butun oila uchun kiyim va poyabzal',
    subtitleRu: 'Одежда и обувь для всей семьи',
    color: '#FF6B00',
  },
  {
    titleUz: 'Uyingizga qulaylik',
    titleRu: 'Уют для вашего дома',
    subtitleUz: "Mebel va uy buyumlari muddatli to'lovga",
    subtitleRu: 'Мебель и товары для дома в рассрочку',
    color: '#E6007E',
  },
] as const;

/** Product sets of the home page; each picks its products by a rule over the catalogue. */
const DEMO_COLLECTIONS = [
  {
    slug: 'haftaning-chegirmalari',
    nameUz: 'Haftaning chegirmalari',
    nameRu: 'Скидки недели',
    rule: 'discount',
  },
  {
    slug: 'eng-kop-sotilgan',
    nameUz: "Eng ko'p sotilganlar",
    nameRu: 'Хиты продаж',
    rule: 'famous',
  },
  { slug: 'yangi-kelganlar', nameUz: 'Yangi kelganlar', nameRu: 'Новинки', rule: 'new' },
  { slug: 'arzon-narxlar', nameUz: "500 000 so'mgacha", nameRu: 'До 500 000 сум', rule: 'cheap' },
] as const;

const COLLECTION_SIZE = 24;

const COLLECTION_ORDER: Record<
  (typeof DEMO_COLLECTIONS)[number]['rule'],
  { where?: SQL; order: SQL[] }
> = {
  discount: {
    where: and(isNotNull(products.oldPrice), gt(products.oldPrice, products.price)),
    order: [
      desc(sql`(${products.oldPrice} - ${products.price})::float8 / ${products.oldPrice}`),
      asc(products.id),
    ],
  },
  famous: { order: [desc(products.popularity), asc(products.id)] },
  new: { order: [desc(products.createdAt), desc(products.id)] },
  cheap: {
    where: lte(products.price, 500_000),
    order: [desc(products.popularity), asc(products.id)],
  },
};

/**
 * Seeds pages, questions, branches, banners and collections over an already seeded catalogue:
 * banners lead to the top categories, collections are filled from the products.
 */
export async function seedContent(db: Executor): Promise<Record<string, number>> {
  await db
    .insert(contents)
    .values([...DEMO_PAGES])
    .onConflictDoNothing();
  await db.insert(questions).values(DEMO_QUESTIONS.map((q, position) => ({ ...q, position })));
  await db.insert(branches).values(DEMO_BRANCHES.map((b, position) => ({ ...b, position })));

  const top = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.isTop, true))
    .orderBy(asc(categories.position), asc(categories.id))
    .limit(DEMO_BANNERS.length);
  const bannerRows = DEMO_BANNERS.map((b, i) => ({
    ...b,
    image: `/media/banners/${i + 1}.svg`,
    link: i === 0 || !top[i - 1] ? '/scoring' : `/category/${top[i - 1]?.slug}`,
    position: i,
  }));
  await db.insert(banners).values(bannerRows);

  let collected = 0;
  for (const [position, c] of DEMO_COLLECTIONS.entries()) {
    const rule = COLLECTION_ORDER[c.rule];
    const picked = await db
      .select({ id: products.id, images: products.images })
      .from(products)
      .where(and(eq(products.isActive, true), rule.where))
      .orderBy(...rule.order)
      .limit(COLLECTION_SIZE);
    if (picked.length === 0) continue;
    const [row] = await db
      .insert(collections)
      .values({
        slug: c.slug,
        nameUz: c.nameUz,
        nameRu: c.nameRu,
        image: picked[0]?.images[0] ?? null,
        position,
      })
      .returning({ id: collections.id });
    if (!row) continue;
    await db
      .insert(collectionProducts)
      .values(picked.map((p, i) => ({ collectionId: row.id, productId: p.id, position: i })));
    collected += 1;
  }
  return {
    contents: DEMO_PAGES.length,
    questions: DEMO_QUESTIONS.length,
    branches: DEMO_BRANCHES.length,
    banners: bannerRows.length,
    collections: collected,
  };
}
