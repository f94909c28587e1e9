/**
 * The generated files, made from the list of resources (src/resources/list.ts), their field
 * tables and the shared object types (src/schema/object-types.ts): `schema.json`, each resource folder's
 * `args.ts` (its arguments interface) and `class.ts` (its dynamic resource class), each resource's stored paths
 * (`src/providers/<folder>.ts` and `src/resources/<folder>.ts`), `src/resources/types.ts`,
 * the package's exports `src/resources/index.ts`, the plugin SDK `src/sdk/index.ts`, the
 * look-ups' result types `src/functions/result-types.ts` (result-types.ts here), and the
 * field tables in docs/resources.md (the rest of that file is written by hand).
 * `npm run generate` (scripts/generate.mjs) writes them; `node scripts/generate.mjs --check`, which
 * test/schema/generated.test.ts runs, fails when a checked-in one differs from what this makes.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { RESOURCE_LIST, type ResourceSpec } from "../resources/list.js";
import { generateSchema } from "../schema/index.js";
import { SHARED_TYPES } from "../schema/object-types.js";
import { withFieldTables } from "./docs.js";
import { header, typeImports } from "./header.js";
import { dynamicDoc, readMembers } from "./get-method.js";
import { resultTypesFile } from "./result-types.js";
import { sdkFile, sdkFunctionsFile } from "./sdk.js";
import { lazyProviderFile, providerPathFile } from "./stored-paths.js";
import { argsName, argumentLines, doc, outputLines, outputType, TypeUse } from "./type-lines.js";

export { COMMAND } from "./header.js";

/**
 * A resource's `args.ts`: its arguments interface, apart from its class so that what the class
 * runs (its program side, through the list of resources) can name the arguments without a circle.
 */
function argsFile(r: ResourceSpec): string {
  const use = new TypeUse();
  const args = argumentLines(r.table, r.engine, use);
  return `${header(`the field table of ${r.name}`)}/**
 * The arguments of the \`${r.name}\` resource class (\`class.ts\`, which exports them too).
 */
import type * as pulumi from "@pulumi/pulumi";
${typeImports(use, "../types.js")}
/** Arguments of the \`${r.name}\` resource. */
export interface ${r.name}Args {
${args}}
`;
}

/** A resource's \`class.ts\`: its dynamic resource class, which exports its arguments (\`args.ts\`) too. */
function classFile(root: string, r: ResourceSpec): string {
  const use = new TypeUse();
  const outputs = outputLines(r.table, r.engine, use);
  const about = readFileSync(path.join(root, "src", "resources", r.folder, "doc.md"), "utf8");
  return `${header(`the field table and doc.md of ${r.name}`)}/**
 * The \`${r.name}\` resource class and its arguments (\`args.ts\`). Its provider is \`provider.ts\`, which the
 * class names by the stored path \`dist/providers/${r.folder}.js\` (docs/engine.md).
 */
import * as pulumi from "@pulumi/pulumi";
import lazy from "../../providers/${r.folder}.js";
import { dynamicToken, PACKAGE } from "../../shared/engine/package.js";
import {
  afterRegistration,
  isRead,
  isResourceOf,
  readProps,
  registeredOptions,
  registeredProps,
} from "../../shared/engine/resource-class.js";
import { urnInput } from "../../shared/engine/resource-urn.js";
import { storedProvider } from "../../shared/engine/stored-provider.js";
import { RESOURCES } from "../list.js";
import type { ${r.name}Args } from "./args.js";
${typeImports(use, "../types.js")}
export type { ${r.name}Args } from "./args.js";

${doc(about)}export class ${r.name} extends pulumi.dynamic.Resource {
${outputs}
  /** Manages a ${r.name}; with \`opts.id\`, reads the existing one instead (see {@link ${r.name}.get}). */
  constructor(name: string, args: ${r.name}Args, opts?: pulumi.CustomResourceOptions) {
    const spec = RESOURCES.${r.name};
    const reading = isRead(opts);
    const props = reading ? readProps(spec, args) : registeredProps(spec, args, urnInput("${r.name}", name, opts));
    super(storedProvider(lazy), name, props, registeredOptions(spec, opts), PACKAGE, "${r.name}");
    afterRegistration(spec, this, reading ? undefined : args);
  }

${readMembers(r, "dynamicToken", dynamicDoc)}}
`;
}

