/**
 * The ERP's PDFs as a customer reads them: the text a PDF reader extracts (pdf.js through unpdf) shows the document's
 * numbers, dates, lines, totals and VAT per rate, formatted and labelled in the customer's language; long documents
 * break across pages with the table header repeated and "page x of y"; the same data gives the same file.
 */
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { renderDocument } from './render.ts';
import type {
  DocumentParty,
  DocumentSupplier,
  InvoiceDocumentData,
  OfferDocumentData,
  PricedDocumentLine,
  ProofOfDeliveryDocumentData,
} from './types.ts';

const supplier: DocumentSupplier = {
  name: 'Werkbank Technische Handel NV',
  addressLines: ['Industrieweg 12', '2030 Antwerpen', 'België'],
  vatNumber: 'BE0123456789',
  iban: 'BE71 0961 2345 6769',
  bic: 'GKCCBEBB',
  register: 'RPR Antwerpen 0123.456.789',
  email: 'verkoop@werkbank.example',
  phone: '+32 3 123 45 67',
};

const customer: DocumentParty = {
  name: 'Müller Anlagenbau GmbH',
  addressLines: ['Hafenstraße 5', '47119 Duisburg', 'Deutschland'],
  vatNumber: 'DE811234567',
  customerNumber: '100234',
};

/** Three lines of a typical order: screws by the piece, cable by the metre, gloves by the pair. */
const pricedLines: PricedDocumentLine[] = [
  {
    lineNumber: 10,
    productNumber: 'SW-933-M8-40',
    description: 'Sechskantschraube DIN 933 M8 × 40, verzinkt',
    customerArticleNumber: 'MUE-4711',
    quantity: 200,
    unit: 'C62',
    unitPrice: '0.0845',
    totalCents: 1690,
  },
  {
    lineNumber: 20,
    productNumber: 'KB-NYM-3X15',
    description: 'Mantelleitung NYM-J 3 × 1,5 mm², grau',
    customerArticleNumber: null,
    quantity: 50,
    unit: 'MTR',
    unitPrice: '0.89',
    totalCents: 4450,
  },
  {
    lineNumber: 30,
    productNumber: 'HS-CUT5-09',
    description: 'Schnittschutzhandschuh Klasse 5, Größe 9',
    customerArticleNumber: null,
    quantity: 1,
    unit: 'PR',
    unitPrice: '7.9',
    totalCents: 790,
    deliveryDate: '2026-11-20',
  },
];

function invoice(overrides: Partial<InvoiceDocumentData> = {}): InvoiceDocumentData {
  return {
    kind: 'invoice',
    locale: 'en-GB',
    supplier,
    customer,
    invoiceNumber: '926000123',
    invoiceDate: '2026-11-24',
    dueDate: '2026-12-24',
    orderNumber: '700481',
    orderDate: '2026-11-18',
    customerReference: 'PO-2026-0815',
    shippingNoteNumber: '810022',
    deliveryDate: '2026-11-21',
    deliveryAddressLines: ['Baustelle Nordhafen', 'Am Kai 3', '47119 Duisburg'],
    lines: pricedLines,
    totals: {
      goodsCents: 6930,
      deliveryCostCents: 995,
      additionalCostCents: 450,
      netCents: 8375,
      taxes: [{ rate: '21.00', netCents: 8375, taxCents: 1759 }],
      totalCents: 10134,
    },
    ...overrides,
  };
}

function proofOfDelivery(overrides: Partial<ProofOfDeliveryDocumentData> = {}): ProofOfDeliveryDocumentData {
  return {
    kind: 'proof-of-delivery',
    locale: 'de-DE',
    supplier,
    customer,
    shippingNoteNumber: '810022',
    deliveryDate: '2026-11-21',
    orderNumber: '700481',
    customerReference: 'PO-2026-0815',
    invoiceNumber: '926000123',
    sendingNumber: '1Z999AA10123456784',
    deliveryAddressLines: ['Baustelle Nordhafen', 'Am Kai 3', '47119 Duisburg'],
    lines: pricedLines.map(({ lineNumber, productNumber, description, quantity, unit }) => ({
      lineNumber,
      productNumber,
      description,
      quantity,
      unit,
    })),
    receivedBy: 'J. Becker',
    receivedAt: '2026-11-21T13:45:00Z',
    ...overrides,
  };
}

