/**
 * The static members every generated resource class has, in both flavours: `get`, which reads an
 * existing object by id into the program without managing it, and `isInstance`.
 */
import type { ResourceSpec } from "../resources/list.js";
import { doc } from "./type-lines.js";

/** What `get` says about the account it reads from, per flavour. */
export type AccountDoc = (r: ResourceSpec) => string;

/** The dynamic flavour reads with the program's one account. */
export const dynamicDoc: AccountDoc = () =>
  "The read uses the program's account (`cloudplatform:apiUrl` and `cloudplatform:token`), as every dynamic " +
  "resource does; `pulumi-cloudplatform/plugin` reads through an explicit provider (`opts.provider`).";

/** The plugin flavour reads through the provider of `opts`. */
export const pluginDoc: AccountDoc = () =>
  "The engine reads it through the plugin: with `opts.provider`, from that provider's account.";

/**
 * `get` and `isInstance` of `r`'s class. `tokenOf` names the function (imported in the class's
 * file) that gives the class's type token from its name.
 */
export function readMembers(r: ResourceSpec, tokenOf: string, account: AccountDoc): string {
  const about =
    `Reads the existing ${r.name} \`id\` (${r.importId}) into the program without managing it: ` +
    "`pulumi up` and `refresh` only read it, `destroy` leaves it, and nothing is written to the API. " +
    `Its outputs are those of a ${r.name} the program manages. \`state\` may name arguments that ` +
    "qualify the look-up; the values read replace them. " +
    account(r);
  return `${doc(about, "  ")}  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<${r.name}Args>,
    opts?: pulumi.CustomResourceOptions,
  ): ${r.name} {
    return new ${r.name}(name, (state ?? {}) as ${r.name}Args, { ...opts, id });
  }

  /** Whether \`obj\` is a ${r.name} of this flavour, also when made by another copy of the package. */
  public static override isInstance(obj: unknown): obj is ${r.name} {
    return isResourceOf(obj, ${tokenOf}("${r.name}"));
  }
`;
}