/** The object types used by the resources' arguments and outputs, with the types they use in turn. */
export function usedTypes(): TypeUse {
  const use = new TypeUse();
  for (const r of RESOURCE_LIST) {
    argumentLines(r.table, r.engine, use);
    outputLines(r.table, r.engine, use);
  }
  for (let size = -1; size !== use.inputs.size + use.outputs.size;) {
    size = use.inputs.size + use.outputs.size;
    for (const name of use.inputs) argumentLines(SHARED_TYPES[name]![1], undefined, use);
    for (const name of use.outputs)
      for (const f of Object.values(SHARED_TYPES[name]![1])) outputType({ ...f, change: "output" }, use);
  }
  return use;
}

/** `src/resources/types.ts`: the object types of the arguments and outputs. */
function typesFile(): string {
  const use = usedTypes();
  const scratch = new TypeUse();
  const interfaces = Object.entries(SHARED_TYPES).flatMap(([name, [description, table]]) => {
    const out: string[] = [];
    if (use.inputs.has(name))
      out.push(
        `${doc(description)}export interface ${argsName(name)} {\n${argumentLines(table, undefined, scratch)}}\n`,
      );
    if (use.outputs.has(name)) {
      const lines = Object.entries(table).map(([k, f]) => {
        const type = outputType({ ...f, absent: undefined }, scratch);
        const optional = !f.required && !f.absent;
        return `${doc(f.description, "  ")}  ${k}${optional ? "?" : ""}: ${type}${f.absent ? ` | ${f.absent}` : ""};\n`;
      });
      out.push(`${doc(description)}export interface ${name} {\n${lines.join("")}}\n`);
    }
    return out;
  });
  return `${header("the shared object types of src/schema/object-types.ts")}/**
 * The object types the resources' arguments take (\`...Args\`, \`Timeouts\`, \`VpcSubnetSpec\`) and their
 * outputs give.
 */
import type * as pulumi from "@pulumi/pulumi";

${interfaces.join("\n")}`;
}

/** `src/resources/index.ts`: the package's resource exports. */
function exportsFile(): string {
  const use = usedTypes();
  const lines = RESOURCE_LIST.map((r) => `export { ${r.name}, type ${r.name}Args } from "./${r.folder}/class.js";\n`);
  const types = [...[...use.inputs].map(argsName), ...use.outputs].sort();
  return `${header("the list of resources (src/resources/list.ts)")}/**
 * The resource classes, their arguments and the object types they take and give. The providers
 * stay in their modules: the provider process loads them there by path, and programs never need them.
 */
${lines.join("")}export type { ${types.join(", ")} } from "./types.js";
`;
}

/** Formats a TypeScript file's text as the repository formats it (prettier, given by the caller). */
export type Format = (text: string, filepath: string) => Promise<string>;

/** Every generated file by its path from the repository root, all but `schema.json` formatted with `format`. */
export async function generatedFiles(root: string, version: string, format: Format): Promise<Record<string, string>> {
  const sources: Record<string, string> = {
    "src/resources/types.ts": typesFile(),
    "src/resources/index.ts": exportsFile(),
    "src/sdk/index.ts": sdkFile(),
    "src/sdk/functions.ts": sdkFunctionsFile(),
    "src/functions/result-types.ts": resultTypesFile(usedTypes().outputs),
  };
  for (const r of RESOURCE_LIST) {
    sources[`src/resources/${r.folder}/args.ts`] = argsFile(r);
    sources[`src/resources/${r.folder}/class.ts`] = classFile(root, r);
    sources[`src/resources/${r.folder}.ts`] = providerPathFile(r);
    sources[`src/providers/${r.folder}.ts`] = lazyProviderFile(r);
  }
  sources["docs/resources.md"] = withFieldTables(readFileSync(path.join(root, "docs", "resources.md"), "utf8"));
  const files: Record<string, string> = { "schema.json": `${JSON.stringify(generateSchema(version), null, 2)}\n` };
  for (const [file, text] of Object.entries(sources)) {
    files[file] = await format(text, path.join(root, file));
  }
  return files;
}