function offer(overrides: Partial<OfferDocumentData> = {}): OfferDocumentData {
  return {
    kind: 'offer',
    locale: 'fr-FR',
    supplier,
    customer: { ...customer, name: 'Dupont Maintenance SARL', addressLines: ['12 rue de la Gare', '59000 Lille'] },
    offerNumber: 'AN-2026-0042',
    offerDate: '2026-11-24',
    validUntil: '2026-12-22',
    clientReference: 'Chantier Roubaix',
    comment: 'Livraison groupée souhaitée, accès par la cour arrière.',
    lines: [
      ...pricedLines,
      {
        lineNumber: 40,
        productNumber: 'WZ-SET-120',
        description: 'Werkzeugkoffer 120-teilig',
        customerArticleNumber: 'DUP-88',
        quantity: 100,
        unit: 'SET',
        unitPrice: '1234.56',
        totalCents: 12345600,
      },
    ],
    totals: {
      goodsCents: 12352530,
      deliveryCostCents: 0,
      additionalCostCents: 0,
      netCents: 12352530,
      taxes: [
        { rate: '21.00', netCents: 12351740, taxCents: 2593865 },
        { rate: '6.00', netCents: 790, taxCents: 47 },
      ],
      totalCents: 14946442,
    },
    ...overrides,
  };
}

/** The text of every page as a reader extracts it, runs of white space (also no-break spaces) as one space. */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return text.map((page) => page.replace(/[\s\u00a0\u202f]+/g, ' '));
}

async function documentText(bytes: Uint8Array): Promise<string> {
  return (await pagesText(bytes)).join(' ');
}

/** Expects every one of `parts` in `text`. */
function expectAll(text: string, parts: string[]): void {
  for (const part of parts) expect(text, `"${part}"`).toContain(part);
}

const supplierParts = [
  'Werkbank Technische Handel NV',
  'Industrieweg 12',
  '2030 Antwerpen',
  'BE0123456789',
  'RPR Antwerpen 0123.456.789',
  'IBAN BE71 0961 2345 6769',
  'BIC GKCCBEBB',
];

describe('renderDocument: invoice', () => {
  it('prints an English invoice with its numbers, dates, lines, totals and VAT', async () => {
    const text = await documentText(await renderDocument(invoice()));
    expectAll(text, [
      ...supplierParts,
      'Müller Anlagenbau GmbH',
      'Hafenstraße 5',
      'Customer number 100234',
      'VAT number DE811234567',
      'Invoice 926000123',
      'Invoice number 926000123',
      'Invoice date 24/11/2026',
      'Due date 24/12/2026',
      'Order number 700481',
      'Order date 18/11/2026',
      'Your reference PO-2026-0815',
      'Delivery note number 810022',
      'Delivery date 21/11/2026',
      'Delivery address Baustelle Nordhafen Am Kai 3 47119 Duisburg',
      'Line Article no. Description Quantity Unit price Total',
      '10 SW-933-M8-40 Sechskantschraube DIN 933 M8 × 40, verzinkt Your article no.: MUE-4711 200 pieces €0.0845 €16.90',
      '20 KB-NYM-3X15 Mantelleitung NYM-J 3 × 1,5 mm², grau 50 metres €0.89 €44.50',
      '30 HS-CUT5-09 Schnittschutzhandschuh Klasse 5, Größe 9 Delivery date: 20/11/2026 1 pair €7.90 €7.90',
      'Goods €69.30',
      'Delivery cost €9.95',
      'Additional cost €4.50',
      'Net total €83.75',
      'VAT 21% on €83.75 €17.59',
      'Total €101.34',
      'Payable by 24/12/2026 without deduction.',
      'Page 1 of 1',
    ]);
  });

  it('prints a German invoice in German with German numbers and VAT per rate, without a zero additional cost', async () => {
    const bytes = await renderDocument(
      invoice({
        locale: 'de-DE',
        totals: {
          goodsCents: 6930,
          deliveryCostCents: 995,
          additionalCostCents: 0,
          netCents: 7925,
          taxes: [
            { rate: '21.00', netCents: 7135, taxCents: 1498 },
            { rate: '6.00', netCents: 790, taxCents: 47 },
          ],
          totalCents: 9470,
        },
      }),
    );
    const text = await documentText(bytes);
    expectAll(text, [
      ...supplierParts,
      'Kundennummer 100234',
      'USt-IdNr. DE811234567',
      'Rechnung 926000123',
      'Rechnungsnummer 926000123',
      'Rechnungsdatum 24.11.2026',
      'Fällig am 24.12.2026',
      'Bestellnummer 700481',
      'Bestelldatum 18.11.2026',
      'Ihre Referenz PO-2026-0815',
      'Lieferscheinnummer 810022',
      'Lieferdatum 21.11.2026',
      'Lieferadresse Baustelle Nordhafen',
      'Pos. Artikelnr. Bezeichnung Menge Einzelpreis Gesamt',
      '10 SW-933-M8-40 Sechskantschraube DIN 933 M8 × 40, verzinkt Ihre Artikelnr.: MUE-4711 200 Stück 0,0845 € 16,90 €',
      '20 KB-NYM-3X15 Mantelleitung NYM-J 3 × 1,5 mm², grau 50 Meter 0,89 € 44,50 €',
      '30 HS-CUT5-09 Schnittschutzhandschuh Klasse 5, Größe 9 Lieferdatum: 20.11.2026 1 Paar 7,90 € 7,90 €',
      'Warenwert 69,30 €',
      'Versandkosten 9,95 €',
      'Nettobetrag 79,25 €',
      'MwSt. 21 % auf 71,35 € 14,98 €',
      'MwSt. 6 % auf 7,90 € 0,47 €',
      'Gesamtbetrag 94,70 €',
      'Zahlbar bis 24.12.2026 ohne Abzug.',
      'Seite 1 von 1',
    ]);
    expect(text).not.toContain('Zusatzkosten');
    expect(text).not.toContain('Invoice');
  });

  it('breaks 120 lines across pages, repeating the header row, with "page x of y" on every page', async () => {
    const lines: PricedDocumentLine[] = Array.from({ length: 120 }, (_, index) => ({
      lineNumber: (index + 1) * 10,
      productNumber: `SW-${String(index + 1).padStart(4, '0')}`,
      description: `Zylinderschraube ISO 4762 M${6 + (index % 10)} × ${20 + index} mm, Edelstahl A2`,
      customerArticleNumber: index % 7 === 0 ? `K-${index}` : null,
      quantity: 100 + index,
      unit: 'C62',
      unitPrice: '0.1234',
      totalCents: 1234 + index,
    }));
    const pages = await pagesText(await renderDocument(invoice({ lines })));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain('Line Article no. Description Quantity Unit price Total');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain('IBAN BE71 0961 2345 6769');
    });
    const text = pages.join(' ');
    let position = -1;
    for (const line of lines) {
      const row = `${line.lineNumber} ${line.productNumber} ${line.description}`;
      expect(text.split(row).length - 1, row).toBe(1);
      expect(text.indexOf(row), row).toBeGreaterThan(position);
      position = text.indexOf(row);
    }
    expect(pages.at(-1)).toContain('Total €101.34');
  });
});

