import {
  type ContractDocument,
  formatDay,
  formatMoney,
  formatPhone,
  type Lang,
} from '@bozor/shared';
import { pick } from '../../lib/lang.ts';
import type { Seller } from './seller.ts';

/** Late-payment terms written into the contract: they must be the ones autopay applies. */
export interface LateTerms {
  /** Days after the due date before an unpaid installment is overdue. */
  graceDays: number;
  /** The one penalty, in whole percent of the late installment. */
  penaltyPercent: number;
}

/** GRACE_DAYS and PENALTY_PERCENT as DESIGN §4 sets them when the environment does not. */
export const DEFAULT_LATE_TERMS: LateTerms = { graceDays: 3, penaltyPercent: 1 };

/** Everything a contract says, read from the order, the credit and the customer's scoring. */
export interface ContractFacts {
  creditId: number;
  number: string;
  /** YYYY-MM-DD, the day it is drawn up. */
  date: string;
  orderId: number;
  /** The seller's registered details, with the shop's phone and Telegram as the footer shows them. */
  seller: Seller & { phone: string | null; telegram: string | null };
  customer: {
    phone: string;
    /** As in the passport; null for a customer scored before it was asked. */
    fullName: string | null;
    /** As stored: masked. */
    passport: string | null;
    pinfl: string | null;
    /** YYYY-MM-DD */
    birthDate: string | null;
  };
  items: { nameUz: string; nameRu: string; price: number; count: number }[];
  deliveryUz: string;
  deliveryRu: string;
  /** Whole sum; 0 when delivery was free (or the order came before it had a price). */
  deliveryFee: number;
  orderTotal: number;
  prepayment: number;
  financed: number;
  months: number;
  markupPercent: number;
  creditTotal: number;
  monthlyPayment: number;
  card: { masked: string; type: string } | null;
  schedule: { number: number; dueDate: string; amount: number }[];
  late: LateTerms;
}

/**
 * The most the markup and all penalties may come to: 50 % of the principal a year of the term
 * (DESIGN §4), rounded down to the whole sum.
 */
export function chargesCap(financed: number, months: number): number {
  return Math.floor((financed * months) / 24);
}

const CARD_TYPES: Record<string, string> = { uzcard: 'Uzcard', humo: 'Humo' };

const MONTHS: Record<Lang, string[]> = {
  uz: [
    'yanvar',
    'fevral',
    'mart',
    'aprel',
    'may',
    'iyun',
    'iyul',
    'avgust',
    'sentabr',
    'oktabr',
    'noyabr',
    'dekabr',
  ],
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
};

/** A day (YYYY-MM-DD) as the contract writes it: "25-mart, 2027" in uz, "25 марта 2027" in ru. */
export function formatContractDay(day: string, lang: Lang): string {
  const [year, month, date] = day.split('-').map(Number);
  const name = MONTHS[lang][(month ?? 1) - 1];
  return lang === 'ru' ? `${date} ${name} ${year}` : `${date}-${name}, ${year}`;
}

interface Wording {
  title: string;
  sum: (amount: number) => string;
  sellerHeading: string;
  seller: (seller: Seller, contacts: string) => string;
  sellerContacts: (phone: string | null, telegram: string | null) => string;
  customer: (f: ContractFacts['customer']) => string;
  basis: string;
  subjectHeading: string;
  subject: (orderId: number) => string;
  item: (index: number, name: string, count: number, price: string, sum: string) => string;
  delivery: (place: string) => string;
  /** Delivery charged for, a line beside the goods (the order's total includes it). */
  deliveryFee: (index: number, sum: string) => string;
  ownership: string;
  priceHeading: string;
  orderTotal: (sum: string) => string;
  prepayment: (sum: string | null) => string;
  financed: (sum: string) => string;
  term: (months: number, percent: number, sum: string) => string;
  creditTotal: (sum: string) => string;
  monthly: (monthly: string, last: string | null, first: string, lastDate: string) => string;
  noOtherCharges: string;
  rightsHeading: string;
  early: string;
  late: (late: LateTerms) => string;
  cap: (sum: string) => string;
  information: string;
  dutiesHeading: string;
  duties: string[];
  autopayHeading: string;
  autopay: (card: string | null) => string;
  autopayRetry: string;
  returnsHeading: string;
  returns: string[];
  signingHeading: string;
  signing: string[];
  scheduleHeading: string;
  schedule: (count: number, total: string) => string;
}

