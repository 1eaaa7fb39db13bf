import { describe, expect, test } from 'vitest';
import { translateField, translateFields } from './translate.ts';

describe('translateField', () => {
  const translations = {
    'fr-FR': { name: 'Vis', description: 'Vis à bois' },
    'de-DE': { name: 'Schraube', description: '' },
    'en-GB': { name: '', description: 'Wood screw' },
  };

  test('answers the field as translateFields merges it, along the fallback chain', () => {
    for (const locale of ['fr-FR', 'en-GB', 'de-DE', 'nl-NL']) {
      expect(translateField(translations, locale, 'name')).toBe(translateFields(translations, locale).name);
      expect(translateField(translations, locale, 'description')).toBe(
        translateFields(translations, locale).description,
      );
    }
    // en-GB has an empty name: de-DE, the next locale of the chain, gives it.
    expect(translateField(translations, 'en-GB', 'name')).toBe('Schraube');
    // nl-NL is absent: en-GB's description comes first.
    expect(translateField(translations, 'nl-NL', 'description')).toBe('Wood screw');
  });

  test('falls back to any locale present, and is undefined without translations', () => {
    const only: Partial<Record<string, { name?: string }>> = { 'fr-FR': { name: 'Vis' } };
    expect(translateField(only, 'nl-NL', 'name')).toBe('Vis');
    expect(translateField<{ name?: string }, 'name'>(null, 'de-DE', 'name')).toBeUndefined();
    expect(translateField<{ name?: string }, 'name'>({}, 'de-DE', 'name')).toBeUndefined();
  });
});