describe('renderDocument: proof of delivery', () => {
  it('prints a German proof of delivery with quantities, the delivery and the receipt, without prices', async () => {
    const text = await documentText(await renderDocument(proofOfDelivery()));
    expectAll(text, [
      ...supplierParts,
      'Kundennummer 100234',
      'Liefernachweis 810022',
      'Lieferscheinnummer 810022',
      'Lieferdatum 21.11.2026',
      'Bestellnummer 700481',
      'Ihre Referenz PO-2026-0815',
      'Rechnungsnummer 926000123',
      'Sendungsnummer 1Z999AA10123456784',
      'Lieferadresse Baustelle Nordhafen Am Kai 3 47119 Duisburg',
      'Pos. Artikelnr. Bezeichnung Menge',
      '10 SW-933-M8-40 Sechskantschraube DIN 933 M8 × 40, verzinkt 200 Stück',
      '20 KB-NYM-3X15 Mantelleitung NYM-J 3 × 1,5 mm², grau 50 Meter',
      '30 HS-CUT5-09 Schnittschutzhandschuh Klasse 5, Größe 9 1 Paar',
      'Empfangen von J. Becker',
      // 13:45 UTC is 14:45 in Brussels in November (CET).
      'Empfangen am 21.11.2026, 14:45',
      'Unterschrift',
      'Seite 1 von 1',
    ]);
    expect(text).not.toContain('€');
    expect(text).not.toContain('Einzelpreis');
  });

  it('prints a Dutch proof of delivery in Dutch', async () => {
    const text = await documentText(await renderDocument(proofOfDelivery({ locale: 'nl-NL', sendingNumber: null })));
    expectAll(text, [
      'Afleverbewijs 810022',
      'Klantnummer 100234',
      'Btw-nummer DE811234567',
      'Pakbonnummer 810022',
      'Leverdatum 21-11-2026',
      'Bestelnummer 700481',
      'Uw referentie PO-2026-0815',
      'Factuurnummer 926000123',
      'Leveradres Baustelle Nordhafen',
      'Pos. Artikelnr. Omschrijving Aantal',
      '10 SW-933-M8-40 Sechskantschraube DIN 933 M8 × 40, verzinkt 200 stuks',
      '20 KB-NYM-3X15 Mantelleitung NYM-J 3 × 1,5 mm², grau 50 meter',
      '30 HS-CUT5-09 Schnittschutzhandschuh Klasse 5, Größe 9 1 paar',
      'Ontvangen door J. Becker',
      'Ontvangen op 21-11-2026, 14:45',
      'Handtekening',
      'Pagina 1 van 1',
    ]);
    expect(text).not.toContain('Zendingnummer');
  });
});

