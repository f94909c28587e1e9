/**
 * The published description of the real API (test/fixtures/openapi/linode-api.json, a subset of
 * linode-api-docs' openapi.yaml) as JSON-schema validators of request bodies and answers, under the
 * contract's names. The contract's field renames and the fields it adds come from the API model
 * (src/api, a field's `published`); its other differences from one file,
 * test/fixtures/openapi/contract-differences.json (both read in openapi-contract.ts).
 *
 * The description leaves its objects open; these validators close them. Requests: read-only
 * fields are dropped and every object is closed, since the API answers a body key the operation
 * does not define with a 400 (api-behaviour.md, HTTP). Answers: every object is closed too and
 * every field the description lists is required, so an answer neither invents fields nor leaves
 * documented ones out; nullability is the description's.
 */
import { isIP } from "node:net";
import Ajv, { type ValidateFunction } from "ajv";
import { answerMayLack, type ApiField } from "../../src/api/index.js";
import { bodySchema } from "../../src/emulator/schemas.js";
import { BODIES, componentsOf, differences, published, type Operation, type Schema } from "./openapi-contract.js";

export {
  BODIES,
  differences,
  modelBodyFields,
  published,
  type Added,
  type ContractDifferences,
  type PublishedDescription,
  type Rename,
} from "./openapi-contract.js";

/** The schema of an added field in an answer: its wire type, read-only unless a request takes it. */
function addedSchema(f: ApiField): Schema {
  const schema = bodySchema({ name: "", fields: { x: { ...f, create: "optional" } } }, "create").properties as Record<
    string,
    Schema
  >;
  return {
    ...schema.x!,
    ...(f.nullable ? { nullable: true } : {}),
    ...(f.create || f.update ? {} : { readOnly: true }),
    ...(answerMayLack(f) ? { [MAY_LACK]: true } : {}),
    [ADDED]: true,
  };
}

/**
 * Marks a property the contract adds to a component: a request takes it only where the model's
 * body for that request does (a subnet's field is in `POST /vpcs/{id}/subnets`, not in the
 * VPCSubnet items `POST /vpcs` shares the component with).
 */
const ADDED = "x-contract-added";

/** `node` without the added properties `model` (the model's body schema at the same place) lacks. */
function takenAdditions(node: Schema, model: Schema | undefined): Schema {
  const out: Schema = { ...node };
  if (node.properties)
    out.properties = Object.fromEntries(
      Object.entries(node.properties)
        .filter(([k, v]) => !v[ADDED] || model?.properties?.[k] !== undefined)
        .map(([k, v]) => [k, takenAdditions(v, model?.properties?.[k])]),
    );
  if (node.items) out.items = takenAdditions(node.items, model?.items);
  return out;
}

/** Marks a property an answer may leave out (the model's `answerMayLack`): answers do not require it. */
const MAY_LACK = "x-answer-may-lack";

/**
 * The object schema of component `name` that holds the property at dotted `path`, following
 * properties, list items, pointers and allOf parts in `schemas` (a pointer is followed to the one
 * object every schema naming it shares).
 */
function holderOf(schemas: Record<string, Schema>, name: string, path: string): Schema {
  const pointed = (node: Schema): Schema => {
    if (!node.$ref) return node;
    let target: Schema = schemas[node.$ref.replace("#/components/schemas/", "").split("/")[0]!]!;
    for (const part of node.$ref.split("/").slice(4)) target = (target as Record<string, Schema>)[part]!;
    return pointed(target);
  };
  let node = pointed(schemas[name]!);
  for (const step of path.split(".").slice(0, -1)) {
    const holder = [node, ...(node.allOf ?? []).map(pointed)].find((s) => s.properties?.[step]);
    if (!holder) throw new Error(`${name}.${path}: ${step} is not in the description`);
    node = pointed(holder.properties![step]!);
    while (node.items) node = pointed(node.items);
  }
  return node;
}

/** A schema of the description by component name, with the contract's field renames applied. */
export function component(name: string): Schema {
  return renamedComponents()[name]!;
}

