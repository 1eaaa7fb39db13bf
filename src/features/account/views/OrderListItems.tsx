/**
 * The items of one order list (OrderListDetail.tsx; contract/provider/order-list.ts): putting an article on the list
 * by its article number (POST `…/items` mode 'add') and the table of its items with article number, the company's own
 * article number where one is linked, name linking to the product page, the quantity (editable: at least the minimum
 * purchase, on the purchase step grid, at most the maximum purchase, src/lib/quantity.ts; saved with POST `…/items`
 * mode 'set'), pack unit, delivery time, stock, ecotax, unit price and total, and removing an item (DELETE `…/items`).
 */
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import {
  ORDER_LIST_MAX_QUANTITY,
  type OrderListDetail as OrderList,
  type OrderListItem,
} from '../../../../contract/provider/order-list.ts';
import { useAmount } from '../../../components/commerce/use-amount.ts';
import { Button, TextField } from '../../../components/ui/form.tsx';
import { ListResult } from '../../../components/ui/ListKit.tsx';
import { RowThumbnail } from '../../../components/ui/RowThumbnail.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { deliveryTimeLabel } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { putOrderListItems, removeOrderListItems } from '../../../lib/order-list/order-list-api.ts';
import { parseQuantity, validateQuantity, type QuantityRules } from '../../../lib/quantity.ts';

/** The purchase rules of an item (defaults 1 and 1; the list's own ceiling of 100,000). */
function itemRules(item: OrderListItem): QuantityRules {
  return {
    min: item.minPurchase > 0 ? item.minPurchase : 1,
    max: Math.min(item.maxPurchase ?? ORDER_LIST_MAX_QUANTITY, ORDER_LIST_MAX_QUANTITY),
    step: item.purchaseSteps > 0 ? item.purchaseSteps : 1,
  };
}

