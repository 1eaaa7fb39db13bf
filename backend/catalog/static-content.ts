/**
 * Static content of the shop, written on every start because parts of it follow the configured domains:
 * the service navigation (depth 2), the footer navigation (depth 1), the countries navigation (the header's country
 * picker: the first item of the countries navigation is the button label; its children are countries, each
 * expanding an accordion of its sub-links), and the content pages 'agb', 'datenschutz' and 'home' with their
 * landing-page SEO URLs (`/agb`, `/datenschutz` in every language).
 *
 * Navigation links: `type 'link'` with `linkType 'landing_page'` and `internalLink` = cms page id for the content
 * pages, or `linkType 'external'` with `translated[locale].externalLink`. An external link without a scheme
 * (e.g. `/kontakt`) is a path on the current domain, to be prefixed with that domain's URL by the storefront.
 *
 * CMS page texts live in `cms_page.translated[locale]` as `{ name, metaTitle, metaDescription, sections }`,
 * where `sections` follows Shopware's cmsPage shape: sections → blocks → slots, the text slot carrying HTML in
 * `config.content.value`.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { bumpCacheVersion } from '../db/cache-version.ts';
import type { BackendConfig } from '../config.ts';
import { categoryTable, cmsPageTable, seoUrlTable } from '../db/schema/index.ts';
import { LANGUAGES, languageId, ROOT_CATEGORY_IDS, SALES_CHANNEL_ID } from '../db/seed-channel.ts';
import type { CategoryTranslation } from '../db/schema/category.ts';
import { stableId } from '../lib/ids.ts';
import { refreshCategoryTree } from './writer/refresh.ts';
import { LANGUAGE_NAMES, LOCALE_CODES } from '../../contract/locales.ts';

type T4 = readonly [string, string, string, string];

/** Id of a static navigation item by key. */
const staticCategoryId = (key: string): string => stableId('category', `static:nav:${key}`);
/** Id of a content page by key ('agb', 'datenschutz', 'home'). */
export const cmsPageId = (key: string): string => stableId('cms-page', key);

interface NavItem {
  key: string;
  name: T4;
  /** Path on the current domain or absolute URL, same for every locale, or one per locale. */
  href?: string | T4;
  /** Content page the item links to. */
  page?: string;
  newTab?: boolean;
  children?: NavItem[];
}

const SERVICE_NAV: NavItem[] = [
  {
    key: 'service',
    name: ['Service', 'Service', 'Service', 'Service'],
    children: [
      { key: 'service/contact', name: ['Kontakt', 'Contact', 'Contact', 'Contact'], href: '/kontakt' },
      {
        key: 'service/downloads',
        name: ['Downloads', 'Downloads', 'Téléchargements', 'Downloads'],
        href: '/downloads',
      },
      {
        key: 'service/brands',
        name: ['Marken & Hersteller', 'Brands & manufacturers', 'Marques et fabricants', 'Merken en fabrikanten'],
        href: '/marken',
      },
      { key: 'service/blog', name: ['Blog', 'Blog', 'Blog', 'Blog'], href: '/blog' },
    ],
  },
  {
    key: 'about',
    name: ['Über uns', 'About us', 'À propos', 'Over ons'],
    children: [
      { key: 'about/company', name: ['Unternehmen', 'Company', 'Entreprise', 'Bedrijf'], href: '/unternehmen' },
      { key: 'about/locations', name: ['Standorte', 'Locations', 'Sites', 'Vestigingen'], href: '/standorte' },
      { key: 'about/careers', name: ['Karriere', 'Careers', 'Carrières', 'Vacatures'], href: '/karriere' },
    ],
  },
];

const FOOTER_NAV: NavItem[] = [
  {
    key: 'footer/agb',
    name: ['AGB', 'Terms and conditions', 'Conditions générales', 'Algemene voorwaarden'],
    page: 'agb',
    newTab: true,
  },
  {
    key: 'footer/privacy',
    name: ['Datenschutz', 'Privacy policy', 'Protection des données', 'Privacybeleid'],
    page: 'datenschutz',
    newTab: true,
  },
  {
    key: 'footer/imprint',
    name: ['Impressum', 'Legal notice', 'Mentions légales', 'Colofon'],
    href: '/impressum',
    newTab: true,
  },
  { key: 'footer/contact', name: ['Kontakt', 'Contact', 'Contact', 'Contact'], href: '/kontakt', newTab: true },
];

/**
 * The countries navigation from the configured domains: domains are grouped by origin in configuration order; the
 * first origin is Belgium (one sub-link per language domain), the second Austria (a direct link), matching
 * `defaultDomains` (SHOP_URL_BE, SHOP_URL_AT).
 */
