import type { ContractDocument } from '@bozor/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, scoringProfiles } from '../../../src/db/schema/index.ts';
import { DEMO_SELLER } from '../../../src/modules/contracts/seller.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { approveScoring, bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { pdfText } from '../contracts/pdf-text.ts';

describe('GET /api/admin/credits/:id/contract and contract.pdf', () => {
  const ctx = useTestApp();

  async function placedCredit() {
    const session = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, session.customer.id);
    const placed = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 2_400_000,
      months: 6,
      orderStatus: 1,
      creditStatus: 'not_signed',
    });
    return { session, ...placed };
  }

  const audited = async () => (await ctx.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('shows staff the document the customer reads, in the lang header’s language, unaudited', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const { session, credit } = await placedCredit();
    const before = await audited();
    const staffRead = await ctx.app.inject({
      url: `/api/admin/credits/${credit.id}/contract`,
      headers: { ...as(viewer), lang: 'ru' },
    });
    expect(staffRead.statusCode, staffRead.body).toBe(200);
    const customerRead = await ctx.app.inject({
      url: `/api/credits/${credit.id}/contract`,
      headers: { ...session.headers, lang: 'ru' },
    });
    const document = staffRead.json().data as ContractDocument;
    expect(document).toEqual(customerRead.json().data);
    expect(document.title).toMatch(/[А-Яа-я]/);
    expect(document.signed_at).toBeNull();

    const uz = await ctx.app.inject({
      url: `/api/admin/credits/${credit.id}/contract`,
      headers: { ...as(viewer), lang: 'uz' },
    });
    expect(uz.json().data.number).toBe(document.number);
    expect(uz.json().data.title).not.toBe(document.title);
    expect(await audited()).toBe(before);
  });

  it('names the buyer as in the passport and the seller by all its details', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const { session, credit } = await placedCredit();
    await approveScoring(ctx.db, session.customer.id);
    await ctx.db
      .update(scoringProfiles)
      .set({
        surname: 'Karimova',
        givenName: 'Dilnoza',
        patronymic: 'Rustam qizi',
        passportMasked: 'AB*****12',
      })
      .where(eq(scoringProfiles.customerId, session.customer.id));
    for (const [lang, buyer, tin] of [
      ['uz', 'Xaridor: Karimova Dilnoza Rustam qizi, ', `STIR ${DEMO_SELLER.tin}`],
      ['ru', 'Покупатель: Karimova Dilnoza Rustam qizi, ', `ИНН ${DEMO_SELLER.tin}`],
    ] as const) {
      const res = await ctx.app.inject({
        url: `/api/admin/credits/${credit.id}/contract`,
        headers: { ...as(viewer), lang },
      });
      const parties = (res.json().data as ContractDocument).sections[0]!.paragraphs.join('\n');
      expect(parties).toContain(buyer);
      expect(parties).toContain('AB*****12');
      expect(parties).toContain(tin);
      for (const detail of [
        DEMO_SELLER.name,
        DEMO_SELLER.address,
        DEMO_SELLER.bank,
        DEMO_SELLER.account,
        DEMO_SELLER.mfo,
      ]) {
        expect(parties).toContain(detail);
      }
    }
  });

  it('downloads the same contract as a private PDF, in `lang` when asked', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit } = await placedCredit();
    const before = await audited();
    const pdf = await ctx.app.inject({
      url: `/api/admin/credits/${credit.id}/contract.pdf?lang=ru`,
      headers: as(officer),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const document = (
      await ctx.app.inject({
        url: `/api/admin/credits/${credit.id}/contract`,
        headers: { ...as(officer), lang: 'ru' },
      })
    ).json().data as ContractDocument;
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="contract-${document.number}-ru.pdf"`,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(document.number);
    expect(text).toContain(document.title);
    expect(await audited()).toBe(before);
  });

  it('answers 404 for a credit that is not there, and 403 to staff who do not read credits', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    for (const url of [
      '/api/admin/credits/2000000000/contract',
      '/api/admin/credits/2000000000/contract.pdf',
    ]) {
      const res = await ctx.app.inject({ url, headers: as(viewer) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('CREDIT_NOT_FOUND');
    }
    const { credit } = await placedCredit();
    const content = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    const refused = await ctx.app.inject({
      url: `/api/admin/credits/${credit.id}/contract.pdf`,
      headers: as(content),
    });
    expect(refused.statusCode).toBe(403);
  });
});
