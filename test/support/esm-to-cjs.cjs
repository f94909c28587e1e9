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
    sourceMap: false,
    inlineSourceMap: true,
    inlineSources: true,
    allowJs: true,
  };
  compile = (source, fileName) => ts.transpileModule(source, { compilerOptions, fileName }).outputText;
  return compile;
}

module.exports = {
  getCacheKey(source, filename) {
    return crypto.createHash("sha1").update(tsVersion).update(filename).update(source).digest("hex");
  },
  process(source, filename) {
    return { code: transpiler()(source, filename) };
  },
};