/** The quantity of one item: saved when the field loses focus or on Enter, if it follows the article's rules. */
function QuantityField({
  item,
  busy,
  onSave,
}: {
  item: OrderListItem;
  busy: boolean;
  onSave: (quantity: number) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState(String(item.quantity));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(item.quantity)), [item.quantity]);
  const rules = itemRules(item);

  const commit = () => {
    const quantity = parseQuantity(text);
    if (quantity === null || validateQuantity(quantity, rules) !== null || !Number.isInteger(quantity)) {
      setError(t('orderLists.quantityInvalid', { min: rules.min, step: rules.step }));
      return;
    }
    setError(null);
    if (quantity !== item.quantity) onSave(quantity);
  };
  return (
    <div className="w-24">
      <label htmlFor={id} className="sr-only">
        {t('orderLists.quantityOf', { name: item.name })}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={text}
        disabled={busy}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded border px-2 py-1 text-right tabular-nums ${error ? 'border-primary' : 'border-line'}`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-primary">
          {error}
        </p>
      )}
    </div>
  );
}

/** Puts an article on the list by its article number, with a quantity (default 1). */
function AddArticle({ list, onSaved }: { list: OrderList; onSaved: (list: OrderList) => void }) {
  const { t } = useI18n();
  const { notify } = useNotify();
  const [productNumber, setProductNumber] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<FieldErrors<'productNumber' | 'quantity'>>({});
  const { busy, run } = useAction(
    async (item: { productNumber: string; quantity: number }) => {
      const saved = await putOrderListItems(list.id, [item], 'add');
      notify('success', t('general.success'), t('orderLists.articleAdded', { number: item.productNumber }));
      setProductNumber('');
      setQuantity('1');
      onSaved(saved);
    },
    { fields: ['items'] as const, onFieldErrors: (found) => setErrors({ productNumber: found.items }) },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const number = productNumber.trim();
    const amount = parseQuantity(quantity);
    const found: FieldErrors<'productNumber' | 'quantity'> = {};
    if (!number) found.productNumber = t('validation.required');
    if (amount === null || !Number.isInteger(amount) || amount < 1 || amount > ORDER_LIST_MAX_QUANTITY)
      found.quantity = t('orderLists.quantityRange', { max: ORDER_LIST_MAX_QUANTITY });
    setErrors(found);
    if (Object.keys(found).length === 0 && amount !== null) run({ productNumber: number, quantity: amount });
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      aria-label={t('orderLists.addArticle')}
      className="flex flex-wrap items-end gap-x-3"
    >
      <TextField
        label={t('orderLists.articleNumber')}
        value={productNumber}
        onValue={setProductNumber}
        error={errors.productNumber}
        maxLength={64}
        className="mb-4 w-full sm:w-56"
      />
      <TextField
        label={t('orderLists.quantity')}
        inputMode="numeric"
        value={quantity}
        onValue={setQuantity}
        error={errors.quantity}
        className="mb-4 w-28"
      />
      <div className="mb-4">
        <Button type="submit" busy={busy}>
          {t('orderLists.addArticle')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The items section: heading, AddArticle and the items (the list's `noItems` text when it has none); `onSaved` gets
 * the list as the server answered each change.
 */
export function OrderListItems({ list, onSaved }: { list: OrderList; onSaved: (list: OrderList) => void }) {
  const { t, quantity: withUnit } = useI18n();
  const amount = useAmount();
  const items = useAction(async (change: () => Promise<OrderList>) => onSaved(await change()));
  const withCustomerNumbers = list.items.some((item) => item.customerArticleNumber);
  const money = (value: number | null) => (value === null ? '–' : amount(value));
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('orderLists.items')}</h2>
      <AddArticle list={list} onSaved={onSaved} />
      <ListResult result={{ elements: list.items, total: list.items.length }} emptyText={t('orderLists.noItems')}>
        {(shown) => (
          <ScrollTable label={t('orderLists.items')} minWidth="min-w-[60rem]">
            <TableHead
              columns={[
                { key: 'articleNumber', label: t('orderLists.articleNumber') },
                withCustomerNumbers && { key: 'customerArticleNumber', label: t('orderLists.customerArticleNumber') },
                { key: 'name', label: t('orderLists.nameColumn') },
                { key: 'quantity', label: t('orderLists.quantity') },
                { key: 'packUnit', label: t('orderLists.packUnit') },
                { key: 'deliveryTime', label: t('orderLists.deliveryTime') },
                { key: 'stock', label: t('orderLists.stock'), numeric: true },
                { key: 'ecotax', label: t('orderLists.ecotax'), numeric: true },
                { key: 'unitPrice', label: t('orderLists.unitPrice'), numeric: true },
                { key: 'total', label: t('orderLists.total'), numeric: true },
                { key: 'actions', label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
              ]}
            />
            <tbody>
              {shown.map((item) => (
                <tr key={item.productId} className="border-b border-gray-100 align-top">
                  <td className="py-2 pr-3 font-mono">{item.productNumber}</td>
                  {withCustomerNumbers && <td className="py-2 pr-3 font-mono">{item.customerArticleNumber ?? ''}</td>}
                  <td className="py-2 pr-3">
                    <div className="flex items-start gap-3">
                      <RowThumbnail cover={item.cover} />
                      <div>
                        {item.url ? (
                          <Link
                            to={`/${item.url.replace(/^\/+/, '')}`}
                            reloadDocument
                            className="text-primary hover:underline"
                          >
                            {item.name}
                          </Link>
                        ) : (
                          item.name
                        )}
                        {!item.available && (
                          <span className="block text-xs text-primary">{t('orderLists.unavailable')}</span>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="py-2 pr-3">
                    <QuantityField
                      item={item}
                      busy={items.busy}
                      onSave={(quantity) =>
                        items.run(() => putOrderListItems(list.id, [{ productId: item.productId, quantity }], 'set'))
                      }
                    />
                  </td>
                  <td className="py-2 pr-3">{withUnit(1, item.packUnit)}</td>
                  <td className="py-2 pr-3">{item.deliveryTime ? deliveryTimeLabel(t, item.deliveryTime) : '–'}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{item.stock ?? '–'}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(item.ecotax)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(item.unitPrice)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(item.totalPrice)}</td>
                  <td className="py-2 text-right">
                    <Button
                      kind="danger"
                      disabled={items.busy}
                      onClick={() => items.run(() => removeOrderListItems(list.id, [item.productId]))}
                    >
                      <span aria-hidden="true">{t('account.delete')}</span>
                      <span className="sr-only">{t('orderLists.removeNamed', { name: item.name })}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </ListResult>
    </div>
  );
}
