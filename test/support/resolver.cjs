/**
 * Jest's module resolver for the tests: nodenext-style imports name the emitted ".js" file, so a
 * relative `./x.js` is resolved as `./x` first (the TypeScript source, or a package's own `.js`),
 * as TypeScript resolves it. Each answer is kept for the worker's life: jest runs the resolver for
 * a mapped name on every require of every suite and keeps nothing itself, and a worker's suites
 * resolve the same few thousand names again and again.
 */
const resolved = new Map();

module.exports = (request, options) => {
  const key = `${options.basedir}\0${request}\0${options.conditions ?? ""}`;
  let found = resolved.get(key);
  if (found === undefined) {
    const stem = /^\.{1,2}\/.*\.js$/.test(request) ? request.slice(0, -".js".length) : undefined;
    found = stem === undefined ? options.defaultResolver(request, options) : resolveStem(stem, request, options);
    resolved.set(key, found);
  }
  return found;
};

/** `./x.js` as `./x` (a TypeScript source, `x.js` or `x/index`), else as written. */
function resolveStem(stem, request, options) {
  try {
    return options.defaultResolver(stem, options);
  } catch {
    return options.defaultResolver(request, options);
  }
}
