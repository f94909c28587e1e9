#!/usr/bin/env node
// Prints performance figures, each beside its target ("ok" or "MISSED"); nothing here fails a build:
// test/e2e/footprint.test.ts guards the budgets. Run with `npm run bench` (builds first; the engine
// from scripts/install-pulumi.sh). Traffic goes only to an emulator on 127.0.0.1; every loop is bounded.
//
//   npm run bench -- [--only network|preview] [--n 200] [--account-n 10] [--sizes 0,1000,10000]
//
// --only preview runs only the reads of a preview that creates N resources; --only network only the
// figures of VPCs with two subnets (scripts/bench/network-figures.mjs):
// --n VPCs for the wall times against the engine's floor, --account-n VPCs for the reads at each
// account size of --sizes.
//
// The measurements live in scripts/bench/: in-process-figures.mjs (inline subnets, polling, the
// client), engine-figures.mjs (the bench stack through the engine), network-figures.mjs.
import { parseArgs } from "node:util";
import { CONTRACT, startEmulator } from "./bench/common.mjs";
import { clientFigures, pollingFigures, startupFigures, subnetCheckFigures } from "./bench/in-process-figures.mjs";
import { engineFigures, previewReadFigures, stack } from "./bench/engine-figures.mjs";

const { accountReadFigures, networkTimeFigures } = await import("./bench/network-figures.mjs");

const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    n: { type: "string", default: "200" },
    "account-n": { type: "string", default: "10" },
    sizes: { type: "string", default: "0,1000,10000" },
  },
});

/** Reads by account size and wall times against the engine's floor, for VPCs with two subnets each. */
async function networkFigures() {
  const emulator = await startEmulator({ ...CONTRACT, port: 0 });
  try {
    const sizes = flags.sizes.split(",").map(Number);
    await accountReadFigures(emulator, stack, { sizes, n: Number(flags["account-n"]) });
    await networkTimeFigures(emulator, stack, { n: Number(flags.n) });
  } finally {
    await emulator.close();
  }
}

console.log("Benchmarks of pulumi-cloudplatform; docs/performance.md explains each figure and its target.");
if (flags.only === "preview") {
  const emulator = await startEmulator({ ...CONTRACT, port: 0, provisioningSeconds: 2 });
  await previewReadFigures(emulator).finally(() => emulator.close());
} else {
  if (flags.only !== "network") {
    await subnetCheckFigures();
    await engineFigures();
    pollingFigures();
    await startupFigures();
    await clientFigures();
  }
  await networkFigures();
}