const WORDING: Record<Lang, Wording> = {
  uz: {
    title: "Muddatli to'lov asosida oldi-sotdi shartnomasi",
    sum: (amount) => formatMoney(amount, 'uz'),
    sellerHeading: '1. Shartnoma taraflari',
    seller: (s, contacts) =>
      `Sotuvchi: ${s.name}, STIR ${s.tin}, manzili: ${s.address}, hisob raqami ${s.account}, ${s.bank}, MFO ${s.mfo}, Bozor internet-do'koni (keyingi o'rinlarda — Sotuvchi).${contacts}`,
    sellerContacts: (phone, telegram) =>
      [phone && ` Telefon: ${phone}.`, telegram && ` Telegram: ${telegram}.`]
        .filter(Boolean)
        .join(''),
    customer: (c) =>
      `Xaridor: ${c.fullName ? `${c.fullName}, ` : ''}telefon raqami ${formatPhone(c.phone)}, pasport ${c.passport ?? "ko'rsatilmagan"}, JSHSHIR ${c.pinfl ?? "ko'rsatilmagan"}, tug'ilgan sanasi ${c.birthDate ? formatDay(c.birthDate) : "ko'rsatilmagan"} (keyingi o'rinlarda — Xaridor). Pasport va JSHSHIR Sotuvchida shifrlangan holda saqlanadi va bu yerda qisman yashirilgan.`,
    basis:
      "Taraflar O'zbekiston Respublikasining Fuqarolik kodeksi va «Iste'molchilarning huquqlarini himoya qilish to'g'risida»gi Qonuniga muvofiq quyidagilar haqida ushbu shartnomani tuzdilar.",
    subjectHeading: '2. Shartnoma predmeti',
    subject: (orderId) =>
      `Sotuvchi № ${orderId} buyurtma bo'yicha quyidagi tovarlarni Xaridorga muddatli to'lov asosida sotadi, Xaridor esa ularni qabul qilib, narxini ushbu shartnoma shartlariga muvofiq to'laydi:`,
    item: (i, name, count, price, sum) => `${i}) ${name} — ${count} dona × ${price} = ${sum}`,
    delivery: (place) => `Tovarni olish joyi: ${place}.`,
    deliveryFee: (i, sum) => `${i}) Yetkazib berish xizmati — ${sum}`,
    ownership: 'Tovar Xaridorga topshirilgan paytdan boshlab uning mulki hisoblanadi.',
    priceHeading: "3. Narx va to'lov tartibi",
    orderTotal: (sum) => `Tovarlarning umumiy narxi: ${sum}.`,
    prepayment: (sum) =>
      sum
        ? `Boshlang'ich to'lov: ${sum}. U shartnoma imzolangandan keyin Xaridor tanlagan kartadan to'lanadi; buyurtma shundan so'ng tasdiqlanadi.`
        : "Boshlang'ich to'lov yo'q: buyurtma shartnoma imzolanishi bilan tasdiqlanadi.",
    financed: (sum) => `Muddatli to'lovga berilgan summa (asosiy qarz): ${sum}.`,
    term: (months, percent, sum) =>
      `Muddat: ${months} oy. Ustama butun muddat uchun ${percent} %, ya'ni ${sum}.`,
    creditTotal: (sum) =>
      `Muddatli to'lov bo'yicha jami to'lanadigan summa (asosiy qarz va ustama): ${sum}.`,
    monthly: (monthly, last, first, lastDate) =>
      `Oylik to'lov: ${monthly}${last ? `, oxirgi to'lov — ${last}` : ''}. To'lovlar 9-bo'limdagi jadval bo'yicha har oy amalga oshiriladi: birinchisi ${first}, oxirgisi ${lastDate}.`,
    noOtherCharges:
      "Ushbu shartnomada ko'rsatilganlardan boshqa hech qanday to'lov, komissiya yoki xizmat haqi olinmaydi.",
    rightsHeading: '4. Xaridorning huquqlari',
    early:
      "Xaridor qarzni istalgan vaqtda muddatidan oldin to'liq yoki qisman to'lashi mumkin; buning uchun hech qanday qo'shimcha to'lov yoki jarima olinmaydi.",
    late: (late) =>
      `To'lov muddatidan keyin ${late.graceDays} kun ichida to'lanmagan to'lov kechikkan hisoblanadi va unga bir marta shu to'lov summasining ${late.penaltyPercent} foizi miqdorida jarima qo'llaniladi. Jarima qayta hisoblanmaydi, unga foiz yoki boshqa jarima qo'shilmaydi.`,
    cap: (sum) =>
      `Ustama va barcha jarimalar birgalikda yiliga asosiy qarzning 50 foizidan oshmaydi: ushbu shartnoma bo'yicha jami ${sum}dan ko'p emas.`,
    information:
      "Xaridor to'lov jadvalini, to'langan va qolgan summalarni Bozor saytidagi shaxsiy kabinetida istalgan vaqtda ko'radi hamda har bir yechib olish, muvaffaqiyatsiz urinish va kechikish haqida SMS va bildirishnoma oladi.",
    dutiesHeading: '5. Xaridorning majburiyatlari',
    duties: [
      "Xaridor to'lovlarni jadvalda ko'rsatilgan sanalarda to'laydi va shu sanalarda kartada yetarli mablag' bo'lishini ta'minlaydi.",
      "Xaridor telefon raqami o'zgarganda bu haqda Sotuvchiga xabar beradi.",
      "Kechikkan to'lov mavjud bo'lganda Xaridorga yangi muddatli to'lov rasmiylashtirilmaydi.",
    ],
    autopayHeading: "6. Avtomatik to'lov",
    autopay: (card) =>
      `Xaridor har oylik to'lov jadvaldagi sanada ${card ? `${card} kartasidan` : 'u ulagan kartadan'} avtomatik ravishda yechib olinishiga rozilik beradi.`,
    autopayRetry:
      "Kartada mablag' yetmasa, yechib olish keyingi kunlarda qayta uriniladi. Xaridor to'lovni shaxsiy kabinet orqali istalgan boshqa kartasidan ham qilishi mumkin. Har bir yechib olish o'z kaliti bilan amalga oshiriladi, shuning uchun bitta to'lov ikki marta yechilmaydi.",
    returnsHeading: '7. Tovarni qaytarish va buyurtmani bekor qilish',
    returns: [
      "Sifatli tovarni olingan kundan boshlab 10 kun ichida, agar u ishlatilmagan, qadog'i va yorliqlari saqlangan bo'lsa, qaytarish mumkin. Nuqsonli tovar kafolat muddati davomida almashtiriladi yoki puli qaytariladi.",
      "Tovar qaytarilganda ushbu shartnoma yopiladi va Xaridor to'lagan barcha summalar, boshlang'ich to'lov ham, u to'lagan kartaga qaytariladi.",
      "Buyurtma jo'natilgunga qadar uni shaxsiy kabinetda bekor qilish mumkin: shartnoma bekor qilinadi va to'langan summalar qaytariladi.",
    ],
    signingHeading: '8. Imzolash va yakuniy qoidalar',
    signing: [
      "Shartnoma Xaridorning telefoniga yuborilgan bir martalik SMS-kodni kiritish orqali elektron shaklda imzolanadi; bu Xaridorning o'z qo'li bilan qo'ygan imzosiga tenglashtiriladi. Imzolangan matn o'zgarmas holda saqlanadi va uning SHA-256 xeshi bilan tasdiqlanadi.",
      "Shartnoma imzolangan paytdan kuchga kiradi va taraflar o'z majburiyatlarini to'liq bajargunga qadar amal qiladi.",
      "Shartnoma o'zbek va rus tillarida tuzilgan; ikkala matn bir xil kuchga ega.",
      "Nizolar muzokaralar yo'li bilan, kelishuvga erishilmasa — O'zbekiston Respublikasi qonunchiligiga muvofiq sudda hal qilinadi.",
    ],
    scheduleHeading: "9. To'lov jadvali",
    schedule: (count, total) => `${count} ta to'lov, jami ${total}. Sanalar va summalar quyida.`,
  },
  ru: {
    title: 'Договор купли-продажи в рассрочку',
    sum: (amount) => formatMoney(amount, 'ru'),
    sellerHeading: '1. Стороны договора',
    seller: (s, contacts) =>
      `Продавец: ${s.name}, ИНН ${s.tin}, адрес: ${s.address}, р/с ${s.account}, банк ${s.bank}, МФО ${s.mfo}, интернет-магазин Bozor (далее — Продавец).${contacts}`,
    sellerContacts: (phone, telegram) =>
      [phone && ` Телефон: ${phone}.`, telegram && ` Telegram: ${telegram}.`]
        .filter(Boolean)
        .join(''),
    customer: (c) =>
      `Покупатель: ${c.fullName ? `${c.fullName}, ` : ''}телефон ${formatPhone(c.phone)}, паспорт ${c.passport ?? 'не указан'}, ПИНФЛ ${c.pinfl ?? 'не указан'}, дата рождения ${c.birthDate ? formatDay(c.birthDate) : 'не указана'} (далее — Покупатель). Паспорт и ПИНФЛ хранятся у Продавца в зашифрованном виде и здесь частично скрыты.`,
    basis:
      'Стороны заключили настоящий договор в соответствии с Гражданским кодексом Республики Узбекистан и Законом «О защите прав потребителей» о нижеследующем.',
    subjectHeading: '2. Предмет договора',
    subject: (orderId) =>
      `Продавец продаёт Покупателю в рассрочку следующие товары по заказу № ${orderId}, а Покупатель принимает их и оплачивает на условиях настоящего договора:`,
    item: (i, name, count, price, sum) => `${i}) ${name} — ${count} шт. × ${price} = ${sum}`,
    delivery: (place) => `Место получения товара: ${place}.`,
    deliveryFee: (i, sum) => `${i}) Доставка — ${sum}`,
    ownership: 'Товар становится собственностью Покупателя с момента передачи.',
    priceHeading: '3. Цена и порядок оплаты',
    orderTotal: (sum) => `Общая стоимость товаров: ${sum}.`,
    prepayment: (sum) =>
      sum
        ? `Первоначальный взнос: ${sum}. Он оплачивается с выбранной Покупателем карты после подписания договора; после этого заказ подтверждается.`
        : 'Без первоначального взноса: заказ подтверждается при подписании договора.',
    financed: (sum) => `Сумма, предоставленная в рассрочку (основной долг): ${sum}.`,
    term: (months, percent, sum) =>
      `Срок: ${months} мес. Наценка за весь срок — ${percent} %, то есть ${sum}.`,
    creditTotal: (sum) => `Всего к оплате по рассрочке (основной долг и наценка): ${sum}.`,
    monthly: (monthly, last, first, lastDate) =>
      `Ежемесячный платёж: ${monthly}${last ? `, последний платёж — ${last}` : ''}. Платежи вносятся ежемесячно по графику раздела 9: первый ${first}, последний ${lastDate}.`,
    noOtherCharges:
      'Никаких платежей, комиссий или сборов, кроме указанных в настоящем договоре, не взимается.',
    rightsHeading: '4. Права покупателя',
    early:
      'Покупатель вправе в любое время погасить долг досрочно, полностью или частично; никаких дополнительных платежей или штрафов за это не взимается.',
    late: (late) =>
      `Платёж, не внесённый в течение ${late.graceDays} ${late.graceDays % 10 === 1 && late.graceDays % 100 !== 11 ? 'дня' : 'дней'} после срока, считается просроченным, и на него один раз начисляется штраф в размере ${late.penaltyPercent} % суммы этого платежа. Штраф не пересчитывается, на него не начисляются проценты или другие штрафы.`,
    cap: (sum) =>
      `Наценка и все штрафы вместе не превышают 50 % основного долга в год: по этому договору — не более ${sum} в сумме.`,
    information:
      'Покупатель в любое время видит график, уплаченные и оставшиеся суммы в личном кабинете на сайте Bozor и получает SMS и уведомление о каждом списании, неудачной попытке и просрочке.',
    dutiesHeading: '5. Обязанности покупателя',
    duties: [
      'Покупатель вносит платежи в даты, указанные в графике, и обеспечивает в эти даты достаточно средств на карте.',
      'Покупатель сообщает Продавцу о смене номера телефона.',
      'Пока есть просроченный платёж, новая рассрочка Покупателю не оформляется.',
    ],
    autopayHeading: '6. Автоплатёж',
    autopay: (card) =>
      `Покупатель соглашается, что ежемесячный платёж автоматически списывается в дату по графику ${card ? `с карты ${card}` : 'с привязанной им карты'}.`,
    autopayRetry:
      'Если на карте недостаточно средств, списание повторяется в следующие дни. Покупатель может также оплатить платёж с любой своей карты в личном кабинете. Каждое списание выполняется со своим ключом, поэтому один платёж не списывается дважды.',
    returnsHeading: '7. Возврат товара и отмена заказа',
    returns: [
      'Товар надлежащего качества можно вернуть в течение 10 дней со дня получения, если он не был в употреблении, сохранены упаковка и ярлыки. Товар с недостатком в течение гарантийного срока заменяется или возвращаются деньги.',
      'При возврате товара настоящий договор закрывается, а все уплаченные Покупателем суммы, включая первоначальный взнос, возвращаются на карту, с которой они были оплачены.',
      'До отправки заказ можно отменить в личном кабинете: договор расторгается, уплаченные суммы возвращаются.',
    ],
    signingHeading: '8. Подписание и заключительные положения',
    signing: [
      'Договор подписывается в электронной форме вводом одноразового SMS-кода, отправленного на телефон Покупателя; это приравнивается к собственноручной подписи Покупателя. Подписанный текст хранится без изменений и заверяется его хешем SHA-256.',
      'Договор вступает в силу с момента подписания и действует до полного исполнения сторонами своих обязательств.',
      'Договор составлен на узбекском и русском языках; оба текста имеют одинаковую силу.',
      'Споры решаются переговорами, а если согласие не достигнуто — в суде в соответствии с законодательством Республики Узбекистан.',
    ],
    scheduleHeading: '9. График платежей',
    schedule: (count, total) => `Платежей: ${count}, всего ${total}. Даты и суммы — ниже.`,
  },
};

