// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import CartBadge, { CART_BADGE_MESSAGES } from './CartBadge.tsx';

const i18n = islandMessages('en-GB', CART_BADGE_MESSAGES);
import { $cartCount } from './cart-store.ts';

afterEach(() => {
  cleanup();
  $cartCount.set(0);
});

test('shows nothing while the cart is empty', () => {
  const { container } = render(<CartBadge i18n={i18n} />);
  expect(container).toBeEmptyDOMElement();
});

test('appears with the count once the cart store has items and follows later changes', () => {
  render(<CartBadge i18n={i18n} />);
  act(() => $cartCount.set(3));
  expect(screen.getByText('3 items in the cart')).toBeInTheDocument();

  act(() => $cartCount.set(0));
  expect(screen.queryByText(/items in the cart/)).not.toBeInTheDocument();
});

test('caps the visible number at 99+ but reads the real count', () => {
  $cartCount.set(140);
  render(<CartBadge i18n={i18n} />);
  expect(screen.getByText('99+')).toBeInTheDocument();
  expect(screen.getByText('140 items in the cart')).toBeInTheDocument();
});
