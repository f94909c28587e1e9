/**
 * A field table's check: the rules the API model declares for each row's field, then the row's
 * own (required, type, single-field rule, choices), with defaults filled in; unknown and
 * malformed input keys refused first.
 */
import { fieldProblems, type ApiField, type Entity } from "../../api/index.js";
import type { EngineType } from "../../client/index.js";
import { toApi } from "./codec.js";
import { inputNames, type Field, type FieldTable } from "./declaration.js";
import { hasUnknown, inputShapeProblem, isEngineKey, isForbiddenKey, Rules, type Bag } from "./validate.js";

/** Checks of one field that are not the table's generic ones (cross-field rules, lists, objects). */
export type FieldCheck = (rules: Rules, news: Bag, inputs: Bag) => void;

/**
 * Runs the table's rules over `news` in table order: the rules `model` declares for the field a
 * row sends (`api`), then the row's own: required, type, single-field rule, choices; and fills
 * defaults into the returned inputs. A field named in `explicit` is checked by that code instead
 * of the row's own rules, at its place in the order, so failures keep the table's order. A field
 * the model refuses is not judged again by the row's rules: one refusal per field.
 */
export function checkFields<A>(
  table: FieldTable<A>,
  news: Bag,
  engine: EngineType | undefined,
  explicit: Record<string, FieldCheck> = {},
  model?: Entity,
  platform?: string,
): { rules: Rules; inputs: Bag } {
  const rules = new Rules();
  const inputs: Bag = { ...news };
  const refused = refuseStrangeInputs(table, news, engine, rules);
  for (const [k, f] of Object.entries(table)) {
    if (f.change === "output" || refused.has(k)) continue;
    const judged = model
      ? modelRules(rules, model, k, f, news[k], engine, platform)
      : { valued: false, refused: false };
    // A field of the other engine: the model's `engines` refuses a value, nothing else applies.
    if (engine && f.engines && !f.engines.includes(engine)) continue;
    if (judged.refused) continue;
    const absent = news[k] === undefined || news[k] === null;
    if (absent && f.default !== undefined) inputs[k] = f.default;
    const custom = explicit[k];
    if (custom || f.check) {
      if (custom) custom(rules, news, inputs);
      else f.check!(rules, news, k);
      continue;
    }
    if (f.choices) {
      if (absent && f.required) rules.fail(k, `${k} is required`);
      // A field whose values the model declares has had them applied.
      if (!judged.valued) rules.oneOf(news, k, f.choices.values, f.choices.why);
    } else if (f.type === "string") {
      rules.string(news, k, f.required ?? false, f.rule && ((v) => f.rule!(v, engine)));
    } else if (f.type === "boolean") {
      if (!absent) rules.boolean(news, k);
    } else if (f.type === "id") {
      const id = rules.id(news, k, f.required ?? false);
      if (id !== undefined) inputs[k] = id;
    }
  }
  return { rules, inputs };
}

/**
 * Applies the rules `model` declares (src/api rules.ts) to what the row `k` would send for
 * `value`: its request entries, as create and update write them. Each refusal names the input's
 * path (`updates.hourOfDay`) and gives the API's reason, the text `up` would show. A value not
 * known yet, or not given, sends nothing; so does a row that maps no field of the model.
 * `valued`: the model listed the values the field takes, and judged the value by them.
 */
function modelRules<A>(
  rules: Rules,
  model: Entity,
  k: string,
  f: Field<A>,
  value: unknown,
  engine: EngineType | undefined,
  platform: string | undefined,
): { valued: boolean; refused: boolean } {
  if (f.api === undefined || value === undefined || value === null || hasUnknown(value))
    return { valued: false, refused: false };
  const before = rules.failures.length;
  let valued = false;
  for (const [wire, v] of Object.entries(toApi({ [k]: f } as FieldTable<A>, { [k]: value }, [k]))) {
    const declared = model.fields[wire];
    // The model's rules are the contract's; a field another platform treats otherwise is that
    // platform's code's to judge (a platform not told yet: any that differs, for the API to judge).
    if (!declared || (platform !== undefined && differsOn(declared, platform))) continue;
    valued ||= declared.enum !== undefined || declared.requestEnum !== undefined;
    for (const refusal of fieldProblems(wire, declared, v, engine)) {
      const path = k + camelPath(refusal.field.slice(wire.length));
      rules.fail(path, `${path}: ${refusal.reason}`);
    }
  }
  return { valued, refused: rules.failures.length > before };
}

/** Whether `platform` (or, `unknown`, any platform) declares its own use of the field or of a part of it. */
function differsOn(field: ApiField, platform: string): boolean {
  const uses = field.platforms as Record<string, unknown> | undefined;
  if (uses && (platform === "unknown" ? Object.keys(uses).length > 0 : uses[platform] !== undefined)) return true;
  const type = field.type;
  if (typeof type === "object" && "object" in type)
    return Object.values(type.object.fields).some((f) => differsOn(f, platform));
  return false;
}

/** A wire path's tail in the inputs' camelCase (`.x_y` as `.xY`): how a window's parts are named as inputs. */
function camelPath(wirePath: string): string {
  return wirePath.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Refuses, before any rule walks a value: keys the table does not know (a typo would otherwise be
 * ignored silently), naming the known inputs; values nested too deep to walk, or holding
 * `__proto__`, `constructor` or `prototype` keys. Keys the engine adds (`__provider`) pass.
 * Returns the fields refused, which no other rule then reads.
 */
function refuseStrangeInputs<A>(
  table: FieldTable<A>,
  news: Bag,
  engine: EngineType | undefined,
  rules: Rules,
): Set<string> {
  const refused = new Set<string>();
  const unknown: string[] = [];
  for (const k of Object.keys(news)) {
    if (isEngineKey(k) || news[k] === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(table, k)) {
      unknown.push(k);
      continue;
    }
    const problem = inputShapeProblem(k, news[k]);
    if (problem !== undefined) {
      rules.fail(k, problem);
      refused.add(k);
    }
  }
  const known = inputNames(table, engine).join(", ");
  for (const k of unknown)
    rules.fail(
      k,
      isForbiddenKey(k)
        ? `${k} is not allowed: ${k} is never an input key`
        : `${JSON.stringify(k)} is not an input; the inputs are ${known}`,
    );
  return refused;
}
