/**
 * Texts of the shop's mails in its four languages (de-DE, en-GB, fr-FR, nl-NL; others fall back to en-GB): password
 * recovery, the set-password invitation of a new company user, "registration received", the notice of an e-mail
 * change, the order confirmation, the approval request to its approvers and the decision to its requester. Every
 * such mail is built here. Where a mail has an HTML variant, every interpolated value is HTML-escaped; links are
 * always built by the caller from a configured domain, never from request headers.
 */
import type { Mail } from './outbox.ts';
import { escapeHtml } from '../lib/html.ts';
import { textsFor } from '../lib/translate.ts';
import type { LocaleCode } from '../../contract/locales.ts';

type Locale = LocaleCode;

const RECOVERY: Record<Locale, { subject: string; greeting: (name: string) => string; body: string; expiry: string }> =
  {
    'de-DE': {
      subject: 'Passwort zurücksetzen',
      greeting: (n) => `Hallo ${n},`,
      body: 'Sie haben ein neues Passwort angefordert. Über diesen Link legen Sie es fest:',
      expiry:
        'Der Link ist zwei Stunden gültig und kann einmal verwendet werden. Haben Sie nichts angefordert, ignorieren Sie diese E-Mail.',
    },
    'en-GB': {
      subject: 'Reset your password',
      greeting: (n) => `Hello ${n},`,
      body: 'You asked for a new password. Set it through this link:',
      expiry: 'The link is valid for two hours and can be used once. If you did not ask for it, ignore this e-mail.',
    },
    'fr-FR': {
      subject: 'Réinitialiser votre mot de passe',
      greeting: (n) => `Bonjour ${n},`,
      body: 'Vous avez demandé un nouveau mot de passe. Définissez-le via ce lien :',
      expiry:
        "Le lien est valable deux heures et ne peut être utilisé qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail.",
    },
    'nl-NL': {
      subject: 'Wachtwoord opnieuw instellen',
      greeting: (n) => `Beste ${n},`,
      body: 'U hebt een nieuw wachtwoord aangevraagd. Stel het in via deze link:',
      expiry:
        'De link is twee uur geldig en kan één keer gebruikt worden. Hebt u niets aangevraagd, negeer dan deze e-mail.',
    },
  };

/**
 * The password recovery mail: greeting by name, the set-password link, its validity.
 *
 * @param link absolute URL built from a configured domain, e.g. `http://localhost:4321/auth/password-set?hash=…`.
 */
export function passwordRecoveryMail(input: { to: string; name: string; link: string; locale: string }): Mail {
  const t = textsFor(RECOVERY, input.locale);
  const text = `${t.greeting(input.name)}\n\n${t.body}\n${input.link}\n\n${t.expiry}\n`;
  const html =
    `<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(t.body)}<br>` +
    `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p><p>${escapeHtml(t.expiry)}</p>`;
  return { to: input.to, subject: t.subject, text, html, template: 'password-recovery' };
}

const EMAIL_CHANGED: Record<
  Locale,
  {
    subject: string;
    greeting: (name: string) => string;
    body: (username: string, email: string) => string;
    warning: string;
  }
> = {
  'de-DE': {
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    greeting: (n) => `Hallo ${n},`,
    body: (u, e) => `die E-Mail-Adresse Ihres Werkbank-Zugangs „${u}“ wurde in ${e} geändert.`,
    warning:
      'Haben Sie das nicht veranlasst, wenden Sie sich bitte umgehend an uns oder an den Hauptbesteller Ihrer Firma.',
  },
  'en-GB': {
    subject: 'Your e-mail address was changed',
    greeting: (n) => `Hello ${n},`,
    body: (u, e) => `the e-mail address of your Werkbank account "${u}" was changed to ${e}.`,
    warning: 'If you did not ask for this, please contact us or the lead buyer of your company at once.',
  },
  'fr-FR': {
    subject: 'Votre adresse e-mail a été modifiée',
    greeting: (n) => `Bonjour ${n},`,
    body: (u, e) => `l'adresse e-mail de votre accès Werkbank « ${u} » a été remplacée par ${e}.`,
    warning:
      "Si vous n'êtes pas à l'origine de ce changement, contactez-nous ou l'acheteur principal de votre entreprise sans attendre.",
  },
  'nl-NL': {
    subject: 'Uw e-mailadres is gewijzigd',
    greeting: (n) => `Beste ${n},`,
    body: (u, e) => `het e-mailadres van uw Werkbank-account "${u}" is gewijzigd in ${e}.`,
    warning: 'Hebt u dit niet gevraagd, neem dan meteen contact op met ons of met de hoofdinkoper van uw bedrijf.',
  },
};

