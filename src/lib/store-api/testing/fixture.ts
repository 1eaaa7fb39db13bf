/**
 * Test fixtures for Store API entities typed from `@shopware/api-client`'s schemas. A response limited by
 * Shopware's `includes` carries only some fields, so a fixture lists just the fields the code under test reads;
 * `entity` types such a partial object as the full schema type.
 */

/** `T` with every field optional, recursively (arrays keep their element type, partial). */
export type Fixture<T> = T extends (infer E)[]
  ? Fixture<E>[]
  : T extends object
    ? { [K in keyof T]?: Fixture<T[K]> | null }
    : T;

/** Types a partial Store API entity (the fields a test needs) as the schema type `T`. */
export function entity<T>(fields: Fixture<T>): T {
  return fields as T;
}