/** The contract in one language, as the customer reads it and the PDF prints it. */
export function draftContract(facts: ContractFacts, lang: Lang): ContractDocument {
  const w = WORDING[lang];
  const sum = w.sum;
  const first = facts.schedule[0];
  const last = facts.schedule[facts.schedule.length - 1];
  const lastAmount = last && last.amount !== facts.monthlyPayment ? sum(last.amount) : null;
  const card = facts.card
    ? `${CARD_TYPES[facts.card.type] ?? facts.card.type} ${facts.card.masked}`
    : null;
  return {
    credit_id: facts.creditId,
    number: facts.number,
    title: w.title,
    date: facts.date,
    sections: [
      {
        heading: w.sellerHeading,
        paragraphs: [
          w.seller(facts.seller, w.sellerContacts(facts.seller.phone, facts.seller.telegram)),
          w.customer(facts.customer),
          w.basis,
        ],
      },
      {
        heading: w.subjectHeading,
        paragraphs: [
          w.subject(facts.orderId),
          ...facts.items.map((item, i) =>
            w.item(
              i + 1,
              pick(item, 'name', lang),
              item.count,
              sum(item.price),
              sum(item.price * item.count),
            ),
          ),
          ...(facts.deliveryFee > 0
            ? [w.deliveryFee(facts.items.length + 1, sum(facts.deliveryFee))]
            : []),
          w.delivery(pick(facts, 'delivery', lang)),
          w.ownership,
        ],
      },
      {
        heading: w.priceHeading,
        paragraphs: [
          w.orderTotal(sum(facts.orderTotal)),
          w.prepayment(facts.prepayment > 0 ? sum(facts.prepayment) : null),
          w.financed(sum(facts.financed)),
          w.term(facts.months, facts.markupPercent, sum(facts.creditTotal - facts.financed)),
          w.creditTotal(sum(facts.creditTotal)),
          w.monthly(
            sum(facts.monthlyPayment),
            lastAmount,
            first ? formatContractDay(first.dueDate, lang) : '—',
            last ? formatContractDay(last.dueDate, lang) : '—',
          ),
          w.noOtherCharges,
        ],
      },
      {
        heading: w.rightsHeading,
        paragraphs: [
          w.early,
          w.late(facts.late),
          w.cap(sum(chargesCap(facts.financed, facts.months))),
          w.information,
        ],
      },
      { heading: w.dutiesHeading, paragraphs: w.duties },
      { heading: w.autopayHeading, paragraphs: [w.autopay(card), w.autopayRetry] },
      { heading: w.returnsHeading, paragraphs: w.returns },
      { heading: w.signingHeading, paragraphs: w.signing },
      {
        heading: w.scheduleHeading,
        paragraphs: [w.schedule(facts.schedule.length, sum(facts.creditTotal))],
      },
    ],
    schedule: facts.schedule.map((row) => ({
      number: row.number,
      due_date: row.dueDate,
      amount: row.amount,
    })),
    signed_at: null,
    hash: null,
  };
}
