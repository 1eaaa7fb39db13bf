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
