import type { InvoiceRecord } from './invoice-record.js';
import { renderInvoiceHtml } from './invoice-html.js';

const invoice: InvoiceRecord = {
  _id: 'in_1',
  userId: 'u_1',
  subscriptionId: 'sub_1',
  number: 'ABCD-0001',
  status: 'open',
  currency: 'CHF',
  total: 10_594,
  tax: 794,
  amountPaid: 0,
  amountDue: 10_594,
  issuedAt: '2026-03-01T10:00:00.000Z',
  dueAt: null,
  paidAt: null,
  periodStart: '2026-03-01T10:00:00.000Z',
  periodEnd: '2026-04-01T10:00:00.000Z',
  lines: [{ description: '2 × Listing <b>monthly</b>', quantity: 2, amount: 9_800 }],
  shopIds: ['sh_1'],
  pdfUrl: '',
  hostedUrl: '',
  syncedAt: 0,
};

describe('HTML invoice', () => {
  it('shows subtotal, VAT and total with two decimals, the status in the language, and escapes every text', () => {
    const html = renderInvoiceHtml(
      invoice,
      {
        name: 'Eve',
        company: '<script>alert(1)</script>',
        email: 'e@x.ch',
        line1: 'Weg 1',
        line2: '',
        zipCode: '8001',
        city: 'Zürich',
        country: 'CH',
        vatId: '',
      },
      'pricecompare',
      'fr',
    );
    expect(html).toContain('Facture ABCD-0001');
    expect(html).toContain('Impayée');
    expect(html).toMatch(/98[.,]00/);
    expect(html).toMatch(/7[.,]94/);
    expect(html).toMatch(/105[.,]94/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;b&gt;monthly&lt;/b&gt;');
  });
});
