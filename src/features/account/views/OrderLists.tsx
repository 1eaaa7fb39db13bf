/**
 * Order lists (routes /account/orderlist and /account/orderlist/create, for customers with ROLE_MANAGE_ORDER_LISTS;
 * contract/provider/order-list.ts): the lists the buyer sees, their own private ones and the company's shared ones,
 * newest first, with search by name, the private/shared filter and the tag filter kept in the query string
 * (order-list-query.ts), paging by 20; columns name, privacy, created by, created at, item count and amount. The
 * create screen asks for the name (at most 100 characters), private or shared, and tags (comma-separated, at most 10
 * of 30 characters), then opens the new list.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIST_MAX_TAGS,
  ORDER_LIST_TAG_MAX_LENGTH,
  type OrderListOwnerType,
} from '../../../../contract/provider/order-list.ts';
import { OrderListFields, orderListNameError } from '../../../components/commerce/AddToOrderListDialog.tsx';
import { useAmount } from '../../../components/commerce/use-amount.ts';
import { Card, Checkbox, FormActions, Select, TextField } from '../../../components/ui/form.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import type { Translate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { createOrderList, listOrderLists, orderListPath } from '../../../lib/order-list/order-list-api.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { orderListUrl, toOrderListQuery, type OrderListFilterState } from '../order-list-query.ts';
import { CancelLink } from './CancelLink.tsx';

/** Tags typed as one comma-separated text: trimmed, empty ones dropped, the same name (case ignored) once. */
export function parseTagNames(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
}

/** The translated error of a tag text (at most 10 tags of at most 30 characters), or undefined. */
export function tagNamesError(text: string, t: Translate): string | undefined {
  const tags = parseTagNames(text);
  if (tags.length > ORDER_LIST_MAX_TAGS) return t('orderLists.tooManyTags', { max: ORDER_LIST_MAX_TAGS });
  if (tags.some((tag) => tag.length > ORDER_LIST_TAG_MAX_LENGTH))
    return t('orderLists.tagTooLong', { max: ORDER_LIST_TAG_MAX_LENGTH });
  return undefined;
}

/** The fields of the create and settings forms; the server's violations at one of them are shown there. */
export const ORDER_LIST_FORM_FIELDS = ['name', 'ownerType', 'tags'] as const;
type OrderListFormField = (typeof ORDER_LIST_FORM_FIELDS)[number];

/**
 * The translated errors of a list's name (orderListNameError: required, at most 100 characters) and its tag text
 * (tagNamesError); empty when both pass.
 */
export function orderListFormErrors(name: string, tags: string, t: Translate): FieldErrors<OrderListFormField> {
  const found: FieldErrors<OrderListFormField> = {};
  const nameError = orderListNameError(name, t);
  if (nameError) found.name = nameError;
  const tagError = tagNamesError(tags, t);
  if (tagError) found.tags = tagError;
  return found;
}

/** "Private" or "Shared" for a list's owner type. */
export function privacyLabel(ownerType: OrderListOwnerType, t: Translate): string {
  return t(ownerType === 'company' ? 'orderLists.shared' : 'orderLists.private');
}

