/**
 * A TypeScript compiler host that parses each file once per test process: the suites that build
 * a second program over the same sources (a self-test, a second generated program) reuse the first
 * one's parsed and bound files instead of reading them all again.
 */
import * as ts from "typescript";

/** Files parsed so far, by name and the parse options asked for, shared by every host this module makes. */
const PARSED = new Map<string, ts.SourceFile | undefined>();

/**
 * `ts.createCompilerHost(options)` (no parent pointers up front: the binder sets them), whose
 * files come from {@link PARSED} once read; a file `fresh` names is always read anew.
 */
export function parsedOnceHost(options: ts.CompilerOptions, fresh: (file: string) => boolean = () => false) {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, version, ...rest) => {
    if (fresh(file)) return read(file, version, ...rest);
    const key = `${file}\n${JSON.stringify(version)}`;
    if (!PARSED.has(key)) PARSED.set(key, read(file, version, ...rest));
    return PARSED.get(key);
  };
  return host;
}
