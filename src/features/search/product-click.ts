/** Name of the window event every analytics integration listens to. */
export const ANALYTICS_EVENT = 'werkbank:analytics';

/** A product-click analytics event. */
export interface ProductClickEvent {
  event: 'product-click';
  /** Where the product was clicked, e.g. 'quickSearchResults'. */
  source: string;
  /** Product id (32 hex characters). */
  id: string;
  /** 1-based position of the row in the list that was clicked. */
  position: number;
}

/**
 * Records a product click: dispatches `CustomEvent('werkbank:analytics', { detail })` on `window` and pushes the same
 * object onto `window.dataLayer` when a tag manager has created it. Never throws; analytics must not block navigation.
 */
export function trackProductClick(source: string, id: string, position: number): void {
  const detail: ProductClickEvent = { event: 'product-click', source, id, position };
  try {
    window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail }));
    const { dataLayer } = window as { dataLayer?: unknown };
    if (Array.isArray(dataLayer)) dataLayer.push(detail);
  } catch (error) {
    console.error('analytics: product-click not recorded', error);
  }
}