/**
 * The notice to the OLD address after a customer's e-mail address changed (OWASP ASVS 4.0.3 V2.2.3: users are
 * notified after updates to authentication details such as the e-mail address), so a hijacked account does not
 * change hands silently.
 *
 * @param to the address before the change; `email` the new one.
 */
export function emailChangedMail(input: {
  to: string;
  name: string;
  username: string;
  email: string;
  locale: string;
}): Mail {
  const t = textsFor(EMAIL_CHANGED, input.locale);
  const body = t.body(input.username, input.email);
  const text = `${t.greeting(input.name)}\n\n${body}\n\n${t.warning}\n`;
  const html = `<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.warning)}</p>`;
  return { to: input.to, subject: t.subject, text, html, template: 'email-changed' };
}

const INVITATION: Record<Locale, { subject: string; body: (name: string, username: string, link: string) => string }> =
  {
    'de-DE': {
      subject: 'Ihr Zugang zu Werkbank',
      body: (n, u, l) =>
        `Guten Tag ${n},\n\nfür Sie wurde ein Zugang mit dem Benutzernamen „${u}“ angelegt. Bitte legen Sie innerhalb von 7 Tagen Ihr Passwort fest:\n${l}`,
    },
    'en-GB': {
      subject: 'Your Werkbank account',
      body: (n, u, l) =>
        `Hello ${n},\n\nan account with the username "${u}" has been created for you. Please set your password within 7 days:\n${l}`,
    },
    'fr-FR': {
      subject: 'Votre accès Werkbank',
      body: (n, u, l) =>
        `Bonjour ${n},\n\nun accès avec le nom d'utilisateur « ${u} » a été créé pour vous. Veuillez définir votre mot de passe dans les 7 jours :\n${l}`,
    },
    'nl-NL': {
      subject: 'Uw toegang tot Werkbank',
      body: (n, u, l) =>
        `Beste ${n},\n\ner is een account met de gebruikersnaam "${u}" voor u aangemaakt. Stel binnen 7 dagen uw wachtwoord in:\n${l}`,
    },
  };

/**
 * The set-password invitation a new company user receives (docs/decisions/010: new users get no password, but a
 * single-use link valid 7 days). Plain text; template key 'customer-invitation'.
 */
export function invitationMail(input: {
  to: string;
  name: string;
  username: string;
  link: string;
  locale: string;
}): Mail {
  const t = textsFor(INVITATION, input.locale);
  return {
    to: input.to,
    subject: t.subject,
    text: t.body(input.name, input.username, input.link),
    template: 'customer-invitation',
  };
}

