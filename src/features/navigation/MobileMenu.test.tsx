import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import type { NavItem } from '../../lib/navigation.ts';
import MobileMenu, { MENU_MESSAGES, type MobileMenuProps } from './MobileMenu.tsx';

const item = (id: string, name: string, href: string | null, children: NavItem[] = [], newTab?: boolean): NavItem => ({
  id,
  name,
  href,
  children,
  ...(newTab === undefined ? {} : { newTab }),
});

const props: MobileMenuProps = {
  main: [
    item('tools', 'Tools', '/en/tools', [
      item('drills', 'Drills', '/en/tools/drills', [item('cordless', 'Cordless drills', '/en/tools/drills/cordless')]),
      item('saws', 'Saws', '/en/tools/saws'),
    ]),
    item('fasteners', 'Fasteners', null, [item('bolts', 'Bolts', '/en/fasteners/bolts')]),
    item('sale', 'Sale', '/en/sale'),
  ],
  service: [
    item('contact', 'Contact', '/en/contact'),
    item('catalogue', 'Catalogue PDF', 'https://cdn.example.com/cat.pdf', [], true),
  ],
  countries: [item('at', 'Austria', null, [item('at-shop', 'Shop Graz', '/en/graz')])],
  i18n: islandMessages('en-GB', MENU_MESSAGES),
};

afterEach(() => {
  cleanup();
  document.documentElement.style.overflow = '';
});

async function openMenu() {
  const user = userEvent.setup();
  render(<MobileMenu {...props} />);
  const button = screen.getByRole('button', { name: 'Open menu' });
  await user.click(button);
  return { user, button, dialog: screen.getByRole('dialog', { name: 'Menu' }) };
}

describe('MobileMenu', () => {
  test('opens a modal dialog joining main, service and countries navigation', async () => {
    const { button, dialog } = await openMenu();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('button', { name: 'Tools' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Sale' })).toHaveAttribute('href', '/en/sale');
    expect(within(dialog).getByRole('link', { name: 'Contact' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Austria' })).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  test('drills into children and back up, offering the linked parent itself', async () => {
    const { user, dialog } = await openMenu();

    await user.click(within(dialog).getByRole('button', { name: 'Tools' }));
    expect(screen.getByRole('dialog', { name: 'Tools' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/en/tools');
    expect(within(dialog).getByRole('link', { name: 'Saws' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Sale' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Drills' }));
    expect(within(dialog).getByRole('link', { name: 'Cordless drills' })).toHaveAttribute(
      'href',
      '/en/tools/drills/cordless',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Sale' })).toBeInTheDocument();
  });

  test('a folder is a heading that drills down without a link of its own', async () => {
    const { user, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Fasteners' }));
    expect(within(dialog).queryByRole('link', { name: 'Fasteners' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Bolts' })).toBeInTheDocument();
  });

  test('new-tab items open in a new tab without opener access', async () => {
    const { dialog } = await openMenu();
    const link = within(dialog).getByRole('link', { name: 'Catalogue PDF' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(within(dialog).getByRole('link', { name: 'Sale' })).not.toHaveAttribute('target');
  });

  test('back on the top level closes the menu and returns focus to the menu button', async () => {
    const { user, button, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape and the close button close it', async () => {
    const { user, button } = await openMenu();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('blocks page scroll while open and restores it afterwards', async () => {
    document.documentElement.style.overflow = 'auto';
    const { user } = await openMenu();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('auto');
  });

  test('opens as a modal <dialog>: the browser keeps focus inside and makes the page behind inert', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { dialog } = await openMenu();
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});
