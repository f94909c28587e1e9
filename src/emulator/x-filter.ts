/**
 * The `X-Filter` header of the list operations, as the API honours it (api-behaviour.md,
 * "Filtering"; the published description's "Filtering and Sorting" and its `x-linode-filterable`
 * marks, linode/linode-api-docs openapi.yaml v4.176.0): a JSON object whose keys are filterable
 * fields matched for equality, or `+and`/`+or` arrays of such objects; a field's value may be an
 * object of comparisons (`+gt`, `+gte`, `+lt`, `+lte`, `+contains`, `+neq`); `+order_by` and
 * `+order` sort the list. Filtering comes before pagination, so `results` and `pages` count the
 * filtered list. A key that is not filterable, or a header that is not a JSON object, is a 400
 * naming `X-Filter`.
 */
import {
  AVAILABILITY,
  BACKUP,
  DATABASE,
  DATABASE_TYPE,
  EVENT_FILTERABLE,
  ENGINE,
  filterNames,
  SUBNET,
  VPC,
  VPC_IP,
} from "../api/index.js";
import { BadRequest } from "./failures.js";

/**
 * The fields each list lets a filter name (`x-linode-filterable` in the published description):
 * the API model's `filterable` fields, by their published names. One VPC's IP list and the region
 * list take none; the event log, not an entity of the model, takes the names src/api lists for it.
 */
export const FILTERABLE = {
  vpcs: filterNames(VPC),
  subnets: filterNames(SUBNET),
  vpcIps: filterNames(VPC_IP),
  vpcIpsOfOne: [],
  databases: filterNames(DATABASE),
  backups: filterNames(BACKUP),
  regions: [],
  availability: filterNames(AVAILABILITY),
  engines: filterNames(ENGINE),
  plans: filterNames(DATABASE_TYPE),
  events: EVENT_FILTERABLE,
} as const satisfies Record<string, readonly string[]>;

/** The answer header of every API operation: the answer depends on the token and the filter. */
export const VARY = "Authorization, X-Filter";

type Item = Record<string, unknown>;
type Test = (item: Item) => boolean;

const COMPARISONS = new Set(["+gt", "+gte", "+lt", "+lte", "+contains", "+neq"]);

function refuse(reason: string): never {
  throw new BadRequest(reason, "X-Filter");
}

/** A field's value; `entity.id` reads a nested one. */
function valueOf(item: Item, field: string): unknown {
  let value: unknown = item;
  for (const part of field.split(".")) value = (value as Item | null | undefined)?.[part];
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** One comparison of a field: `{"+gte": 12}`. Numbers compare as numbers, strings (dates) as text. */
function comparison(field: string, operator: string, operand: unknown): Test {
  if (!COMPARISONS.has(operator)) refuse(`Unknown operator ${operator} for ${field}`);
  if (operator === "+contains") {
    if (typeof operand !== "string") refuse(`${operator} of ${field} takes a string`);
    return (item) => {
      const value = valueOf(item, field);
      return typeof value === "string" && value.includes(operand);
    };
  }
  if (operator === "+neq") {
    if (!isScalar(operand)) refuse(`${operator} of ${field} takes a string, number or boolean`);
    return (item) => valueOf(item, field) !== operand;
  }
  if (typeof operand !== "number" && typeof operand !== "string")
    refuse(`${operator} of ${field} takes a number (or a date-time string)`);
  const ordered = (value: unknown): boolean => {
    if (typeof value !== typeof operand) return false;
    const a = value as number | string;
    if (operator === "+gt") return a > operand;
    if (operator === "+gte") return a >= operand;
    if (operator === "+lt") return a < operand;
    return a <= operand;
  };
  return (item) => ordered(valueOf(item, field));
}

/** The test a filter object stands for: every key must hold (an implicit "and"). */
function compile(filter: unknown, fields: readonly string[], top: boolean): Test {
  if (!isObject(filter)) refuse("Filter must be a JSON object");
  const tests: Test[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === "+and" || key === "+or") {
      if (!Array.isArray(value) || value.length === 0) refuse(`${key} takes a non-empty array of filter objects`);
      const parts = value.map((part) => compile(part, fields, false));
      tests.push(key === "+and" ? (i) => parts.every((t) => t(i)) : (i) => parts.some((t) => t(i)));
    } else if (key === "+order_by" || key === "+order") {
      if (!top) refuse(`${key} can only be given at the top of the filter`);
    } else if (key.startsWith("+")) {
      refuse(`Unknown operator ${key}`);
    } else if (!fields.includes(key)) {
      refuse(`Cannot filter on ${key}`);
    } else if (isObject(value)) {
      const parts = Object.entries(value).map(([op, operand]) => comparison(key, op, operand));
      tests.push((i) => parts.every((t) => t(i)));
    } else if (isScalar(value)) {
      tests.push((i) => valueOf(i, key) === value);
    } else {
      refuse(`The value of ${key} must be a string, number, boolean or an object of operators`);
    }
  }
  return (item) => tests.every((t) => t(item));
}

/** The order `+order_by` and `+order` ask for, or undefined for the list's own order. */
function ordering(
  filter: Record<string, unknown>,
  fields: readonly string[],
): ((a: Item, b: Item) => number) | undefined {
  const by = filter["+order_by"];
  const order = filter["+order"];
  if (by === undefined) {
    if (order !== undefined) refuse("+order requires +order_by");
    return undefined;
  }
  if (typeof by !== "string" || !fields.includes(by)) refuse(`Cannot order by ${String(by)}`);
  if (order !== undefined && order !== "asc" && order !== "desc") refuse('+order must be "asc" or "desc"');
  const sign = order === "desc" ? -1 : 1;
  return (a, b) => {
    const x = valueOf(a, by) as string | number;
    const y = valueOf(b, by) as string | number;
    return x === y ? 0 : (x < y ? -1 : 1) * sign;
  };
}

/**
 * The items the header lets through, in the order it asks for; all of them, as they are, without
 * a header. `fields` are the list's filterable fields ({@link FILTERABLE}).
 */
export function applyFilter<T>(items: T[], header: string | string[] | undefined, fields: readonly string[]): T[] {
  if (header === undefined) return items;
  const text = Array.isArray(header) ? header.join(",") : header;
  let filter: unknown;
  try {
    filter = JSON.parse(text);
  } catch {
    refuse("Filter is not valid JSON");
  }
  const test = compile(filter, fields, true);
  const order = ordering(filter as Record<string, unknown>, fields);
  const kept = items.filter((item) => test(item as Item));
  // A stable sort: items that compare equal keep the list's own order.
  return order ? kept.sort((a, b) => order(a as Item, b as Item)) : kept;
}
