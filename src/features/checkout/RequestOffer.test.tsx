import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { StoreApiErrorEnvelopeSchema } from '../../../contract/errors.ts';
import { OfferDetailSchema } from '../../../contract/provider/erp.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import { checkoutCart, productLine } from './testing/test-bodies.ts';
import { fetchMock, json, setUpBrowserTests } from '../../testing/test-browser.ts';
import { cartPageAnswer, notFound, renderCheckout } from './testing/test-render.tsx';
import { providerBase } from '../../testing/test-browser.ts';

setUpBrowserTests();

const drill = productLine('a1'.repeat(16), 'D-2000', 'Cordless drill', 10, 50);

/** The new, open offer as `POST …/offer/request` answers it (contract OfferDetailSchema). */
const openOffer = v.parse(OfferDetailSchema, {
  offerNumber: 'AN-4002',
  offerDate: '2026-11-25',
  status: 'open',
  clientReference: 'Hall 3',
  validUntil: null,
  lineCount: 1,
  totalPrice: null,
  documentLink: null,
  comment: 'Delivery to the site, please',
  requestedAt: '2026-11-25T08:00:00.000Z',
  processedAt: null,
  lines: [
    {
      lineNumber: 1,
      productNumber: 'D-2000',
      description: 'Cordless drill',
      customerArticleNumber: null,
      quantity: 10,
      unit: 'C62',
      deliveryDate: null,
      unitPrice: null,
      totalPrice: null,
    },
  ],
});

/** Answers the cart page's calls like the backend, and the offer request with `offer`. */
function serve(offer: () => Response) {
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    const answer = cartPageAnswer(pathname, init?.method ?? 'GET', checkoutCart({ lines: [drill] }));
    if (answer) return Promise.resolve(answer);
    if (pathname === `${providerBase()}/offer/request`) return Promise.resolve(offer());
    return Promise.resolve(notFound());
  });
}

const renderCart = (rights: string[], features: FeatureFlag[] = ['offer-history']) =>
  renderCheckout(rights, { features, prefix: '/en' });

const offerCalls = () =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === `${providerBase()}/offer/request`);

describe('request an offer', () => {
  test('the dialog sends comment and client reference; a notification names the offer and a link leads to it', async () => {
    serve(() => json(openOffer));
    renderCart(['ROLE_PLACE_ORDERS', 'ROLE_REQUEST_OFFER', 'ROLE_MANAGE_OFFER_HISTORY']);
    await userEvent.click(await screen.findByRole('button', { name: 'Request an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Request an offer' });
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    expect(comment).toHaveFocus();
    expect(comment).toHaveAttribute('maxlength', '1000');
    const reference = within(dialog).getByRole('textbox', { name: 'Your reference' });
    expect(reference).toHaveAttribute('maxlength', '30');
    await userEvent.type(comment, 'Delivery to the site, please');
    await userEvent.type(reference, 'Hall 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(offerCalls()).toHaveLength(1);
    expect(offerCalls()[0]![1]?.method).toBe('POST');
    expect(JSON.parse(String(offerCalls()[0]![1]?.body))).toEqual({
      comment: 'Delivery to the site, please',
      clientReference: 'Hall 3',
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByText('Your offer request AN-4002 has been sent.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View offer AN-4002' })).toHaveAttribute(
      'href',
      '/en/account/offers/AN-4002',
    );
  });

  test('a refused client reference shows at its field and the dialog stays open', async () => {
    serve(() =>
      json(
        v.parse(StoreApiErrorEnvelopeSchema, {
          errors: [
            {
              status: '400',
              code: 'VIOLATION::TOO_LONG_ERROR',
              title: 'Constraint violation error',
              detail: 'This value is too long. It should have 30 characters or less.',
              source: { pointer: '/clientReference' },
            },
          ],
        }),
        400,
      ),
    );
    renderCart(['ROLE_REQUEST_OFFER']);
    await userEvent.click(await screen.findByRole('button', { name: 'Request an offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Request an offer' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your reference' }), 'Hall 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Your reference' })).toHaveAccessibleDescription(
        'This value is too long. It should have 30 characters or less.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Request an offer' })).toBeInTheDocument();
  });

  test('without ROLE_REQUEST_OFFER the cart offers no request; without the offer history no link', async () => {
    serve(() => json(openOffer));
    renderCart(['ROLE_PLACE_ORDERS']);
    expect(await screen.findByRole('button', { name: 'Cart as CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request an offer' })).not.toBeInTheDocument();
    cleanup();

    renderCart(['ROLE_REQUEST_OFFER'], []);
    await userEvent.click(await screen.findByRole('button', { name: 'Request an offer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findAllByText('Your offer request AN-4002 has been sent.')).not.toHaveLength(0);
    expect(JSON.parse(String(offerCalls()[0]![1]?.body))).toEqual({ comment: null, clientReference: null });
    expect(screen.queryByRole('link', { name: /View offer/ })).not.toBeInTheDocument();
  });
});
