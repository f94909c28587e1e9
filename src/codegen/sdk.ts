/**
 * The plugin SDK `pulumi-cloudplatform/plugin`: in `src/sdk/index.ts` the `Provider` class (from the
 * provider configuration of the schema), each resource's class (from the list of resources, with
 * `get` and `isInstance`); in `src/sdk/functions.ts` each look-up in its promise and `...Output`
 * forms (from the schema's functions), all invoked through the plugin so that an explicit provider applies.
 */
import { RESOURCE_LIST } from "../resources/list.js";
import { FUNCTIONS } from "../schema/functions.js";
import { RESULTS } from "./result-types.js";
import { CONFIG } from "../schema/index.js";
import { header, typeImports } from "./header.js";
import { pluginDoc, readMembers } from "./get-method.js";
import { doc, outputLines, TypeUse } from "./type-lines.js";

/** The `Provider` class and its arguments, one per configuration key of the schema. */
function providerClass(): string {
  const args = Object.entries(CONFIG).map(([key, p]) => {
    const env = (p.defaultInfo as { environment?: string[] } | undefined)?.environment?.[0];
    const text = `${String(p.description)}${p.secret ? " Secret." : ""}${env ? ` Default: the ${env} environment variable.` : ""}`;
    return `${doc(text, "  ")}  ${key}?: pulumi.Input<${String(p.type)}>;\n`;
  });
  return `/** Arguments of {@link Provider}: the settings of the stack configuration \`cloudplatform:*\`, for one account. */
export interface ProviderArgs {
${args.join("")}}

/**
 * An explicit provider: one account (or API) of the plugin \`pulumi-resource-cloudplatform\`. A resource
 * or look-up given \`{ provider }\` goes to that account; the others use the default provider, set by the
 * stack configuration. Settings left out fall back to the CLOUDPLATFORM_* environment variables, not to
 * the stack configuration. The token is stored as a secret.
 */
export class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: ProviderArgs = {}, opts?: pulumi.ResourceOptions) {
    super(PACKAGE, name, providerInputs(args), providerOptions(opts));
  }

  /** Whether \`obj\` is a Provider of this package, also when made by another copy of the package. */
  public static override isInstance(obj: unknown): obj is Provider {
    return isResourceOf(obj, \`pulumi:providers:\${PACKAGE}\`);
  }
}
`;
}

/** One resource's class. */
function resourceClass(r: (typeof RESOURCE_LIST)[number], use: TypeUse): string {
  const outputs = outputLines(r.table, r.engine, use);
  const about =
    `${r.description} Served by the plugin \`pulumi-resource-cloudplatform\`; arguments, outputs and checks ` +
    `as \`pulumi-cloudplatform\`'s \`${r.name}\`. Import id: ${r.importId}.`;
  return `${doc(about)}export class ${r.name} extends pulumi.CustomResource {
${outputs}
  /** Manages a ${r.name}; with \`opts.id\`, reads the existing one instead (see {@link ${r.name}.get}). */
  constructor(name: string, args: ${r.name}Args, opts?: pulumi.CustomResourceOptions) {
    const spec = RESOURCES.${r.name};
    const reading = isRead(opts);
    const props = reading ? readProps(spec, args) : registeredProps(spec, args);
    super(token("${r.name}"), name, props, registeredOptions(spec, opts));
    afterRegistration(spec, this, reading ? undefined : args);
  }

${readMembers(r, "token", pluginDoc)}}
`;
}

/** One look-up in both forms, typed as the dynamic package's function of the same name. */
function lookUp(name: string): string {
  const fn = FUNCTIONS[name]!;
  const optional = !Object.values(fn.inputs).some((f) => f.required);
  const type = `typeof fn.${name}`;
  const deflt = optional ? " = {}" : "";
  return `${doc(`${fn.description} Invoked through the plugin: \`opts.provider\` picks the account.`)}export function ${name}(
  args: ArgsOf<${type}>${deflt},
  opts?: pulumi.InvokeOptions,
): Promise<ResultOf<${type}>> {
  return invokeLookUp("${name}", args, opts);
}

${doc(`{@link ${name}} taking Inputs, as an Output; secrets of the result stay secret.`)}export function ${name}Output(
  args: InputsOf<ArgsOf<${type}>>${deflt},
  opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<ResultOf<${type}>> {
  return invokeLookUpOutput("${name}", args, opts);
}
`;
}

/** `src/sdk/index.ts`: the plugin's provider, classes and look-ups. */
export function sdkFile(): string {
  const use = new TypeUse();
  const classes = RESOURCE_LIST.map((r) => resourceClass(r, use));
  const argsNames = RESOURCE_LIST.map((r) => `${r.name}Args`);
  return `${header("the list of resources (src/resources/list.ts), their field tables and the schema's functions and configuration")}/**
 * \`pulumi-cloudplatform/plugin\`: the resources and look-ups of the provider plugin
 * \`pulumi-resource-cloudplatform\` for TypeScript and JavaScript programs, and its \`Provider\`. They take
 * the same arguments as the resources and look-ups of \`pulumi-cloudplatform\`, run the same checks in the
 * program and give the same outputs, but the engine drives them through the plugin, so explicit
 * providers (several accounts in one program), \`pulumi import\`, \`customTimeouts\` and a state without a
 * serialized provider come with them (docs/plugin.md says how to install the plugin and how to choose).
 */
import * as pulumi from "@pulumi/pulumi";
import { RESOURCES } from "../resources/list.js";
import { PACKAGE, token } from "../shared/engine/package.js";
import {
  afterRegistration,
  isRead,
  isResourceOf,
  readProps,
  registeredOptions,
  registeredProps,
} from "../shared/engine/resource-class.js";
import { providerInputs, providerOptions } from "./provider-inputs.js";
${RESOURCE_LIST.map((r) => `import type { ${r.name}Args } from "../resources/${r.folder}/args.js";\n`).join("")}${typeImports(use, "../resources/types.js")}
export type { ${argsNames.join(", ")} };
export type { ${Object.keys(RESULTS).sort().join(", ")} } from "../functions/index.js";
export type { ArgsOf, InputsOf, ResultOf } from "./look-ups.js";

export * from "./functions.js";

${providerClass()}
${classes.join("\n")}`;
}

/** `src/sdk/functions.ts`: each look-up of the schema, in both forms. */
export function sdkFunctionsFile(): string {
  return `${header("the schema's functions (src/schema/functions.ts)")}/**
 * The look-ups of \`pulumi-cloudplatform/plugin\`: each function of the schema, as a promise and as an
 * \`...Output\`, invoked through the plugin so that \`opts.provider\` picks the account.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as fn from "../functions/index.js";
import { invokeLookUp, invokeLookUpOutput, type ArgsOf, type InputsOf, type ResultOf } from "./look-ups.js";

${Object.keys(FUNCTIONS).map(lookUp).join("\n")}`;
}
