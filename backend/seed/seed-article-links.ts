/**
 * Demo article links (docs/decisions/017): each demo company of the ERP history (./seed-erp.ts, Bouwbedrijf Peeters
 * and Huber Metallbau) gets a link for each of the history's first DEMO_LINKED_ARTICLES articles, with exactly the
 * customer article number its ERP order and offer lines carry (`demoCustomerArticleNumber`: BP-1000, BP-1007, …;
 * HM-1000, …). So the numbers a buyer reads in the order history are the ones search, quick order and the account's
 * article links know.
 *
 * Seeded once per company: a company that has any article link (its own or seeded) is left alone, so numbers the
 * buyer changed or deleted stay as the buyer left them. A company that does not exist, or a catalogue without
 * articles, seeds nothing.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { articleLinkTable, companyTable } from '../db/schema/index.ts';
import { demoCompanyId } from './seed-customers.ts';
import { DEMO_ERP_COMPANIES, DEMO_LINKED_ARTICLES, demoCustomerArticleNumber, loadArticles } from './seed-erp.ts';
import { stableId } from '../lib/ids.ts';

/** Stable id of a demo link: company key and article index. */
export const demoArticleLinkId = (company: string, index: number): string =>
  stableId('demo-article-link', `${company}:${index}`);

/**
 * Seeds the demo companies' article links (see the module comment).
 *
 * @returns the keys of the companies seeded now and the number of links written.
 */
export async function seedDemoArticleLinks(db: Db): Promise<{ companies: string[]; links: number }> {
  const result = { companies: [] as string[], links: 0 };
  let articles: Awaited<ReturnType<typeof loadArticles>> | null = null;
  for (const demo of DEMO_ERP_COMPANIES) {
    const companyId = demoCompanyId(demo.key);
    const [company] = await db.select({ id: companyTable.id }).from(companyTable).where(eq(companyTable.id, companyId));
    if (!company) continue;
    const [existing] = await db
      .select({ n: count() })
      .from(articleLinkTable)
      .where(eq(articleLinkTable.companyId, companyId));
    if ((existing?.n ?? 0) > 0) continue;
    articles ??= await loadArticles(db);
    const values = articles.slice(0, DEMO_LINKED_ARTICLES).map((article, index) => ({
      id: demoArticleLinkId(demo.key, index),
      companyId,
      productId: article.id,
      customerSku: demoCustomerArticleNumber(demo, index)!,
    }));
    if (!values.length) continue;
    const written = await db
      .insert(articleLinkTable)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: articleLinkTable.id });
    result.companies.push(demo.key);
    result.links += written.length;
  }
  return result;
}