let renamedCache: Record<string, Schema> | undefined;
function renamedComponents(): Record<string, Schema> {
  if (renamedCache) return renamedCache;
  const schemas = structuredClone(published.components.schemas);
  for (const rename of differences.fields) {
    const schema = schemas[rename.schema];
    const holders = [schema, ...(schema?.allOf ?? [])].filter((s) => s?.properties?.[rename.published]);
    if (holders.length !== 1) throw new Error(`${rename.schema}.${rename.published} is not in the description`);
    const props = holders[0]!.properties!;
    props[rename.contract] = props[rename.published]!;
    delete props[rename.published];
  }
  for (const added of differences.added) {
    const holder = holderOf(schemas, added.schema, added.field);
    holder.properties![added.field.split(".").at(-1)!] = addedSchema(added.declared);
  }
  for (const value of differences.values) {
    const schema = schemas[value.schema]!;
    const props = [schema, ...(schema.allOf ?? [])].find((s) => s.properties?.[value.field])!.properties!;
    const { readOnly, ...published } = props[value.field]!;
    props[value.field] = { anyOf: [published, { const: value.also }], ...(readOnly ? { readOnly } : {}) };
  }
  for (const entry of differences.entries) {
    const schema = schemas[entry.schema]!;
    schema.allOf = schema.allOf!.filter((part) => part.$ref !== entry.without);
  }
  return (renamedCache = schemas);
}

/** Resolves `#/components/schemas/...` pointers (also into a schema's properties) and merges allOf. */
function resolve(node: Schema): Schema {
  if (node.$ref) {
    const parts = node.$ref.replace("#/components/schemas/", "").split("/");
    let target: Schema = renamedComponents()[parts[0]!]!;
    for (const part of parts.slice(1)) target = (target as Record<string, Schema>)[part]!;
    if (!target) throw new Error(`unresolved ${node.$ref}`);
    return resolve(target);
  }
  const out: Schema = { ...node };
  if (node.allOf) {
    delete out.allOf;
    return merge(out, ...node.allOf.map(resolve));
  }
  if (node.properties)
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, resolve(v)]));
  if (node.items) out.items = resolve(node.items);
  return out;
}

/**
 * Merges the parts of an allOf. The description sometimes puts `required` for the items of an
 * array property on the array itself (VPC create: `subnets: {required: [ipv4, label]}`); it means
 * the items, and goes there.
 */
function merge(...parts: Schema[]): Schema {
  const out: Schema = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === "properties") {
        const props = { ...(out.properties ?? {}) };
        for (const [name, schema] of Object.entries(value as Record<string, Schema>))
          props[name] = props[name] ? merge(props[name]!, schema) : schema;
        out.properties = props;
      } else if (key === "required") out.required = [...new Set([...(out.required ?? []), ...(value as string[])])];
      else out[key] = value;
    }
  }
  if (out.type === "array" && out.required && out.items) {
    out.items = merge(out.items, { required: out.required });
    delete out.required;
  }
  if (out.properties && !out.type) out.type = "object";
  return out;
}

/** Closes every object; for requests drops read-only fields, for answers requires every field. */
function shape(node: Schema, direction: "request" | "answer"): Schema {
  const out: Schema = { ...node };
  if (node.properties) {
    const entries = Object.entries(node.properties).filter(([, s]) => direction === "answer" || !s.readOnly);
    out.properties = Object.fromEntries(entries.map(([k, v]) => [k, shape(v, direction)]));
    out.additionalProperties = false;
    if (direction === "answer") out.required = entries.filter(([, s]) => !s[MAY_LACK]).map(([k]) => k);
    else if (out.required) out.required = out.required.filter((k) => out.properties![k]);
  }
  if (node.items) out.items = shape(node.items, direction);
  return out;
}

/** The published path of a contract path (`/networking/vpcs/ips` → `/vpcs/ips`). */
export function publishedPath(contractPath: string): string {
  return differences.paths.find((p) => p.contract === contractPath)?.published ?? contractPath;
}

