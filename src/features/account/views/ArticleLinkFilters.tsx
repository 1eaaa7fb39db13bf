/**
 * The article links list's query string and its search (ArticleLinks.tsx): `?term=…&sort=…&order=…&page=…`, so a
 * reload or a shared link shows the same page. The term is typed into the search field and reaches the URL after
 * QUERY_DEBOUNCE_MS (src/lib/url-state.ts); sort and order are chosen in the table's headings.
 */
import { ARTICLE_LINK_SORTS } from '../../../../contract/provider/article-link.ts';
import { TextField } from '../../../components/ui/form.tsx';
import { useI18n } from '../../../i18n/react.tsx';
import { choiceParam, pageParam, textParam, urlCodec } from '../../../lib/url-state.ts';

/** A column the list sorts by (contract ARTICLE_LINK_SORTS). */
export type ArticleLinkSort = (typeof ARTICLE_LINK_SORTS)[number];

/**
 * The list's query string: term, sort (unset reads as customerSku), order ('desc', anything else reads as asc) and
 * page (default 1). A sort chosen in the table is written with its order, even the default one.
 */
export const articleLinkListUrl = urlCodec({
  term: textParam(),
  sort: choiceParam(ARTICLE_LINK_SORTS),
  order: choiceParam(['asc', 'desc']),
  page: pageParam(),
});

/** The search by number or article name; `term` is the form's draft, `onTerm` gets what the customer types. */
export function ArticleLinkSearch({ term, onTerm }: { term: string; onTerm: (term: string) => void }) {
  const { t } = useI18n();
  return (
    <div className="max-w-md">
      <TextField type="search" label={t('articleLinks.search')} value={term} onValue={onTerm} />
    </div>
  );
}
