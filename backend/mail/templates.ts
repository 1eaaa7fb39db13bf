/**
 * Texts of the account mails in the shop's four languages (de-DE, en-GB, fr-FR, nl-NL; others fall back to en-GB).
 * Plain text plus a minimal HTML variant; every interpolated value is HTML-escaped.
 */
import type { Mail } from './outbox.ts';

type Locale = 'de-DE' | 'en-GB' | 'fr-FR' | 'nl-NL';

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

function pick<T>(table: Record<Locale, T>, locale: string): T {
  return table[(locale in table ? locale : 'en-GB') as Locale];
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

/**
 * The password recovery mail: greeting by name, the set-password link, its validity.
 *
 * @param link absolute URL built from a configured domain, e.g. `http://localhost:4321/auth/password-set?hash=…`.
 */
export function passwordRecoveryMail(input: { to: string; name: string; link: string; locale: string }): Mail {
  const t = pick(RECOVERY, input.locale);
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
  const t = pick(EMAIL_CHANGED, input.locale);
  const body = t.body(input.username, input.email);
  const text = `${t.greeting(input.name)}\n\n${body}\n\n${t.warning}\n`;
  const html = `<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.warning)}</p>`;
  return { to: input.to, subject: t.subject, text, html, template: 'email-changed' };
}