function countriesNav(config: BackendConfig): NavItem[] {
  const origins: string[] = [];
  const byOrigin = new Map<string, BackendConfig['domains']>();
  for (const d of config.domains) {
    const origin = new URL(d.url).origin;
    if (!byOrigin.has(origin)) origins.push(origin);
    byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), d]);
  }
  const belgium = byOrigin.get(origins[0] ?? '') ?? [];
  const austria = byOrigin.get(origins[1] ?? '') ?? [];
  const countries: NavItem[] = [
    {
      key: 'countries/be',
      name: ['Belgien', 'Belgium', 'Belgique', 'België'],
      children: belgium.map((d) => ({
        key: `countries/be/${d.locale}`,
        name: [
          LANGUAGE_NAMES[d.locale],
          LANGUAGE_NAMES[d.locale],
          LANGUAGE_NAMES[d.locale],
          LANGUAGE_NAMES[d.locale],
        ] as const,
        href: d.url,
      })),
    },
  ];
  if (austria[0])
    countries.push({
      key: 'countries/at',
      name: ['Österreich', 'Austria', 'Autriche', 'Oostenrijk'],
      href: austria[0].url,
    });
  return [
    { key: 'countries', name: ['Land wählen', 'Choose country', 'Choisir le pays', 'Kies land'], children: countries },
  ];
}

interface PageDef {
  key: string;
  type: string;
  title: T4;
  /** HTML per locale. */
  html: T4;
}