const REGISTRATION_RECEIVED: Record<Locale, { subject: string; body: (name: string, username: string) => string }> = {
  'de-DE': {
    subject: 'Ihre Registrierung bei Werkbank',
    body: (n, u) =>
      `Guten Tag ${n},\n\nvielen Dank für Ihre Registrierung (Benutzername: ${u}). Wir prüfen Ihre Angaben und aktivieren Ihr Kundenkonto anschließend. Sie erhalten eine Nachricht, sobald Sie sich anmelden können.`,
  },
  'en-GB': {
    subject: 'Your registration with Werkbank',
    body: (n, u) =>
      `Hello ${n},\n\nthank you for registering (username: ${u}). We check your settings and activate your customer account afterwards. You will hear from us as soon as you can log in.`,
  },
  'fr-FR': {
    subject: 'Votre inscription chez Werkbank',
    body: (n, u) =>
      `Bonjour ${n},\n\nmerci pour votre inscription (nom d'utilisateur : ${u}). Nous vérifions vos données et activons ensuite votre compte client. Vous serez informé dès que vous pourrez vous connecter.`,
  },
  'nl-NL': {
    subject: 'Uw registratie bij Werkbank',
    body: (n, u) =>
      `Beste ${n},\n\nbedankt voor uw registratie (gebruikersnaam: ${u}). We controleren uw gegevens en activeren daarna uw klantaccount. U hoort van ons zodra u kunt inloggen.`,
  },
};

/**
 * The "registration received" mail (registrations wait until the supplier has checked them, docs/decisions/010).
 * Plain text; the values are the registrant's own input; template key 'registration-received'.
 */
export function registrationReceivedMail(input: { to: string; name: string; username: string; locale: string }): Mail {
  const t = textsFor(REGISTRATION_RECEIVED, input.locale);
  return {
    to: input.to,
    subject: t.subject,
    text: t.body(input.name, input.username),
    template: 'registration-received',
  };
}

/** One line of the order confirmation: amounts in cents, the unit price as the exact decimal string. */
export interface OrderMailLine {
  productNumber: string | null;
  label: string;
  quantity: number;
  /** Net unit price in EUR, decimal string with up to 5 decimals. */
  unitPrice: string;
  totalCents: number;
  /** Pieces delivered later (backorder). */
  backorderQuantity: number;
}

/** Where the order goes: a delivery address or a pickup location, each as printable lines. */
export type OrderMailDestination = { kind: 'delivery'; address: string[] } | { kind: 'pickup'; location: string[] };

const ORDER_CONFIRMATION: Record<
  Locale,
  {
    subject: (number: string) => string;
    greeting: (name: string) => string;
    intro: (number: string) => string;
    reference: string;
    lines: string;
    backorder: (n: number) => string;
    goods: string;
    discount: string;
    shipping: string;
    surcharge: string;
    net: string;
    vat: (rate: string) => string;
    total: string;
    /** Said instead of the amounts to a recipient without ROLE_VIEW_PRICES. */
    pricesOnRequest: string;
    delivery: string;
    pickup: string;
    closing: string;
  }
