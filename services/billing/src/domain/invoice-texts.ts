/** The HTML invoice's labels in the interface languages (spec §9; English is the fallback). */
export interface InvoiceTexts {
  readonly invoice: string;
  readonly number: string;
  readonly date: string;
  readonly period: string;
  readonly billedTo: string;
  readonly description: string;
  readonly quantity: string;
  readonly amount: string;
  readonly subtotal: string;
  readonly vat: string;
  readonly total: string;
  readonly paid: string;
  readonly unpaid: string;
  readonly void: string;
}

export const INVOICE_TEXTS: Readonly<Record<string, InvoiceTexts>> = {
  en: {
    invoice: 'Invoice',
    number: 'Number',
    date: 'Date',
    period: 'Period',
    billedTo: 'Billed to',
    description: 'Description',
    quantity: 'Quantity',
    amount: 'Amount',
    subtotal: 'Subtotal',
    vat: 'VAT',
    total: 'Total',
    paid: 'Paid',
    unpaid: 'Unpaid',
    void: 'Void',
  },
  de: {
    invoice: 'Rechnung',
    number: 'Nummer',
    date: 'Datum',
    period: 'Zeitraum',
    billedTo: 'Rechnung an',
    description: 'Beschreibung',
    quantity: 'Menge',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    vat: 'MWST',
    total: 'Total',
    paid: 'Bezahlt',
    unpaid: 'Offen',
    void: 'Storniert',
  },
  fr: {
    invoice: 'Facture',
    number: 'Numéro',
    date: 'Date',
    period: 'Période',
    billedTo: 'Facturé à',
    description: 'Description',
    quantity: 'Quantité',
    amount: 'Montant',
    subtotal: 'Sous-total',
    vat: 'TVA',
    total: 'Total',
    paid: 'Payée',
    unpaid: 'Impayée',
    void: 'Annulée',
  },
  it: {
    invoice: 'Fattura',
    number: 'Numero',
    date: 'Data',
    period: 'Periodo',
    billedTo: 'Fatturato a',
    description: 'Descrizione',
    quantity: 'Quantità',
    amount: 'Importo',
    subtotal: 'Subtotale',
    vat: 'IVA',
    total: 'Totale',
    paid: 'Pagata',
    unpaid: 'Non pagata',
    void: 'Annullata',
  },
  pt: {
    invoice: 'Fatura',
    number: 'Número',
    date: 'Data',
    period: 'Período',
    billedTo: 'Faturado a',
    description: 'Descrição',
    quantity: 'Quantidade',
    amount: 'Montante',
    subtotal: 'Subtotal',
    vat: 'IVA',
    total: 'Total',
    paid: 'Paga',
    unpaid: 'Por pagar',
    void: 'Anulada',
  },
  es: {
    invoice: 'Factura',
    number: 'Número',
    date: 'Fecha',
    period: 'Periodo',
    billedTo: 'Facturado a',
    description: 'Descripción',
    quantity: 'Cantidad',
    amount: 'Importe',
    subtotal: 'Subtotal',
    vat: 'IVA',
    total: 'Total',
    paid: 'Pagada',
    unpaid: 'Pendiente',
    void: 'Anulada',
  },
};

export const INVOICE_LANGUAGES = Object.keys(INVOICE_TEXTS);