const PAGES: PageDef[] = [
  {
    key: 'agb',
    type: 'page',
    title: [
      'Allgemeine Geschäftsbedingungen',
      'Terms and conditions',
      'Conditions générales de vente',
      'Algemene voorwaarden',
    ],
    html: [
      '<h2>1. Geltungsbereich</h2><p>Diese Bedingungen gelten für alle Bestellungen von Unternehmen über diesen Shop. Wir verkaufen ausschließlich an gewerbliche Kunden.</p><h2>2. Preise</h2><p>Alle Preise verstehen sich netto zuzüglich der gesetzlichen Mehrwertsteuer. Staffelpreise gelten ab der angegebenen Menge.</p><h2>3. Lieferung</h2><p>Lieferzeiten sind Arbeitstage ab Auftragsbestätigung. Ist ein Artikel nicht vorrätig, verlängert sich die Lieferzeit um die Wiederbeschaffungszeit.</p><h2>4. Zahlung</h2><p>Die Zahlung erfolgt auf Rechnung innerhalb von 30 Tagen.</p>',
      '<h2>1. Scope</h2><p>These terms apply to all orders placed by businesses in this shop. We sell to business customers only.</p><h2>2. Prices</h2><p>All prices are net, plus statutory VAT. Tier prices apply from the stated quantity.</p><h2>3. Delivery</h2><p>Delivery times are working days from order confirmation. If an article is out of stock, the restock time is added.</p><h2>4. Payment</h2><p>Payment is by invoice within 30 days.</p>',
      '<h2>1. Champ d’application</h2><p>Les présentes conditions s’appliquent à toutes les commandes passées par des entreprises dans cette boutique. Nous vendons exclusivement aux clients professionnels.</p><h2>2. Prix</h2><p>Tous les prix s’entendent hors TVA. Les prix dégressifs s’appliquent à partir de la quantité indiquée.</p><h2>3. Livraison</h2><p>Les délais de livraison sont exprimés en jours ouvrables à compter de la confirmation de commande. Si un article n’est pas en stock, le délai de réapprovisionnement s’ajoute.</p><h2>4. Paiement</h2><p>Le paiement s’effectue sur facture sous 30 jours.</p>',
      '<h2>1. Toepassingsgebied</h2><p>Deze voorwaarden gelden voor alle bestellingen van bedrijven in deze winkel. Wij verkopen uitsluitend aan zakelijke klanten.</p><h2>2. Prijzen</h2><p>Alle prijzen zijn exclusief btw. Staffelprijzen gelden vanaf de vermelde hoeveelheid.</p><h2>3. Levering</h2><p>Levertijden zijn werkdagen vanaf de orderbevestiging. Is een artikel niet op voorraad, dan komt de aanvultijd erbij.</p><h2>4. Betaling</h2><p>Betaling op factuur binnen 30 dagen.</p>',
    ],
  },
  {
    key: 'datenschutz',
    type: 'page',
    title: ['Datenschutzerklärung', 'Privacy policy', 'Politique de confidentialité', 'Privacyverklaring'],
    html: [
      '<h2>Verantwortlicher</h2><p>Verantwortlich für die Verarbeitung Ihrer Daten ist der Betreiber dieses Shops.</p><h2>Zweck der Verarbeitung</h2><p>Wir verarbeiten Ihre Daten, um Bestellungen, Angebote und Ihr Kundenkonto abzuwickeln (Art. 6 Abs. 1 lit. b DSGVO).</p><h2>Cookies</h2><p>Wir setzen nur technisch notwendige Cookies, etwa für Ihre Sitzung und Ihren Warenkorb.</p><h2>Ihre Rechte</h2><p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Einschränkung der Verarbeitung.</p>',
      '<h2>Controller</h2><p>The operator of this shop is responsible for processing your data.</p><h2>Purpose</h2><p>We process your data to handle orders, quotes and your customer account (Art. 6(1)(b) GDPR).</p><h2>Cookies</h2><p>We only set technically necessary cookies, such as for your session and your cart.</p><h2>Your rights</h2><p>You have the right to access, rectification, erasure and restriction of processing.</p>',
      '<h2>Responsable du traitement</h2><p>L’exploitant de cette boutique est responsable du traitement de vos données.</p><h2>Finalité</h2><p>Nous traitons vos données pour gérer les commandes, les offres et votre compte client (art. 6, par. 1, point b du RGPD).</p><h2>Cookies</h2><p>Nous n’utilisons que des cookies techniquement nécessaires, par exemple pour votre session et votre panier.</p><h2>Vos droits</h2><p>Vous disposez d’un droit d’accès, de rectification, d’effacement et de limitation du traitement.</p>',
      '<h2>Verwerkingsverantwoordelijke</h2><p>De exploitant van deze winkel is verantwoordelijk voor de verwerking van uw gegevens.</p><h2>Doel</h2><p>Wij verwerken uw gegevens om bestellingen, offertes en uw klantaccount af te handelen (art. 6, lid 1, onder b AVG).</p><h2>Cookies</h2><p>Wij plaatsen alleen technisch noodzakelijke cookies, bijvoorbeeld voor uw sessie en uw winkelwagen.</p><h2>Uw rechten</h2><p>U hebt recht op inzage, rectificatie, wissing en beperking van de verwerking.</p>',
    ],
  },
  {
    key: 'home',
    type: 'landingpage',
    title: ['Startseite', 'Home', 'Accueil', 'Home'],
    html: [
      '<h1>Werkbank – Ihr Partner für Werkzeug und Industriebedarf</h1><p>Über 400.000 Artikel für Werkstatt, Montage und Produktion, mit Staffelpreisen, Bestelllisten und Freigabeprozessen für Ihr Unternehmen.</p>',
      '<h1>Werkbank – your partner for tools and industrial supplies</h1><p>Over 400,000 articles for workshop, assembly and production, with tier prices, order lists and approval flows for your company.</p>',
      '<h1>Werkbank – votre partenaire pour l’outillage et les fournitures industrielles</h1><p>Plus de 400 000 articles pour l’atelier, le montage et la production, avec prix dégressifs, listes de commande et circuits de validation pour votre entreprise.</p>',
      '<h1>Werkbank – uw partner voor gereedschap en industriële benodigdheden</h1><p>Meer dan 400.000 artikelen voor werkplaats, montage en productie, met staffelprijzen, bestellijsten en goedkeuringsprocessen voor uw bedrijf.</p>',
    ],
  },
];

/** SEO paths of the content pages that have one: /agb (terms) and /datenschutz (privacy), German paths in every language. */
const PAGE_SEO_PATHS: Record<string, string> = { agb: 'agb', datenschutz: 'datenschutz' };

function navRows(items: NavItem[], parentId: string): (typeof categoryTable.$inferInsert)[] {
  const rows: (typeof categoryTable.$inferInsert)[] = [];
  items.forEach((item, position) => {
    const id = staticCategoryId(item.key);
    const translated: Record<string, CategoryTranslation> = {};
    LOCALE_CODES.forEach((locale, i) => {
      const t: CategoryTranslation = { name: item.name[i]! };
      if (item.href !== undefined) t.externalLink = typeof item.href === 'string' ? item.href : item.href[i]!;
      translated[locale] = t;
    });
    const isLink = item.href !== undefined || item.page !== undefined;
    rows.push({
      id,
      parentId,
      position,
      type: isLink ? 'link' : 'folder',
      linkType: item.page ? 'landing_page' : isLink ? 'external' : null,
      internalLink: item.page ? cmsPageId(item.page) : null,
      linkNewTab: item.newTab ?? false,
      translated,
      source: 'static',
      externalId: `nav:${item.key}`,
    });
    if (item.children) rows.push(...navRows(item.children, id));
  });
  return rows;
}