> = {
  'de-DE': {
    subject: (n) => `Ihre Bestellung ${n}`,
    greeting: (n) => `Guten Tag ${n},`,
    intro: (n) => `vielen Dank für Ihre Bestellung. Wir haben sie unter der Nummer ${n} erhalten.`,
    reference: 'Ihre Bestellreferenz',
    lines: 'Artikel',
    backorder: (n) => `davon ${n} im Rückstand, Lieferung folgt`,
    goods: 'Warenwert (netto)',
    discount: 'Rabatt',
    shipping: 'Versandkosten',
    surcharge: 'Mindermengenzuschlag',
    net: 'Summe netto',
    vat: (r) => `MwSt. ${r} %`,
    total: 'Gesamtbetrag',
    pricesOnRequest: 'Preise auf Anfrage',
    delivery: 'Lieferadresse',
    pickup: 'Abholung bei',
    closing: 'Den Stand Ihrer Bestellung sehen Sie jederzeit in Ihrem Kundenkonto unter „Bestellungen“.',
  },
  'en-GB': {
    subject: (n) => `Your order ${n}`,
    greeting: (n) => `Hello ${n},`,
    intro: (n) => `thank you for your order. We have received it under the number ${n}.`,
    reference: 'Your order reference',
    lines: 'Articles',
    backorder: (n) => `${n} of them on backorder, delivered later`,
    goods: 'Goods value (net)',
    discount: 'Discount',
    shipping: 'Shipping costs',
    surcharge: 'Small order surcharge',
    net: 'Total net',
    vat: (r) => `VAT ${r} %`,
    total: 'Total',
    pricesOnRequest: 'Prices on request',
    delivery: 'Delivery address',
    pickup: 'Pickup at',
    closing: 'You can follow your order at any time under "Orders" in your account.',
  },
  'fr-FR': {
    subject: (n) => `Votre commande ${n}`,
    greeting: (n) => `Bonjour ${n},`,
    intro: (n) => `merci pour votre commande. Nous l'avons reçue sous le numéro ${n}.`,
    reference: 'Votre référence de commande',
    lines: 'Articles',
    backorder: (n) => `dont ${n} en reliquat, livrés plus tard`,
    goods: 'Valeur des marchandises (HT)',
    discount: 'Remise',
    shipping: "Frais d'expédition",
    surcharge: 'Supplément petite commande',
    net: 'Total HT',
    vat: (r) => `TVA ${r} %`,
    total: 'Total TTC',
    pricesOnRequest: 'Prix sur demande',
    delivery: 'Adresse de livraison',
    pickup: 'Retrait à',
    closing: 'Vous pouvez suivre votre commande à tout moment sous « Commandes » dans votre compte.',
  },
  'nl-NL': {
    subject: (n) => `Uw bestelling ${n}`,
    greeting: (n) => `Beste ${n},`,
    intro: (n) => `bedankt voor uw bestelling. We hebben ze ontvangen onder het nummer ${n}.`,
    reference: 'Uw bestelreferentie',
    lines: 'Artikelen',
    backorder: (n) => `waarvan ${n} in backorder, later geleverd`,
    goods: 'Goederenwaarde (netto)',
    discount: 'Korting',
    shipping: 'Verzendkosten',
    surcharge: 'Toeslag kleine bestelling',
    net: 'Totaal netto',
    vat: (r) => `btw ${r} %`,
    total: 'Totaal',
    pricesOnRequest: 'Prijzen op aanvraag',
    delivery: 'Leveradres',
    pickup: 'Afhalen bij',
    closing: 'U kunt uw bestelling altijd volgen onder "Bestellingen" in uw account.',
  },
};

/**
 * The order confirmation mail (template key 'order-confirmation') in the customer's language: order number and
 * reference, one line per article (quantity, article number, name, net unit price, net line total, backorder), the
 * totals (goods value, discount, shipping, surcharge, net, VAT per rate, total) and the delivery address or the
 * pickup location. Amounts are cents (unit prices exact decimals) formatted in the locale's euro format; every value
 * of the HTML variant is HTML-escaped.
 *
 * With `seesPrices` false (the recipient lacks ROLE_VIEW_PRICES, docs/decisions/014 "Buyers without
 * ROLE_VIEW_PRICES") the mail holds no amount at all: each line only with its quantity, article and backorder, and
 * "prices on request" in place of the totals.
 */
