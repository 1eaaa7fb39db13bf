/**
 * Deterministic ids of catalogue rows, derived from source keys (`stableId`), so that importing the same file twice
 * updates rows instead of duplicating them (docs/decisions/006-catalogue-model.md).
 */
import { stableId } from '../../lib/ids.ts';

/** Category id from its source key (`stableId('category', 'source:externalId')`). */
export const categoryId = (source: string, externalId: string): string =>
  stableId('category', `${source}:${externalId}`);
/** Product id from the supplier article number. */
export const productId = (productNumber: string): string => stableId('product', productNumber);
/** Normalised matching key: trimmed, inner whitespace collapsed, lower case. */
export const normaliseKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
/** Manufacturer id from its name, matched case- and whitespace-insensitively. */
export const manufacturerId = (name: string): string => stableId('manufacturer', normaliseKey(name));
/** Property group id from its key (feature name or classification code). */
export const propertyGroupId = (group: string): string => stableId('property-group', normaliseKey(group));
/** Property option id from its group and value key. */
export const propertyOptionId = (group: string, valueKey: string): string =>
  stableId('property-option', `${normaliseKey(group)}:${valueKey}`);
/** Media id from its MIME_SOURCE. */
export const mediaId = (source: string): string => stableId('media', source);
