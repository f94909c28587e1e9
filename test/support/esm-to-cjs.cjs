// Jest cannot require() ES modules, and got and p-retry ship only as ES modules. This transformer
// compiles our TypeScript and those packages' JavaScript to CommonJS with TypeScript's own
// transpiler (no type-check: `npm run typecheck` does that, and `npm run test:unit` runs it), so
// tests load the same CommonJS code that the Pulumi provider process runs. See docs/contributing-testing.md.
const crypto = require("node:crypto");
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

module.exports = {
  getCacheKey(source, filename) {
    return crypto.createHash("sha1").update(ts.version).update(filename).update(source).digest("hex");
  },
  process(source, filename) {
    const out = ts.transpileModule(source, { compilerOptions, fileName: filename });
    return { code: out.outputText };
  },
};