export function orderConfirmationMail(input: {
  to: string;
  name: string;
  locale: string;
  /** Whether the recipient may see prices (ROLE_VIEW_PRICES); false leaves every amount out. */
  seesPrices: boolean;
  orderNumber: string;
  orderReference: string | null;
  lines: OrderMailLine[];
  totals: {
    goodsCents: number;
    discountCents: number;
    shippingCents: number;
    surchargeCents: number;
    netCents: number;
    taxes: { taxRate: string; taxCents: number }[];
    totalCents: number;
  };
  destination: OrderMailDestination;
}): Mail {
  const locale = (input.locale in ORDER_CONFIRMATION ? input.locale : 'en-GB') as Locale;
  const t = ORDER_CONFIRMATION[locale];
  const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 5 });
  const cents = (value: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(value / 100);
  const rate = (value: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(value));
  const lines = input.lines.map((l) => {
    const article = `${l.quantity} × ${l.productNumber ? `${l.productNumber} ` : ''}${l.label}`;
    const text = input.seesPrices
      ? `${article}: ${euro.format(Number(l.unitPrice))} = ${cents(l.totalCents)}`
      : article;
    return l.backorderQuantity > 0 ? `${text} (${t.backorder(l.backorderQuantity)})` : text;
  });
  const totals: [string, string][] = [];
  if (input.seesPrices) {
    totals.push([t.goods, cents(input.totals.goodsCents)]);
    if (input.totals.discountCents > 0) totals.push([t.discount, `-${cents(input.totals.discountCents)}`]);
    totals.push([t.shipping, cents(input.totals.shippingCents)]);
    if (input.totals.surchargeCents > 0) totals.push([t.surcharge, cents(input.totals.surchargeCents)]);
    totals.push([t.net, cents(input.totals.netCents)]);
    for (const tax of input.totals.taxes) totals.push([t.vat(rate(tax.taxRate)), cents(tax.taxCents)]);
    totals.push([t.total, cents(input.totals.totalCents)]);
  }
  const destination =
    input.destination.kind === 'delivery'
      ? { title: t.delivery, lines: input.destination.address }
      : { title: t.pickup, lines: input.destination.location };
  const reference = input.orderReference ? `${t.reference}: ${input.orderReference}` : null;
  const text = [
    t.greeting(input.name),
    '',
    t.intro(input.orderNumber),
    ...(reference ? [reference] : []),
    '',
    `${t.lines}:`,
    ...lines.map((l) => `- ${l}`),
    '',
    ...(input.seesPrices ? totals.map(([label, value]) => `${label}: ${value}`) : [t.pricesOnRequest]),
    '',
    `${destination.title}:`,
    ...destination.lines,
    '',
    t.closing,
    '',
  ].join('\n');
  const html =
    `<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(t.intro(input.orderNumber))}` +
    (reference ? `<br>${escapeHtml(reference)}` : '') +
    `</p><p>${escapeHtml(t.lines)}:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` +
    (input.seesPrices
      ? `<table>${totals.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`
      : `<p>${escapeHtml(t.pricesOnRequest)}</p>`) +
    `<p>${escapeHtml(destination.title)}:<br>${destination.lines.map((l) => escapeHtml(l)).join('<br>')}</p>` +
    `<p>${escapeHtml(t.closing)}</p>`;
  return { to: input.to, subject: t.subject(input.orderNumber), text, html, template: 'order-confirmation' };
}

const APPROVAL_REQUESTED: Record<
  Locale,
  {
    subject: (number: string) => string;
    greeting: (name: string) => string;
    body: (requester: string, number: string, net: string) => string;
    /** The body for an approver without ROLE_VIEW_PRICES: no amount. */
    bodyWithoutPrices: (requester: string, number: string) => string;
    pricesOnRequest: string;
    reference: string;
    lines: string;
    closing: string;
  }
> = {
  'de-DE': {
    subject: (n) => `Freigabe erbeten: Bestellanfrage ${n}`,
    greeting: (n) => `Guten Tag ${n},`,
    body: (r, n, v) => `${r} bittet um Ihre Freigabe der Bestellanfrage ${n} über ${v} netto.`,
    bodyWithoutPrices: (r, n) => `${r} bittet um Ihre Freigabe der Bestellanfrage ${n}.`,
    pricesOnRequest: 'Preise auf Anfrage',
    reference: 'Bestellreferenz',
    lines: 'Artikel',
    closing: 'Sie geben die Anfrage in Ihrem Kundenkonto unter „Freigaben“ frei oder lehnen sie dort ab.',
  },
  'en-GB': {
    subject: (n) => `Approval requested: order request ${n}`,
    greeting: (n) => `Hello ${n},`,
    body: (r, n, v) => `${r} asks you to approve the order request ${n} of ${v} net.`,
    bodyWithoutPrices: (r, n) => `${r} asks you to approve the order request ${n}.`,
    pricesOnRequest: 'Prices on request',
    reference: 'Order reference',
    lines: 'Articles',
    closing: 'Approve or decline the request under "Approvals" in your account.',
  },
  'fr-FR': {
    subject: (n) => `Validation demandée : demande de commande ${n}`,
    greeting: (n) => `Bonjour ${n},`,
    body: (r, n, v) => `${r} vous demande de valider la demande de commande ${n} d'un montant de ${v} HT.`,
    bodyWithoutPrices: (r, n) => `${r} vous demande de valider la demande de commande ${n}.`,
    pricesOnRequest: 'Prix sur demande',
    reference: 'Référence de commande',
    lines: 'Articles',
    closing: 'Validez ou refusez la demande sous « Validations » dans votre compte.',
  },
  'nl-NL': {
    subject: (n) => `Goedkeuring gevraagd: bestelaanvraag ${n}`,
    greeting: (n) => `Beste ${n},`,
    body: (r, n, v) => `${r} vraagt u de bestelaanvraag ${n} van ${v} netto goed te keuren.`,
    bodyWithoutPrices: (r, n) => `${r} vraagt u de bestelaanvraag ${n} goed te keuren.`,
    pricesOnRequest: 'Prijzen op aanvraag',
    reference: 'Bestelreferentie',
    lines: 'Artikelen',
    closing: 'Keur de aanvraag goed of wijs ze af onder "Goedkeuringen" in uw account.',
  },
};