/** The list screen: search, privacy and tag filters, the lists and the pager, and the link to create one. */
export function OrderLists() {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const { notifyError } = useNotify();
  const { query: filter, serialized, draft, update, setPage } = useUrlState(orderListUrl);
  const { data: result } = useResource(serialized, () => listOrderLists(toOrderListQuery(filter)), {
    keep: true,
    onError: (error) => {
      notifyError(error);
      return { elements: [], total: 0, page: 1, limit: ORDER_LIST_DEFAULT_LIMIT, tags: [] };
    },
  });

  const toggleTag = (id: string, on: boolean) =>
    update({ tagIds: on ? [...filter.tagIds, id] : filter.tagIds.filter((tag) => tag !== id) });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('orderLists.title')}</h1>
        <Link to="/account/orderlist/create" className="rounded bg-primary px-4 py-2 text-sm font-semibold text-white">
          {t('orderLists.create')}
        </Link>
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2 lg:max-w-2xl">
        <TextField
          type="search"
          label={t('orderLists.search')}
          value={draft.term}
          onValue={(term) => update({ term })}
        />
        <Select
          label={t('orderLists.privacy')}
          value={filter.ownerType}
          onValue={(ownerType) => update({ ownerType: ownerType as OrderListFilterState['ownerType'] })}
          options={[
            { value: '', label: t('orderLists.allLists') },
            { value: 'user', label: t('orderLists.private') },
            { value: 'company', label: t('orderLists.shared') },
          ]}
        />
      </div>
      {result && result.tags.length > 0 && (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">{t('orderLists.tags')}</legend>
          <div className="flex flex-wrap gap-x-4">
            {result.tags.map((tag) => (
              <Checkbox
                key={tag.id}
                label={tag.name}
                checked={filter.tagIds.includes(tag.id)}
                onChecked={(on) => toggleTag(tag.id, on)}
              />
            ))}
          </div>
        </fieldset>
      )}
      <ListResult result={result} emptyText={t('orderLists.empty')}>
        {(lists) => (
          <ScrollTable label={t('orderLists.title')} minWidth="min-w-[44rem]">
            <TableHead
              columns={[
                { label: t('orderLists.nameColumn') },
                { label: t('orderLists.privacy') },
                { label: t('orderLists.createdBy') },
                { label: t('orderLists.createdAt') },
                { label: t('orderLists.itemCount'), numeric: true },
                { label: t('orderLists.amount'), numeric: true, cell: 'py-2' },
              ]}
            />
            <tbody>
              {lists.map((list) => (
                <tr key={list.id} className="border-b border-gray-100">
                  <td className="py-2 pr-3">
                    <Link to={orderListPath(list.id)} className="font-medium text-primary hover:underline">
                      {list.name}
                    </Link>
                    {list.tags.length > 0 && (
                      <span className="block text-xs text-gray-600">{list.tags.map((tag) => tag.name).join(', ')}</span>
                    )}
                  </td>
                  <td className="py-2 pr-3">{privacyLabel(list.ownerType, t)}</td>
                  <td className="py-2 pr-3">{`${list.createdBy.firstName} ${list.createdBy.lastName}`}</td>
                  <td className="py-2 pr-3">{formatDate(list.createdAt, locale)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{list.itemCount}</td>
                  <td className="py-2 text-right tabular-nums">{list.amount === null ? '–' : amount(list.amount)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </ListResult>
      <Pager page={filter.page} total={result?.total ?? 0} pageSize={ORDER_LIST_DEFAULT_LIMIT} onPage={setPage} />
    </div>
  );
}

/** The create screen: name, private or shared, tags; opens the new list. */
export function OrderListCreate() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const [name, setName] = useState('');
  const [ownerType, setOwnerType] = useState<OrderListOwnerType>('user');
  const [tags, setTags] = useState('');
  const [errors, setErrors] = useState<FieldErrors<OrderListFormField>>({});
  const { busy, run } = useAction(
    async () => {
      const list = await createOrderList({ name: name.trim(), ownerType, tags: parseTagNames(tags) });
      notify('success', t('general.success'), t('orderLists.created', { name: list.name }));
      void navigate(orderListPath(list.id));
    },
    { fields: ORDER_LIST_FORM_FIELDS, onFieldErrors: setErrors },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = orderListFormErrors(name, tags, t);
    setErrors(found);
    if (Object.keys(found).length === 0) run(undefined);
  }

  return (
    <Card title={t('orderLists.create')}>
      <form method="post" noValidate onSubmit={submit} className="max-w-xl">
        <OrderListFields
          name={name}
          onName={setName}
          ownerType={ownerType}
          onOwnerType={setOwnerType}
          errors={errors}
        />
        <TextField label={t('orderLists.tagsField')} value={tags} onValue={setTags} error={errors.tags} />
        <FormActions
          busy={busy}
          submitLabel={t('orderLists.createSubmit')}
          cancel={<CancelLink to="/account/orderlist" />}
        />
      </form>
    </Card>
  );
}
