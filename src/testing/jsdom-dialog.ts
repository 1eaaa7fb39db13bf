/**
 * jsdom has no `HTMLDialogElement.showModal`/`close` (jsdom issue tracker: "Implement HTMLDialogElement"); the `dom`
 * project's set-up (./setup-dom.ts) imports this module, which gives jsdom the open/close state of the element. Focus trapping
 * and inertness are the browser's part and are checked in the Playwright specs.
 */
const proto = globalThis.HTMLDialogElement?.prototype as
  (HTMLDialogElement & { showModal?: () => void; close?: () => void }) | undefined;
if (proto && typeof proto.showModal !== 'function') {
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.dataset.modal = 'true';
  };
  proto.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    delete this.dataset.modal;
  };
}
export {};
