/**
 * The storefront's own hydration directive (src/lib/session/session-directive.ts, registered in astro.config.mjs):
 * `client:session` hydrates once the visitor is logged in; its value lists further triggers (`interaction`,
 * `event:{name}`, `pending:{sessionStorage key}`).
 */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:session'?: boolean | string;
  }
}
