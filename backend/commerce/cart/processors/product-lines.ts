/**
 * Product lines (Shopware's product cart processor): each stored line is priced at the tier for its quantity,
 * customer price over list price (backend/lib/price.ts), unless a processor ahead of it set the price (offers,
 * ./offers.ts). A line whose product cannot be ordered (backend/commerce/catalog/orderable.ts `isOrderable`) is
 * left out and reported as the level-20 error `product-not-found` (the cart routes then remove it).
 *
 * Money: integer euro cents; a line total is unit price × quantity rounded half-up once per line. Stock is given to
 * the lines of an article in their order; what a line gets beyond it is its backorder (none for a closeout article).
 * Each line's VAT rate is the delivery country's for the product's tax class (backend/lib/vat-rates.ts). Each line's
 * payload names the company's own article number (`customerArticleNumber`, docs/decisions/017) or null.
 *
 * Minimum, maximum, purchase step and a closeout's stock hold per article over all its lines (Shopware's product cart
 * processor since CVE-2023-22730 / GHSA-8r6h-m72v-38fg), so splitting an article over several lines orders no more
 * than one line: an error is reported on every line of the article (`{messageKey}-{lineId}`).
 */
import { lineTotalCents, formatUnitPrice, unitPriceForQuantity } from '../../../lib/price.ts';
import { translateField } from '../../../lib/translate.ts';
import { vatRateFor } from '../../../lib/vat-rates.ts';
import type { StoreLineItemPayload } from '../cart-schemas.ts';
import type { ProductRow } from '../../catalog/product.repository.ts';
import { isOrderable } from '../../catalog/orderable.ts';
import type { CartErrorEntry } from '../cart-model.ts';
import type { CartProcessor } from '../processor.ts';
import { purchaseRules } from '../purchase-rules.ts';

/**
 * The quantity rules of one article over all its lines (module comment): minimum purchase, maximum purchase,
 * purchase steps counted from the minimum, and stock (a backorder warning for ordinary articles, an error for
 * closeouts), each checked on `quantity`, the sum of the article's lines. `quantity` in the error is the limit the
 * article's lines together must keep.
 */
export function checkQuantity(
  product: Pick<ProductRow, 'minPurchase' | 'purchaseSteps' | 'maxPurchase' | 'availableStock' | 'isCloseout'>,
  lineIds: readonly string[],
  quantity: number,
  name: string,
  error: (e: CartErrorEntry) => void,
): void {
  const { min, steps } = purchaseRules(product);
  const together = lineIds.length > 1 ? ` (all ${lineIds.length} lines of it together)` : '';
  const report = (e: Omit<CartErrorEntry, 'key' | 'id' | 'name'>) => {
    for (const lineId of lineIds) error({ ...e, key: `${e.messageKey}-${lineId}`, id: lineId, name });
  };
  if (quantity < min) {
    report({
      messageKey: 'min-order-quantity',
      level: 20,
      message: `${name} can only be ordered from ${min} units${together}.`,
      quantity: min,
    });
  }
  if (product.maxPurchase !== null && quantity > product.maxPurchase) {
    report({
      messageKey: 'product-max-purchase',
      level: 20,
      message: `${name} can be ordered at most ${product.maxPurchase} times per order${together}.`,
      quantity: product.maxPurchase,
    });
  }
  if (quantity >= min && (quantity - min) % steps !== 0) {
    const lower = quantity - ((quantity - min) % steps);
    report({
      messageKey: 'purchase-steps-quantity',
      level: 20,
      message: `${name} is sold in steps of ${steps} from ${min}: order ${lower} or ${lower + steps}${together}.`,
      quantity: lower,
    });
  }
  const available = Math.max(0, product.availableStock);
  if (quantity > available) {
    report({
      messageKey: 'product-stock-reached',
      level: product.isCloseout ? 20 : 10,
      message: product.isCloseout
        ? `Only ${available} units of ${name} are left and it will not be restocked${together}.`
        : `Only ${available} units of ${name} are in stock${together}: the other ${quantity - available} follow as a backorder.`,
      quantity: available,
    });
  }
}

