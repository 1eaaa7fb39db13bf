import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import QuantityCounter, {
  COUNTER_MESSAGES,
  QUANTITY_EVENT,
  type QuantityCounterProps,
  type QuantityEventDetail,
} from './QuantityCounter.tsx';

const i18n = islandMessages('en-GB', COUNTER_MESSAGES);

function renderCounter(props: Partial<QuantityCounterProps> = {}) {
  const all: QuantityCounterProps = { min: 1, max: null, step: 1, i18n, ...props };
  const view = render(
    <form aria-label="Add to cart">
      <QuantityCounter {...all} />
    </form>,
  );
  return {
    ...view,
    input: screen.getByRole('spinbutton', { name: 'Quantity' }),
    plus: screen.getByRole('button', { name: 'Increase quantity' }),
    minus: screen.getByRole('button', { name: 'Decrease quantity' }),
    rerenderWith: (next: Partial<QuantityCounterProps>) =>
      view.rerender(
        <form aria-label="Add to cart">
          <QuantityCounter {...all} {...next} />
        </form>,
      ),
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('QuantityCounter', () => {
  test('starts at the minimum purchase and posts it with the surrounding form', () => {
    renderCounter({ min: 8, step: 8 });
    const form = screen.getByRole('form', { name: 'Add to cart' }) as HTMLFormElement;
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('8');
    expect(Object.fromEntries(new FormData(form))).toEqual({ quantity: '8' });
  });

  test('uses the given field name and initial quantity', () => {
    renderCounter({ min: 5, step: 5, initial: 20, name: 'lineItems[abc][quantity]' });
    const form = screen.getByRole('form', { name: 'Add to cart' }) as HTMLFormElement;
    expect(Object.fromEntries(new FormData(form))).toEqual({ 'lineItems[abc][quantity]': '20' });
  });

  test('shows minimum and step only when they are above 1', () => {
    const { unmount } = renderCounter({ min: 1, step: 1 });
    expect(screen.queryByText(/Minimum/)).not.toBeInTheDocument();
    expect(screen.queryByText(/sold per/)).not.toBeInTheDocument();
    unmount();

    renderCounter({ min: 10, step: 5 });
    expect(screen.getByText('Minimum 10 · sold per 5')).toBeInTheDocument();
  });

  test('names the order unit in the hints, in the singular or plural the quantity needs', () => {
    const { unmount } = renderCounter({ min: 10, step: 5, unit: 'C62' });
    expect(screen.getByText('Minimum 10 pieces · sold per 5 pieces')).toBeInTheDocument();
    unmount();

    render(<QuantityCounter min={2} max={null} step={1} unit="RO" i18n={islandMessages('de-DE', COUNTER_MESSAGES)} />);
    expect(screen.getByText('Mindestens 2 Rollen')).toBeInTheDocument();
  });

  test('plus and minus move by the step and stop at min and max', async () => {
    const user = userEvent.setup();
    const { input, plus, minus } = renderCounter({ min: 10, step: 5, max: 20 });

    await user.click(plus);
    expect(input).toHaveValue('15');
    await user.click(plus);
    await user.click(plus);
    expect(input).toHaveValue('20');
    await user.click(minus);
    await user.click(minus);
    await user.click(minus);
    expect(input).toHaveValue('10');
  });

  test('flags a value between steps as invalid while typing and snaps it on blur', async () => {
    const user = userEvent.setup();
    const { input } = renderCounter({ min: 8, step: 8 });

    await user.clear(input);
    await user.type(input, '15');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid quantity');

    await user.tab();
    expect(input).toHaveValue('16');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test.each([
    ['below min', { min: 10, step: 5, max: 95 }, '3', '10'],
    ['above max', { min: 10, step: 5, max: 95 }, '1000', '95'],
    ['not a number', { min: 1, step: 1, max: null }, 'abc', '1'],
    ['a decimal with comma', { min: 0.5, step: 0.5, max: null }, '1,3', '1.5'],
  ])('normalises a value typed %s on blur', async (_case, rules, typed, expected) => {
    const user = userEvent.setup();
    const { input } = renderCounter(rules);
    await user.clear(input);
    await user.type(input, typed);
    await user.tab();
    expect(input).toHaveValue(expected);
  });

  test('normalises on Enter before the form submits', async () => {
    const user = userEvent.setup();
    const { input } = renderCounter({ min: 8, step: 8 });
    const form = screen.getByRole('form', { name: 'Add to cart' }) as HTMLFormElement;
    const posted: unknown[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      posted.push(Object.fromEntries(new FormData(form)));
    });

    await user.clear(input);
    await user.type(input, '30{Enter}');
    expect(posted).toEqual([{ quantity: '32' }]);
  });

  test('plus from a value between steps goes to the next valid value', async () => {
    const user = userEvent.setup();
    const { input, plus } = renderCounter({ min: 8, step: 8 });
    await user.clear(input);
    await user.type(input, '10');
    await user.click(plus);
    expect(input).toHaveValue('16');
  });

  test('arrow keys step the spin button', async () => {
    const user = userEvent.setup();
    const { input } = renderCounter({ min: 0.5, step: 0.5 });
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('1.5');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('1');
  });

  test('buttons work from the keyboard', async () => {
    const user = userEvent.setup();
    const { input, plus } = renderCounter({ min: 1, step: 1 });
    plus.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(input).toHaveValue('3');
  });

  test('holding plus repeats every 50 ms after 300 ms and stops on release', () => {
    vi.useFakeTimers();
    const { input, plus } = renderCounter({ min: 1, step: 1 });

    fireEvent.pointerDown(plus, { button: 0 });
    expect(input).toHaveValue('2');
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(input).toHaveValue('2');
    act(() => {
      vi.advanceTimersByTime(1 + 50 * 4);
    });
    expect(input).toHaveValue('6');

    fireEvent.pointerUp(plus);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(input).toHaveValue('6');
  });

  test('holding minus stops at the minimum', () => {
    vi.useFakeTimers();
    const { input, minus } = renderCounter({ min: 2, step: 2, initial: 10 });

    fireEvent.pointerDown(minus, { button: 0 });
    act(() => {
      vi.advanceTimersByTime(300 + 50 * 10);
    });
    expect(input).toHaveValue('2');
    fireEvent.pointerLeave(minus);
  });

  test('resets to the new minimum when minSalesQuantity changes', async () => {
    const user = userEvent.setup();
    const { input, plus, rerenderWith } = renderCounter({ min: 1, step: 1 });
    await user.click(plus);
    expect(input).toHaveValue('2');

    rerenderWith({ min: 12, step: 12 });
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('12');
  });

  test('dispatches a bubbling werkbank:quantity event on every change', async () => {
    const user = userEvent.setup();
    const details: QuantityEventDetail[] = [];
    const listener = (event: Event) => details.push((event as CustomEvent<QuantityEventDetail>).detail);
    window.addEventListener(QUANTITY_EVENT, listener);
    try {
      const { input, plus } = renderCounter({ min: 8, step: 8, name: 'qty' });
      await user.click(plus);
      await user.clear(input);
      await user.type(input, '9');
      expect(details.at(0)).toEqual({ name: 'qty', value: '16', quantity: 16, valid: true });
      expect(details.at(-1)).toEqual({ name: 'qty', value: '9', quantity: 9, valid: false });

      await user.tab();
      expect(details.at(-1)).toEqual({ name: 'qty', value: '8', quantity: 8, valid: true });
    } finally {
      window.removeEventListener(QUANTITY_EVENT, listener);
    }
  });

  test('exposes the success and error status', async () => {
    const user = userEvent.setup();
    const { container, input, plus } = renderCounter({ min: 1, step: 1 });
    const root = container.querySelector('[data-status]');
    expect(root).toHaveAttribute('data-status', 'default');
    await user.click(plus);
    expect(root).toHaveAttribute('data-status', 'success');
    await user.clear(input);
    await user.type(input, '0');
    expect(root).toHaveAttribute('data-status', 'error');
  });
});
