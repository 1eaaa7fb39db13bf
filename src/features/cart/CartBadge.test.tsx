// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import CartBadge from './CartBadge.tsx';
import { $cartCount } from './cart-store.ts';

afterEach(() => {
  cleanup();
  $cartCount.set(0);
});

test('shows nothing while the cart is empty', () => {
  const { container } = render(<CartBadge label="{count} items in the cart" />);
  expect(container).toBeEmptyDOMElement();
});

test('appears with the count once the cart store has items and follows later changes', () => {
  render(<CartBadge label="{count} items in the cart" />);
  act(() => $cartCount.set(3));
  expect(screen.getByText('3 items in the cart')).toBeInTheDocument();

  act(() => $cartCount.set(0));
  expect(screen.queryByText(/items in the cart/)).not.toBeInTheDocument();
});

test('caps the visible number at 99+ but reads the real count', () => {
  $cartCount.set(140);
  render(<CartBadge label="{count} items in the cart" />);
  expect(screen.getByText('99+')).toBeInTheDocument();
  expect(screen.getByText('140 items in the cart')).toBeInTheDocument();
});
