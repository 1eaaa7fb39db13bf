/**
 * "Request an offer" on the cart page and on an order list's detail, for holders of ROLE_REQUEST_OFFER: a dialog with
 * the buyer's comment and client reference (at most OFFER_COMMENT_MAX_LENGTH and OFFER_CLIENT_REFERENCE_MAX_LENGTH
 * characters, the contract's limits) that sends the cart's lines, or with `orderListId` the list's items, as an offer
 * request (POST `{provider}/offer/request`, src/lib/offer/offer-request.ts); the cart stays as it is. Afterwards a notification names the new offer and, where the buyer can see offers (flag
 * `offer-history` and ROLE_MANAGE_OFFER_HISTORY), a note below the cart's title links to it (OfferSentNote).
 */
import { useState } from 'react';
import { OFFER_CLIENT_REFERENCE_MAX_LENGTH, OFFER_COMMENT_MAX_LENGTH } from '../../../contract/provider/erp.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Button, FormActions, TextArea, TextField } from '../ui/form.tsx';
import { useAction, useNotify } from '../ui/use-action.ts';
import { useI18n } from '../../i18n/react.tsx';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import { $customer, hasRight, type SessionCustomer } from '../../lib/session/session-store.ts';
import { requestOffer } from '../../lib/offer/offer-request.ts';

/** The right that may ask for an offer on the cart. */
export const REQUEST_OFFER_RIGHT = 'ROLE_REQUEST_OFFER';

const FIELDS = ['clientReference'] as const;

/**
 * The button and its dialog; `onSent` gets the new offer's number. With `orderListId` the offer is asked for that
 * order list's items instead of the cart. `customer`: the logged-in customer whose rights decide (default: the
 * session store's).
 */
export function RequestOffer({
  onSent,
  orderListId,
  customer = $customer.get(),
}: {
  onSent: (offerNumber: string) => void;
  orderListId?: string | undefined;
  customer?: SessionCustomer | null;
}) {
  const { t } = useI18n();
  const { notify } = useNotify();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [clientReference, setClientReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors<(typeof FIELDS)[number]>>({});
  const { busy, run } = useAction(
    async () => {
      setErrors({});
      const offer = await requestOffer({ comment, clientReference, orderListId });
      setOpen(false);
      setComment('');
      setClientReference('');
      onSent(offer.offerNumber);
      notify('success', t('general.success'), t('checkout.offer.sent', { offerNumber: offer.offerNumber }));
    },
    { fields: FIELDS, onFieldErrors: setErrors },
  );
  if (!hasRight(REQUEST_OFFER_RIGHT, customer)) return null;

  return (
    <>
      <button
        type="button"
        className="rounded border border-line px-3 py-2 text-sm hover:bg-surface"
        onClick={() => setOpen(true)}
      >
        {t('checkout.offer.open')}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('checkout.offer.title')}
        closeLabel={t('checkout.offer.close')}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run(undefined);
          }}
        >
          <p className="mb-4 text-sm">{t(orderListId ? 'orderLists.offerIntro' : 'checkout.offer.intro')}</p>
          <TextArea
            label={t('checkout.offer.comment')}
            value={comment}
            onValue={setComment}
            maxLength={OFFER_COMMENT_MAX_LENGTH}
          />
          <TextField
            label={t('checkout.offer.clientReference')}
            value={clientReference}
            onValue={setClientReference}
            maxLength={OFFER_CLIENT_REFERENCE_MAX_LENGTH}
            error={errors.clientReference}
          />
          <FormActions
            busy={busy}
            submitLabel={t('checkout.offer.submit')}
            cancel={
              <Button kind="secondary" onClick={() => setOpen(false)}>
                {t('checkout.offer.cancel')}
              </Button>
            }
          />
        </form>
      </Dialog>
    </>
  );
}

/**
 * The note after a sent request, naming the offer; with the offer history (flag `offer-history`,
 * ROLE_MANAGE_OFFER_HISTORY) it links to the offer (`{prefix}/account/offers/{offerNumber}`, a page load: the note
 * also shows on the cart page, which is not part of the account app).
 */
export function OfferSentNote({
  offerNumber,
  features = [],
  prefix,
  customer = $customer.get(),
}: {
  offerNumber: string | null;
  features?: readonly FeatureFlag[];
  /** Domain path prefix, '' or e.g. '/en'. */
  prefix: string;
  customer?: SessionCustomer | null;
}) {
  const { t } = useI18n();
  const canSeeOffers = features.includes('offer-history') && hasRight('ROLE_MANAGE_OFFER_HISTORY', customer);
  return (
    <div aria-live="polite">
      {offerNumber && (
        <p className="rounded border-l-4 border-green-600 bg-green-50 px-3 py-2 text-sm text-green-900">
          {t('checkout.offer.sent', { offerNumber })}{' '}
          {canSeeOffers && (
            <a href={`${prefix}/account/offers/${encodeURIComponent(offerNumber)}`} className="font-semibold underline">
              {t('checkout.offer.view', { offerNumber })}
            </a>
          )}
        </p>
      )}
    </div>
  );
}
