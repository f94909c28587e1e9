// Jest cannot require() ES modules, and got and p-retry ship only as ES modules. This transformer
// compiles our TypeScript and those packages' JavaScript to CommonJS with TypeScript's own
// transpiler (no type-check: `npm run typecheck` does that, and `npm run test:unit` runs it), so
// tests load the same CommonJS code that the Pulumi provider process runs. See docs/contributing-testing.md.
const crypto = require("node:crypto");

// The compiler (one 9 MB file) is loaded only when a file is not in jest's cache: every worker
// loads this transformer, and with a warm cache none of them needs it.
const tsVersion = require("typescript/package.json").version;
let compile;
function transpiler() {
  if (compile) return compile;
  const ts = require("typescript");
  const compilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    esModuleInterop: true,
    // The map goes to jest beside the code, not inside it: jest keeps it in its cache and maps
    // stack traces from it, and every suite compiles a third of the text (an inline map with its
    // sources is twice the size of the code).
    sourceMap: true,
    inlineSources: true,
    allowJs: true,
  };
  compile = (source, fileName) => {
    const { outputText, sourceMapText } = ts.transpileModule(source, { compilerOptions, fileName });
    return { code: outputText.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n"), map: sourceMapText };
  };
  return compile;
}

/** Bumped when what the transformer emits changes, so that jest's cache drops the old output. */
const FORMAT = "map-beside-code";

module.exports = {
  getCacheKey(source, filename) {
    return crypto.createHash("sha1").update(tsVersion).update(FORMAT).update(filename).update(source).digest("hex");
  },
  process(source, filename) {
    return transpiler()(source, filename);
  },
};