/** The product line processor (module comment). */
export const productLineProcessor: CartProcessor = {
  name: 'product-lines',
  process(calculation) {
    const { inputs, model, locale, now, lineAdjustments, lineSources } = calculation;
    const error = (e: CartErrorEntry) => calculation.addError(e);
    const parents = new Map(inputs.parentRows.map((p) => [p.id, p]));
    const byId = new Map(inputs.products.map((p) => [p.id, p]));
    /** The lines of each article (several when added with other line ids, from an offer, …), for its purchase rules. */
    const articles = new Map<string, { product: ProductRow; name: string; lineIds: string[]; quantity: number }>();
    /** Stock not yet given to an earlier line of the same article; the rest of a line is its backorder. */
    const stockLeft = new Map<string, number>();
    for (const row of inputs.lineRows) {
      const product = byId.get(row.referencedId);
      const parent = product?.parentId ? parents.get(product.parentId) : undefined;
      const adjustment = lineAdjustments.get(row.id);
      const unit = !product
        ? undefined
        : (adjustment?.unitPrice ??
          unitPriceForQuantity(inputs.prices.get(product.id) ?? [], product.taxRate, row.quantity, 'EUR', now));
      if (!product || !isOrderable(product, parent, unit) || unit === undefined) {
        model.missingLineIds.push(row.id);
        error({
          key: `product-not-found-${row.id}`,
          messageKey: 'product-not-found',
          level: 20,
          message: `The product ${row.referencedId} is not available and was removed from the cart.`,
          id: row.id,
        });
        continue;
      }
      const label =
        translateField(product.translated, locale, 'name') ?? translateField(parent?.translated, locale, 'name') ?? '';
      const name = label || product.productNumber;
      const article = articles.get(product.id) ?? { product, name, lineIds: [], quantity: 0 };
      article.lineIds.push(row.id);
      article.quantity += row.quantity;
      articles.set(product.id, article);
      for (const lineError of adjustment?.errors ?? []) error(lineError(name));
      const left = stockLeft.get(product.id) ?? Math.max(0, product.availableStock);
      stockLeft.set(product.id, left - Math.min(left, row.quantity));
      const backorderQuantity = product.isCloseout ? 0 : row.quantity - Math.min(left, row.quantity);
      const options = product.optionIds.flatMap((id) => {
        const o = inputs.optionMap.get(id);
        if (!o) return [];
        return [
          {
            group: translateField(o.group.translated, locale, 'name') ?? '',
            option: translateField(o.translated, locale, 'name') ?? '',
          },
        ];
      });
      const payload: StoreLineItemPayload = {
        productNumber: product.productNumber,
        manufacturerId: product.manufacturerId ?? parent?.manufacturerId ?? null,
        propertyIds: product.propertyIds.length ? product.propertyIds : (parent?.propertyIds ?? []),
        optionIds: product.optionIds,
        options,
        isCloseout: product.isCloseout,
        packUnit: product.unit,
        customFields: { order_detail_text: row.remark },
        customerArticleNumber: inputs.customerSkus.get(product.id) ?? null,
        ...adjustment?.payload,
      };
      model.lines.push({
        id: row.id,
        productId: product.id,
        productNumber: product.productNumber,
        label: name,
        quantity: row.quantity,
        unitPrice: formatUnitPrice(unit),
        totalCents: lineTotalCents(unit, row.quantity),
        taxRate: vatRateFor(product.taxRate, model.deliveryCountry),
        unit: product.unit,
        remark: row.remark,
        payload,
        backorderQuantity,
        isCloseout: product.isCloseout,
        availableStock: product.availableStock,
      });
      lineSources.set(row.id, { product, parent });
    }
    for (const article of articles.values()) {
      checkQuantity(article.product, article.lineIds, article.quantity, article.name, error);
    }
  },
};
