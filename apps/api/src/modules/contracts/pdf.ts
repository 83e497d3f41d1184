import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ContractDocument, formatMoney, formatTashkentTime, Lang } from '@bozor/shared';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import { formatContractDay } from './document.ts';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans covers Cyrillic and every letter of Uzbek Latin (oʻ, gʻ, the modifier letter
 * apostrophe): PDF's standard fonts cover neither, so the font goes into the file.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const LABELS: Record<
  Lang,
  {
    place: string;
    number: string;
    due: string;
    amount: string;
    total: string;
    signed: (when: string, hash: string) => string;
    unsigned: string;
  }
> = {
  uz: {
    place: 'Toshkent sh.',
    number: 'Shartnoma №',
    due: "To'lov sanasi",
    amount: 'Summa',
    total: 'Jami',
    signed: (when, hash) =>
      `Xaridor tomonidan SMS-kod bilan imzolangan: ${when} (Toshkent vaqti). Matnning SHA-256 xeshi: ${hash}`,
    unsigned:
      'Shartnoma hali imzolanmagan: u Xaridor SMS-kod bilan imzolagan paytdan kuchga kiradi.',
  },
  ru: {
    place: 'г. Ташкент',
    number: 'Договор №',
    due: 'Дата платежа',
    amount: 'Сумма',
    total: 'Итого',
    signed: (when, hash) =>
      `Подписан Покупателем SMS-кодом: ${when} (время Ташкента). Хеш SHA-256 текста: ${hash}`,
    unsigned:
      'Договор ещё не подписан: он вступает в силу, когда Покупатель подпишет его SMS-кодом.',
  },
};

const MARGIN = 56;

/**
 * A sum, a phone number, «№ 17» or a day («25 марта 2027», «25-mart, 2027») stays on one line:
 * its spaces become no-break spaces.
 */
function keepTogether(text: string): string {
  return text
    .replace(/(\d|№) (?=\d|so'm|сум)/g, '$1\u00a0')
    .replace(
      /\b(\d{1,2})([- ])(\p{L}+,?) (\d{4})\b/gu,
      (_, day, dash, month, year) => `${day}${dash === '-' ? '-' : '\u00a0'}${month}\u00a0${year}`,
    );
}

/** The contract as an A4 PDF in its language, from the same document the customer reads. */
export function renderContractPdf(document: ContractDocument, lang: Lang): Promise<Buffer> {
  const labels = LABELS[lang];
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${document.title} ${document.number}`, Author: 'Bozor' },
    lang: lang === 'ru' ? 'ru-RU' : 'uz-UZ',
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 2 * MARGIN;
  pdf.font('bold').fontSize(14).text(document.title, { align: 'center' });
  pdf
    .font('regular')
    .fontSize(10)
    .text(`${labels.number} ${document.number}`, { align: 'center' })
    .moveDown(0.5);
  const dateLine = pdf.y;
  pdf.text(labels.place, MARGIN, dateLine);
  pdf.text(formatContractDay(document.date, lang), MARGIN, dateLine, { width, align: 'right' });
  pdf.moveDown(1);

  for (const section of document.sections) {
    pdf.font('bold').fontSize(11).text(section.heading, MARGIN, pdf.y, { width }).moveDown(0.3);
    pdf.font('regular').fontSize(10);
    for (const paragraph of section.paragraphs) {
      pdf.text(keepTogether(paragraph), { width, align: 'justify' }).moveDown(0.3);
    }
    pdf.moveDown(0.5);
  }

  const columns = [MARGIN, MARGIN + 40, MARGIN + 200];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    if (pdf.y + 20 > pdf.page.height - MARGIN) pdf.addPage();
    const y = pdf.y;
    pdf.font(font).fontSize(10);
    cells.forEach((cell, i) => {
      pdf.text(cell, columns[i], y, {
        width: i === 2 ? 140 : 150,
        align: i === 2 ? 'right' : 'left',
      });
    });
    pdf.x = MARGIN;
    pdf.y = y + 16;
  };
  row(['№', labels.due, labels.amount], 'bold');
  for (const line of document.schedule) {
    row(
      [String(line.number), formatContractDay(line.due_date, lang), formatMoney(line.amount, lang)],
      'regular',
    );
  }
  const total = document.schedule.reduce((sum, line) => sum + line.amount, 0);
  row(['', labels.total, formatMoney(total, lang)], 'bold');

  pdf.moveDown(1);
  pdf
    .font('regular')
    .fontSize(9)
    .text(
      document.signed_at && document.hash
        ? labels.signed(formatTashkentTime(new Date(document.signed_at)), document.hash)
        : labels.unsigned,
      MARGIN,
      pdf.y,
      { width },
    );
  pdf.end();
  return done;
}

/** `?lang=`: a download link cannot send the lang header, so the language may come in the query. */
export const PdfQuery = z.object({ lang: Lang.optional() });

/** The PDF's answer in OpenAPI. */
export const PDF_ANSWER = {
  description: 'The contract, A4, with its font embedded',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * Answers the contract as a PDF download in `lang`. It leaves as bytes: a Buffer never reaches
 * the route's JSON serializer.
 */
export async function sendContractPdf(
  reply: FastifyReply,
  document: ContractDocument,
  lang: Lang,
): Promise<FastifyReply> {
  const pdf = await renderContractPdf(document, lang);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="contract-${document.number}-${lang}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