function operation(method: string, contractPath: string): Operation {
  const op = published.paths[publishedPath(contractPath)]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${contractPath} is not in the published description`);
  return op;
}

/** The JSON schema a request body of the operation must match, or undefined when it takes none. */
export function requestSchema(method: string, contractPath: string): Schema | undefined {
  const body = operation(method, contractPath).requestBody?.content["application/json"].schema;
  if (!body) return undefined;
  const resolved = resolve(body);
  // The fields the contract adds, in the bodies the model says take them.
  const taking = BODIES[`${method} ${contractPath}`];
  const model = taking ? (bodySchema(taking[0], taking[1], taking[2]) as Schema) : undefined;
  const added = model?.properties ?? {};
  for (const a of differences.added)
    if (taking && componentsOf(taking[0]).includes(a.schema) && added[a.field])
      resolved.properties = { ...resolved.properties, [a.field]: added[a.field]! };
  return shape(takenAdditions(resolved, model), "request");
}

/** The JSON schema of the operation's 200 answer, with the contract's envelope where it differs. */
export function answerSchema(method: string, contractPath: string): Schema {
  let schema = resolve(operation(method, contractPath).responses[200].content["application/json"].schema);
  const envelope = differences.answers.find((a) => a.operation === `${method} ${contractPath}`);
  if (envelope) {
    const page = component("PaginationEnvelope");
    schema = merge(page, { type: "object", properties: { data: { type: "array", items: schema } } });
  }
  return shape(schema, "answer");
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
// The description's formats: timestamps carry no zone (the contract says so), addresses are IPs.
ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
// `ip` also names ranges there (a subnet's `ipv4`): an address, or an address with a prefix length.
ajv.addFormat("ip", (value: string) => {
  const [address, prefix, ...rest] = value.split("/");
  return isIP(address!) !== 0 && rest.length === 0 && (prefix === undefined || /^[0-9]{1,3}$/.test(prefix));
});
ajv.addFormat("base64", /^[A-Za-z0-9+/]*={0,2}$/);
ajv.addFormat("ipv4/prefix_length", true);

const compiled = new Map<string, ValidateFunction>();
function validator(key: string, schema: Schema): ValidateFunction {
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(schema)));
  return v;
}

/** Problems of a value against a schema, one line each (`/subnets/0/ipv4 must match format "ip"`). */
function problems(key: string, schema: Schema, value: unknown): string[] {
  const v = validator(key, schema);
  if (v(value)) return [];
  return (v.errors ?? []).map((e) => {
    const extra = e.keyword === "additionalProperties" ? ` (${String(e.params.additionalProperty)})` : "";
    return `${e.instancePath || "/"} ${e.message ?? e.keyword}${extra}`;
  });
}

/** Where a request body breaks the published request schema of its operation (empty: it matches). */
export function requestProblems(method: string, contractPath: string, body: unknown): string[] {
  const schema = requestSchema(method, contractPath);
  if (!schema) {
    const empty = body === undefined || (typeof body === "object" && body !== null && Object.keys(body).length === 0);
    return empty ? [] : ["/ the operation takes no body"];
  }
  return problems(`request ${method} ${contractPath}`, schema, body);
}

/** Where an answer breaks the published answer schema of its operation (empty: it matches). */
export function answerProblems(method: string, contractPath: string, body: unknown): string[] {
  return problems(`answer ${method} ${contractPath}`, answerSchema(method, contractPath), body);
}

/**
 * The field names the description gives an object, by a dotted path from a component through
 * properties and array items (`VPCSubnet.computes.interfaces`), under the contract's names.
 */
export function publishedFields(path: string): string[] {
  const [name, ...steps] = path.split(".");
  let schema = resolve({ $ref: `#/components/schemas/${name}` });
  for (const step of steps) {
    schema = schema.properties?.[step] ?? {};
    while (schema.items) schema = schema.items;
  }
  return Object.keys(schema.properties ?? {});
}
