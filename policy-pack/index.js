// The ready policy pack: every policy of pulumi-cloudplatform/policy at its default enforcement
// level (docs/policies.md). The engine starts it from this folder inside the user's node_modules
// and installs nothing for it, so `@pulumi/policy` and `@pulumi/pulumi` are found as Node.js finds
// any module from here: in the project's node_modules (or the package's own). The policies are
// the built library of this package, one folder up.
"use strict";

let PolicyPack;
try {
  ({ PolicyPack } = require("@pulumi/policy"));
} catch (err) {
  if (err && err.code === "MODULE_NOT_FOUND" && /@pulumi\/policy/.test(err.message))
    throw new Error(
      "The pulumi-cloudplatform policy pack needs @pulumi/policy: install it in the project " +
        "(npm install --save-dev @pulumi/policy), then run the preview again.",
    );
  throw err;
}
const { policies } = require("../dist/policy/index.js");

new PolicyPack("cloudplatform", {
  description: "Stops, at preview, the changes that expose or lose a Cloud Platform managed database.",
  policies: [...policies],
});
