/**
 * Creating and editing one article link in a dialog (ArticleLinks.tsx opens it): the supplier article number
 * (`productId`, at most PRODUCT_NUMBER_MAX_LENGTH characters) and the customer's own number (`customerSku`, at most
 * CUSTOMER_SKU_MAX_LENGTH), both required and sent trimmed (contract/provider/article-link.ts, docs/decisions/017). A
 * number in use, an article with a number already or an unknown article is shown at its field.
 */
import { useState, type FormEvent } from 'react';
import {
  ARTICLE_LINK_ERRORS,
  CUSTOMER_SKU_MAX_LENGTH,
  PRODUCT_NUMBER_MAX_LENGTH,
  type ArticleLink,
  type ArticleLinkRequest,
} from '../../../../contract/provider/article-link.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Button, FormActions, FormError, TextField } from '../../../components/ui/form.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { errorItemMessage, errorMessages, type ErrorTranslator } from '../../../lib/store-api/error-messages.ts';
import { StoreApiClientError } from '../../../lib/store-api/errors.ts';
import { createArticleLink, updateArticleLink } from '../article-link-api.ts';

const FIELDS = ['productId', 'customerSku'] as const;
type Field = (typeof FIELDS)[number];

/** The field a code of the article link endpoints belongs to when the error item carries no pointer. */
const CODE_FIELDS: Record<string, Field> = {
  [ARTICLE_LINK_ERRORS.customerSkuNotUnique]: 'customerSku',
  [ARTICLE_LINK_ERRORS.productIdNotUnique]: 'productId',
  [ARTICLE_LINK_ERRORS.productIdNotFound]: 'productId',
};

/**
 * Splits a failed save into field errors (the violation's `source.pointer`, else the field its code names) and the
 * remaining messages, each translated by the one error resolver.
 */
export function articleLinkFieldErrors(
  error: unknown,
  i18n: ErrorTranslator,
): { fieldErrors: FieldErrors<Field>; messages: string[] } {
  if (!(error instanceof StoreApiClientError) || error.status !== 400) {
    return { fieldErrors: {}, messages: errorMessages(error, i18n) };
  }
  const fieldErrors: FieldErrors<Field> = {};
  const messages: string[] = [];
  for (const item of error.errors) {
    const pointer = item.source?.pointer?.replace(/^\//, '').split('/')[0];
    const code = (item.code ?? '').replace(/^.*__/, '');
    const field = (FIELDS as readonly string[]).includes(pointer ?? '') ? (pointer as Field) : CODE_FIELDS[code];
    if (field && fieldErrors[field] === undefined) fieldErrors[field] = errorItemMessage(item, i18n);
    else if (!field) messages.push(errorItemMessage(item, i18n));
  }
  return { fieldErrors, messages };
}

/** Create (`link` null) or edit one link in a dialog: supplier article number and own number. */
export function LinkDialog({
  link,
  onClose,
  onSaved,
}: {
  link: ArticleLink | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { notify } = useNotify();
  const [values, setValues] = useState<ArticleLinkRequest>({
    productId: link?.productId ?? '',
    customerSku: link?.customerSku ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const { busy, run } = useAction(async (request: ArticleLinkRequest) => {
    try {
      if (link) await updateArticleLink(link.id, request);
      else await createArticleLink(request);
    } catch (error) {
      const split = articleLinkFieldErrors(error, i18n);
      setErrors(split.fieldErrors);
      setMessages(split.messages);
      return;
    }
    notify('success', t('general.success'), t('articleLinks.saved', { number: request.customerSku }));
    onSaved();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = { productId: values.productId.trim(), customerSku: values.customerSku.trim() };
    const found: FieldErrors<Field> = {};
    const limits: Record<Field, number> = {
      productId: PRODUCT_NUMBER_MAX_LENGTH,
      customerSku: CUSTOMER_SKU_MAX_LENGTH,
    };
    for (const field of FIELDS) {
      if (!request[field]) found[field] = t('validation.required');
      else if (request[field].length > limits[field]) found[field] = t('validation.maxLength', { max: limits[field] });
    }
    setErrors(found);
    setMessages([]);
    if (Object.keys(found).length === 0) run(request);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={link ? t('articleLinks.edit') : t('articleLinks.create')}
      closeLabel={t('account.notification.close')}
    >
      <form method="post" noValidate onSubmit={submit}>
        <FormError title={t('general.error')} messages={messages} />
        <TextField
          label={t('articleLinks.productNumber')}
          required
          value={values.productId}
          onValue={(productId) => setValues((v) => ({ ...v, productId }))}
          maxLength={PRODUCT_NUMBER_MAX_LENGTH}
          autoComplete="off"
          error={errors.productId}
        />
        <TextField
          label={t('articleLinks.customerSku')}
          required
          value={values.customerSku}
          onValue={(customerSku) => setValues((v) => ({ ...v, customerSku }))}
          maxLength={CUSTOMER_SKU_MAX_LENGTH}
          autoComplete="off"
          error={errors.customerSku}
        />
        <FormActions
          busy={busy}
          submitLabel={t('account.save')}
          cancel={
            <Button kind="secondary" onClick={onClose}>
              {t('account.cancel')}
            </Button>
          }
        />
      </form>
    </Dialog>
  );
}