/**
 * The mail to an approver when a buyer of their flow or order reference sends an approval request (template key
 * 'approval-requested'): who asks, the request's number, the net total, the order reference and one line per
 * article. Amounts are cents formatted in the locale's euro format; every value of the HTML variant is escaped.
 * With `seesPrices` false (the approver lacks ROLE_VIEW_PRICES, docs/decisions/014 "Buyers without
 * ROLE_VIEW_PRICES") the mail names no amount: the lines with quantities and "prices on request".
 */
export function approvalRequestedMail(input: {
  to: string;
  name: string;
  locale: string;
  /** Whether the approver may see prices (ROLE_VIEW_PRICES); false leaves every amount out. */
  seesPrices: boolean;
  requesterName: string;
  approvalNumber: string;
  orderReference: string | null;
  netCents: number;
  lines: { productNumber: string; label: string; quantity: number; totalCents: number }[];
}): Mail {
  const locale = (input.locale in APPROVAL_REQUESTED ? input.locale : 'en-GB') as Locale;
  const t = APPROVAL_REQUESTED[locale];
  const cents = (value: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(value / 100);
  const body = input.seesPrices
    ? t.body(input.requesterName, input.approvalNumber, cents(input.netCents))
    : t.bodyWithoutPrices(input.requesterName, input.approvalNumber);
  const reference = input.orderReference ? `${t.reference}: ${input.orderReference}` : null;
  const lines = input.lines.map((l) => {
    const article = `${l.quantity} × ${l.productNumber} ${l.label}`;
    return input.seesPrices ? `${article}: ${cents(l.totalCents)}` : article;
  });
  const text = [
    t.greeting(input.name),
    '',
    body,
    ...(reference ? [reference] : []),
    '',
    `${t.lines}:`,
    ...lines.map((l) => `- ${l}`),
    ...(input.seesPrices ? [] : [t.pricesOnRequest]),
    '',
    t.closing,
    '',
  ].join('\n');
  const html =
    `<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(body)}` +
    (reference ? `<br>${escapeHtml(reference)}` : '') +
    `</p><p>${escapeHtml(t.lines)}:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` +
    (input.seesPrices ? '' : `<p>${escapeHtml(t.pricesOnRequest)}</p>`) +
    `<p>${escapeHtml(t.closing)}</p>`;
  return {
    to: input.to,
    subject: t.subject(input.approvalNumber),
    text,
    html,
    template: 'approval-requested',
  };
}

const APPROVAL_DECIDED: Record<
  Locale,
  {
    approvedSubject: (number: string) => string;
    declinedSubject: (number: string) => string;
    greeting: (name: string) => string;
    approved: (number: string, approver: string, order: string) => string;
    declined: (number: string, approver: string) => string;
    comment: string;
    closing: string;
  }
> = {
  'de-DE': {
    approvedSubject: (n) => `Bestellanfrage ${n} freigegeben`,
    declinedSubject: (n) => `Bestellanfrage ${n} abgelehnt`,
    greeting: (n) => `Guten Tag ${n},`,
    approved: (n, a, o) => `${a} hat Ihre Bestellanfrage ${n} freigegeben. Sie wurde als Bestellung ${o} aufgegeben.`,
    declined: (n, a) => `${a} hat Ihre Bestellanfrage ${n} abgelehnt. Das reservierte Budget ist wieder frei.`,
    comment: 'Kommentar',
    closing: 'Ihre Anfragen sehen Sie in Ihrem Kundenkonto unter „Freigaben“.',
  },
  'en-GB': {
    approvedSubject: (n) => `Order request ${n} approved`,
    declinedSubject: (n) => `Order request ${n} declined`,
    greeting: (n) => `Hello ${n},`,
    approved: (n, a, o) => `${a} approved your order request ${n}. It was placed as order ${o}.`,
    declined: (n, a) => `${a} declined your order request ${n}. The reserved budget is available again.`,
    comment: 'Comment',
    closing: 'You can see your requests under "Approvals" in your account.',
  },
  'fr-FR': {
    approvedSubject: (n) => `Demande de commande ${n} validée`,
    declinedSubject: (n) => `Demande de commande ${n} refusée`,
    greeting: (n) => `Bonjour ${n},`,
    approved: (n, a, o) => `${a} a validé votre demande de commande ${n}. Elle a été passée sous le numéro ${o}.`,
    declined: (n, a) => `${a} a refusé votre demande de commande ${n}. Le budget réservé est de nouveau disponible.`,
    comment: 'Commentaire',
    closing: 'Vous retrouvez vos demandes sous « Validations » dans votre compte.',
  },
  'nl-NL': {
    approvedSubject: (n) => `Bestelaanvraag ${n} goedgekeurd`,
    declinedSubject: (n) => `Bestelaanvraag ${n} afgewezen`,
    greeting: (n) => `Beste ${n},`,
    approved: (n, a, o) => `${a} heeft uw bestelaanvraag ${n} goedgekeurd. Ze is geplaatst als bestelling ${o}.`,
    declined: (n, a) => `${a} heeft uw bestelaanvraag ${n} afgewezen. Het gereserveerde budget is weer vrij.`,
    comment: 'Opmerking',
    closing: 'U ziet uw aanvragen onder "Goedkeuringen" in uw account.',
  },
};

/**
 * The mail to the requester when their approval request was decided (template key 'approval-decided'): approved
 * with the number of the order written, or declined; the approver's comment, if any. Every value of the HTML variant
 * is escaped.
 */
export function approvalDecidedMail(input: {
  to: string;
  name: string;
  locale: string;
  approvalNumber: string;
  approverName: string;
  outcome: { status: 'approved'; orderNumber: string } | { status: 'declined' };
  comment: string | null;
}): Mail {
  const t = textsFor(APPROVAL_DECIDED, input.locale);
  const approved = input.outcome.status === 'approved';
  const body =
    input.outcome.status === 'approved'
      ? t.approved(input.approvalNumber, input.approverName, input.outcome.orderNumber)
      : t.declined(input.approvalNumber, input.approverName);
  const comment = input.comment ? `${t.comment}: ${input.comment}` : null;
  const text = [t.greeting(input.name), '', body, ...(comment ? ['', comment] : []), '', t.closing, ''].join('\n');
  const html =
    `<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(body)}</p>` +
    (comment ? `<p>${escapeHtml(comment)}</p>` : '') +
    `<p>${escapeHtml(t.closing)}</p>`;
  return {
    to: input.to,
    subject: approved ? t.approvedSubject(input.approvalNumber) : t.declinedSubject(input.approvalNumber),
    text,
    html,
    template: 'approval-decided',
  };
}
