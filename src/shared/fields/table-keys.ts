/**
 * A field table's input names as an object whose every key holds its own name: a check or a
 * provider that names one field (`rules.fail(keys.label, ...)`) reads the name from the table
 * rather than spelling it again.
 */

/** The keys of `T`, each holding its own name. */
export type TableKeys<T> = { readonly [K in keyof T]: K };

/** `table`'s keys as an object: `tableKeys(VPC_FIELDS).label` is `"label"`, read from the table. */
export function tableKeys<T extends object>(table: T): TableKeys<T> {
  return Object.fromEntries(Object.keys(table).map((k) => [k, k])) as TableKeys<T>;
}