describe('renderDocument: offer', () => {
  it('prints a French offer with its validity, the client reference and comment, French money and VAT', async () => {
    const text = await documentText(await renderDocument(offer()));
    expectAll(text, [
      ...supplierParts,
      'Dupont Maintenance SARL',
      '12 rue de la Gare',
      'Numéro client 100234',
      'Offre AN-2026-0042',
      "Numéro d'offre AN-2026-0042",
      "Date de l'offre 24/11/2026",
      "Valable jusqu'au 22/12/2026",
      'Votre référence Chantier Roubaix',
      'Votre commentaire Livraison groupée souhaitée, accès par la cour arrière.',
      'Pos. Réf. article Désignation Quantité Prix unitaire Montant',
      '10 SW-933-M8-40 Sechskantschraube DIN 933 M8 × 40, verzinkt Votre réf. article : MUE-4711 200 pièces 0,0845 € 16,90 €',
      '20 KB-NYM-3X15 Mantelleitung NYM-J 3 × 1,5 mm², grau 50 mètres 0,89 € 44,50 €',
      '30 HS-CUT5-09 Schnittschutzhandschuh Klasse 5, Größe 9 Date de livraison : 20/11/2026 1 paire 7,90 € 7,90 €',
      '40 WZ-SET-120 Werkzeugkoffer 120-teilig Votre réf. article : DUP-88 100 jeux 1 234,56 € 123 456,00 €',
      'Marchandises 123 525,30 €',
      'Frais de livraison 0,00 €',
      'Total HT 123 525,30 €',
      'TVA 21 % sur 123 517,40 € 25 938,65 €',
      'TVA 6 % sur 7,90 € 0,47 €',
      'Total TTC 149 464,42 €',
      'Page 1 sur 1',
    ]);
    expect(text).not.toContain('Frais supplémentaires');
  });

  it('prints an English offer, and a locale the shop does not have in English', async () => {
    for (const locale of ['en-GB', 'es-ES']) {
      const text = await documentText(await renderDocument(offer({ locale, comment: null, clientReference: null })));
      expectAll(text, [
        'Offer AN-2026-0042',
        'Offer number AN-2026-0042',
        'Offer date 24/11/2026',
        'Valid until 22/12/2026',
        '40 WZ-SET-120 Werkzeugkoffer 120-teilig Your article no.: DUP-88 100 sets €1,234.56 €123,456.00',
        'Goods €123,525.30',
        'VAT 21% on €123,517.40 €25,938.65',
        'VAT 6% on €7.90 €0.47',
        'Total €149,464.42',
        'Page 1 of 1',
      ]);
      expect(text).not.toContain('Your comment');
      expect(text).not.toContain('Your reference');
    }
  });
});

describe('renderDocument: the file', () => {
  it('prints characters the PDF standard fonts lack as stand-ins instead of failing', async () => {
    const lines = [{ ...pricedLines[0]!, description: 'Ø 10 mm – ≥ 5 m, 螺丝, Łódź' }];
    const text = await documentText(await renderDocument(invoice({ lines })));
    expect(text).toContain('10 SW-933-M8-40 Ø 10 mm – >= 5 m, ??, Lódz');
  });

  it('is a PDF that opens, with title, author and the document date as creation date, and the same bytes each time', async () => {
    const data = invoice();
    const bytes = await renderDocument(data);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(1);
    const { info } = await pdf.getMetadata();
    expect(info).toMatchObject({
      Title: 'Invoice 926000123',
      Author: 'Werkbank Technische Handel NV',
      CreationDate: 'D:20261124000000Z',
    });
    const again = await renderDocument(structuredClone(data));
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const other = await renderDocument(invoice({ invoiceNumber: '926000124' }));
    expect(Buffer.from(other).equals(Buffer.from(bytes))).toBe(false);
  });
});
