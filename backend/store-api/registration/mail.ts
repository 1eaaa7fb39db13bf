/**
 * The "registration received" mail in the four shop languages (specification §4: settings are checked and the
 * account is activated afterwards). Plain text; the values are the registrant's own input.
 */
import type { Mail } from '../../mail/outbox.ts';

const TEXTS: Record<string, { subject: string; body: (name: string, username: string) => string }> = {
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

/** The mail for `to` in `locale` (Dutch when the locale is unknown), template key 'registration-received'. */
export function registrationReceivedMail(input: { to: string; name: string; username: string; locale: string }): Mail {
  const t = TEXTS[input.locale] ?? TEXTS['nl-NL']!;
  return {
    to: input.to,
    subject: t.subject,
    text: t.body(input.name, input.username),
    template: 'registration-received',
  };
}