function pageTranslations(page: PageDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  LOCALE_CODES.forEach((locale, i) => {
    out[locale] = {
      name: page.title[i],
      metaTitle: page.title[i],
      metaDescription: page.html[i]!.replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 160),
      sections: [
        {
          type: 'default',
          position: 0,
          blocks: [
            {
              type: 'text',
              position: 0,
              slots: [
                { slot: 'content', type: 'text', config: { content: { source: 'static', value: page.html[i] } } },
              ],
            },
          ],
        },
      ],
    };
  });
  return out;
}

/**
 * (Re)writes the static navigations, content pages and their SEO URLs. Idempotent: stable ids, upserts that leave
 * unchanged rows alone, and static navigation items that are no longer configured are deleted. When any row changed,
 * bumps the `catalog` cache version (backend/db/cache-version.ts), so running processes drop their navigation trees
 * and pages; an unchanged start bumps nothing. Call after `seedSalesChannel`.
 *
 * @returns whether anything changed.
 */
export async function writeStaticContent(
  db: Db,
  config: BackendConfig,
  salesChannelId: string = SALES_CHANNEL_ID,
): Promise<boolean> {
  const rows = [
    ...navRows(SERVICE_NAV, ROOT_CATEGORY_IDS.service),
    ...navRows(FOOTER_NAV, ROOT_CATEGORY_IDS.footer),
    ...navRows(countriesNav(config), ROOT_CATEGORY_IDS.countries),
  ];
  let changed = 0;
  changed += (
    await db
      .insert(categoryTable)
      .values(rows)
      .onConflictDoUpdate({
        target: categoryTable.id,
        set: {
          parentId: sql`excluded.parent_id`,
          position: sql`excluded.position`,
          type: sql`excluded.type`,
          linkType: sql`excluded.link_type`,
          internalLink: sql`excluded.internal_link`,
          linkNewTab: sql`excluded.link_new_tab`,
          translated: sql`excluded.translated`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(category.parent_id, category.position, category.type, category.link_type, category.internal_link,
                       category.link_new_tab, category.translated)
          IS DISTINCT FROM (excluded.parent_id, excluded.position, excluded.type, excluded.link_type,
                            excluded.internal_link, excluded.link_new_tab, excluded.translated)`,
      })
      .returning({ id: categoryTable.id })
  ).length;
  const keep = rows.map((r) => r.externalId!);
  changed += (
    await queryRows(
      db,
      sql`DELETE FROM category WHERE source = 'static' AND external_id LIKE 'nav:%' AND NOT (external_id = ANY(${sql.param(keep)}::text[])) RETURNING id`,
    )
  ).length;
  await refreshCategoryTree(db);

  for (const page of PAGES) {
    changed += (
      await db
        .insert(cmsPageTable)
        .values({ id: cmsPageId(page.key), type: page.type, key: page.key, translated: pageTranslations(page) })
        .onConflictDoUpdate({
          target: cmsPageTable.id,
          set: { type: sql`excluded.type`, translated: sql`excluded.translated`, updatedAt: sql`now()` },
          setWhere: sql`(cms_page.type, cms_page.translated) IS DISTINCT FROM (excluded.type, excluded.translated)`,
        })
        .returning({ id: cmsPageTable.id })
    ).length;
  }

  const seoRows: (typeof seoUrlTable.$inferInsert)[] = [];
  for (const [key, path] of Object.entries(PAGE_SEO_PATHS)) {
    const id = cmsPageId(key);
    for (const { locale } of LANGUAGES) {
      const lang = languageId(locale);
      seoRows.push({
        id: stableId('seo-url', `${salesChannelId}:${lang}:${path}`),
        salesChannelId,
        languageId: lang,
        foreignKey: id,
        routeName: 'frontend.landing.page',
        pathInfo: `/landingPage/${id}`,
        seoPathInfo: path,
        isCanonical: true,
      });
    }
  }
  // Category paths always end with '/', so these fixed paths never collide with them.
  changed += (
    await db
      .insert(seoUrlTable)
      .values(seoRows)
      .onConflictDoUpdate({
        target: seoUrlTable.id,
        set: {
          foreignKey: sql`excluded.foreign_key`,
          pathInfo: sql`excluded.path_info`,
          isCanonical: sql`true`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(seo_url.foreign_key, seo_url.path_info, seo_url.is_canonical)
          IS DISTINCT FROM (excluded.foreign_key, excluded.path_info, true)`,
      })
      .returning({ id: seoUrlTable.id })
  ).length;
  if (changed > 0) await bumpCacheVersion(db, 'catalog');
  return changed > 0;
}
