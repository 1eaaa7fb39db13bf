/**
 * The delivery time of a product (`deliveryTimeMin`/`deliveryTimeMax` in `deliveryTimeUnit`: day, week, month or
 * year), as Shopware's DeliveryTime entity named in the caller's locale ("3-5 Tage", "1 week"). The product page, the
 * listing, the cart and the order lists show the same delivery time, so they all build it here.
 */
import { stableId } from '../../lib/ids.ts';
import type { StoreDeliveryTime } from '../../http/shopware-schemas.ts';

const DELIVERY_UNITS: Record<string, Record<string, [string, string]>> = {
  'de-DE': { day: ['Tag', 'Tage'], week: ['Woche', 'Wochen'], month: ['Monat', 'Monate'], year: ['Jahr', 'Jahre'] },
  'en-GB': { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'], year: ['year', 'years'] },
  'fr-FR': { day: ['jour', 'jours'], week: ['semaine', 'semaines'], month: ['mois', 'mois'], year: ['an', 'ans'] },
  'nl-NL': { day: ['dag', 'dagen'], week: ['week', 'weken'], month: ['maand', 'maanden'], year: ['jaar', 'jaar'] },
};

/** Shopware DeliveryTime from min/max/unit (unit 'day', 'week', 'month' or 'year'), named in the locale. */
export function deliveryTime(
  min: number | null,
  max: number | null,
  unit: string,
  locale: string,
): StoreDeliveryTime | null {
  if (min === null && max === null) return null;
  const lo = min ?? max ?? 0;
  const hi = max ?? min ?? 0;
  const words = (DELIVERY_UNITS[locale] ?? DELIVERY_UNITS['en-GB']!)[unit] ?? [unit, unit];
  const name = lo === hi ? `${lo} ${lo === 1 ? words[0] : words[1]}` : `${lo}-${hi} ${words[1]}`;
  return {
    id: stableId('delivery-time', `${lo}-${hi}-${unit}`),
    name,
    min: lo,
    max: hi,
    unit,
    translated: { name },
    apiAlias: 'delivery_time' as const,
  };
}
