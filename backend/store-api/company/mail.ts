/**
 * The set-password invitation a new company user receives (issue 3 §1 users: "new users get a set-password
 * invitation mail"), in the four shop languages. Plain text; the link is built from a configured domain only.
 */
import type { Mail } from '../../mail/outbox.ts';

const TEXTS: Record<string, { subject: string; body: (name: string, username: string, link: string) => string }> = {
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

/** The invitation for `to` in `locale` (English when unknown), template key 'customer-invitation'. */
export function invitationMail(input: {
  to: string;
  name: string;
  username: string;
  link: string;
  locale: string;
}): Mail {
  const t = TEXTS[input.locale] ?? TEXTS['en-GB']!;
  return {
    to: input.to,
    subject: t.subject,
    text: t.body(input.name, input.username, input.link),
    template: 'customer-invitation',
  };
}
