/**
 * The options of `pulumi-cloudplatform import` and their command line form. Parsing is kept apart
 * from the command so that tests and other tools can build options without a command line.
 */

/** The kinds of objects the generator reads; subnets come with their VPC, snapshots with their database. */
export type ImportKind = "vpc" | "mysql" | "postgresql";

/** Every kind, in the order the program declares them. */
export const IMPORT_KINDS: readonly ImportKind[] = ["vpc", "mysql", "postgresql"];

/** The language of the generated program: TypeScript, or plain CommonJS JavaScript. */
export type ImportLanguage = "ts" | "js";

/** How a VPC's subnets are declared: in the `Vpc`'s `subnets` list, or as one `VpcSubnet` each. */
export type SubnetStyle = "inline" | "resources";

/** Which objects of the account the program adopts. Every list left out selects everything. */
export interface ImportFilters {
  /** Region ids; an object elsewhere is left out. */
  regions?: string[];
  /**
   * Label patterns (`*` any run of characters, `?` one character, matched against the whole
   * label); a VPC or database whose label matches none is left out, with its subnets or snapshots.
   */
  labels?: string[];
  /** Kinds to read; default all. */
  kinds?: ImportKind[];
}

/** What the generator does, as the command line or a caller states it. */
export interface ImportOptions {
  /** Base URL without `/v4`; falls back to CLOUDPLATFORM_API_URL. */
  apiUrl?: string;
  /** API token; falls back to CLOUDPLATFORM_TOKEN. Never written into the program. */
  token?: string;
  /** File to write the program to; standard output when left out. */
  out?: string;
  /** Replace `out` when it exists (default: refuse). */
  force?: boolean;
  /** Default `ts`. */
  language?: ImportLanguage;
  /** Default `resources`. */
  subnets?: SubnetStyle;
  /** Adopt the on-demand snapshots of the selected databases too (default false). */
  snapshots?: boolean;
  filters?: ImportFilters;
}

/** The usage text of the `import` command, printed by `--help` and after a wrong option. */
export const IMPORT_USAGE = `usage: pulumi-cloudplatform import [options]

Reads the account through the API and writes a Pulumi program that adopts every VPC (with its
subnets), MySQL and PostgreSQL database (and, with --snapshots, their snapshots): each resource
carries its adoptId and every input set to the object's current value, so the first pulumi up
makes no API write and the preview after it shows no changes. Secrets are never written.
The program goes to standard output (or --out); progress and the summary go to standard error.

options:
  --api-url URL             API base URL without /v4 (default: $CLOUDPLATFORM_API_URL)
  --token TOKEN             API token (default: $CLOUDPLATFORM_TOKEN; prefer the variable)
  --out FILE                write the program to FILE instead of standard output
                            (refused when FILE exists, unless --force)
  --force                   replace an existing --out FILE (a symbolic link is replaced, not followed)
  --language ts|js          TypeScript (default) or CommonJS JavaScript
  --subnets inline|resources
                            subnets in the Vpc's subnets list, or one VpcSubnet each (default)
  --snapshots               also adopt the databases' on-demand snapshots (databases of the
                            contract's platform, rdbms-legacy: today's platform keeps none)
  --region ID[,ID...]       only objects in these regions
  --label PATTERN[,...]     only VPCs and databases whose label matches (* and ? wildcards)
  --kind vpc,mysql,postgresql
                            only these kinds (default all)
  --help                    print this text

exit codes: 0 done, 1 the API could not be read, 2 a usage or configuration error,
3 the program could not be written to --out (the file exists, or an I/O error)`;

/** The arguments asked for help instead of an import. */
export const HELP = Symbol("help");

/**
 * Parses the arguments after `import`. Throws with the usage text on anything unknown or
 * malformed, so that a typo never silently widens or narrows what is adopted.
 */
export function parseImportArgs(args: readonly string[]): ImportOptions | typeof HELP {
  const out: ImportOptions = {};
  const filters: ImportFilters = {};
  const fail = (message: string): never => {
    throw new Error(`${message}\n${IMPORT_USAGE}`);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = flag === arg ? undefined : arg.slice(eq + 1);
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || (inline === undefined && v.startsWith("--"))) return fail(`${flag} needs a value`);
      return v;
    };
    const list = (): string[] => {
      const items = value()
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");
      return items.length > 0 ? items : fail(`${flag} needs at least one value`);
    };
    switch (flag) {
      case "--help":
      case "-h":
        return HELP;
      case "--api-url":
        out.apiUrl = value();
        break;
      case "--token":
        out.token = value();
        break;
      case "--out":
        out.out = value();
        break;
      case "--language": {
        const v = value();
        if (v !== "ts" && v !== "js") fail(`--language takes ts or js, got "${v}"`);
        out.language = v as ImportLanguage;
        break;
      }
      case "--subnets": {
        const v = value();
        if (v !== "inline" && v !== "resources") fail(`--subnets takes inline or resources, got "${v}"`);
        out.subnets = v as SubnetStyle;
        break;
      }
      case "--snapshots":
        if (inline !== undefined) fail("--snapshots takes no value");
        out.snapshots = true;
        break;
      case "--force":
        if (inline !== undefined) fail("--force takes no value");
        out.force = true;
        break;
      case "--region":
        filters.regions = [...(filters.regions ?? []), ...list()];
        break;
      case "--label":
        filters.labels = [...(filters.labels ?? []), ...list()];
        break;
      case "--kind": {
        const kinds = list();
        const unknown = kinds.filter((k) => !(IMPORT_KINDS as readonly string[]).includes(k));
        if (unknown.length > 0) fail(`--kind takes ${IMPORT_KINDS.join(", ")}; unknown: ${unknown.join(", ")}`);
        filters.kinds = [...new Set([...(filters.kinds ?? []), ...(kinds as ImportKind[])])];
        break;
      }
      default:
        fail(`unknown option ${arg}`);
    }
  }
  if (Object.keys(filters).length > 0) out.filters = filters;
  return out;
}
