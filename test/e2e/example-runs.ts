/**
 * Runs of the projects of examples/ the way a user runs them: the repository packed with `npm
 * pack`, the tarball installed by name into a copy of each example, TypeScript compiled against the
 * installed package's types, and `up`, a preview that must show no changes, and `destroy` on the
 * real engine against the emulator. scripts/packed-example.mjs does the work in a child process
 * (jest's module registry cannot host the Pulumi runtime of another install); the stories read
 * its JSON report and check the emulator's API. The runner packs dist/, so `npm run build` comes
 * first (`npm test` does it); a file's first story packs and installs (about 20 s), its others
 * reuse that tarball and install.
 */
import * as path from "node:path";
import type { EmulatorOptions } from "../../src/emulator/index.js";
import { startTestEmulator, TODAYS_API, type TestEmulator } from "../support/emulator";
import { runPacked, type PackedReport } from "../support/packed";
import { list } from "./helpers";

/** What a story file uses: its emulator, the runs, and the shared install. */
export interface ExampleRuns {
  emulator(): TestEmulator;
  /** Runs operations on one example, reusing the file's first tarball. */
  runExample(name: string, operations: string[], extra?: string[]): Promise<PackedReport>;
  /** `up` from an empty state: everything created, the outputs as given (secrets masked by the runner). */
  up(name: string, extra?: string[]): Promise<PackedReport["operations"][number]>;
  /**
   * A preview right after `up` that changes nothing (the runner fails a preview with changes too),
   * then `destroy`, after which nothing of any kind is left in the emulated account. One run of
   * the runner for both: the preview changes nothing the emulator could show.
   */
  previewThenDestroy(name: string, resources: number): Promise<void>;
  /** The shared install of the file's tarball (outside the repository). */
  installDir(): string | undefined;
}

/** The one operation of a report. */
export function only(report: PackedReport) {
  expect(report.operations).toHaveLength(1);
  return report.operations[0]!;
}

/** Every output named is a secret, shown by the runner as "[secret]". */
export function expectSecrets(outputs: Record<string, unknown> | undefined, names: string[]) {
  for (const key of names) expect([key, outputs?.[key]]).toEqual([key, "[secret]"]);
}

/**
 * A story file's emulator (reset before each story, with short timings) and its runs of examples.
 * The emulator starts as its own default, today's API, as a newcomer runs an example; `opts` (e.g.
 * `{ platform: "rdbms-legacy" }`) start it as the contract's instead.
 */
export function useExampleRuns(opts: EmulatorOptions = TODAYS_API): ExampleRuns {
  let emulator: TestEmulator;
  let tarball: string | undefined;
  let installDir: string | undefined;

  beforeAll(async () => {
    emulator = await startTestEmulator(opts);
  });
  beforeEach(async () => {
    await emulator.control.reset();
    await emulator.control.setTimings({
      provisioningSeconds: 1,
      updatingSeconds: 1,
      snapshotSeconds: 1,
      patchSeconds: 1,
      credentialsResetSeconds: 1,
    });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  const runExample = async (name: string, operations: string[], extra: string[] = []) => {
    const report = await runPacked(emulator, path.join("examples", name), operations, [
      ...(tarball ? ["--tarball", tarball] : []),
      ...extra,
    ]);
    tarball ??= report.install.tarball;
    installDir ??= report.install.dir;
    return report;
  };

  return {
    emulator: () => emulator,
    runExample,
    async up(name, extra = []) {
      const report = await runExample(name, ["up"], ["--fresh", ...extra]);
      // An example is ordinary code: TypeScript ones compile against the installed package's types.
      if (["network", "mysql-app", "postgres-ops"].includes(name)) expect(report.compileSeconds).not.toBeNull();
      const step = only(report);
      expect(step.result).toBe("succeeded");
      return step;
    },
    async previewThenDestroy(name, resources) {
      const [preview, destroy] = (await runExample(name, ["preview", "destroy"])).operations;
      expect(preview).toMatchObject({
        operation: "preview",
        noChanges: true,
        summary: { same: resources },
        changes: [],
      });
      expect(destroy).toMatchObject({ operation: "destroy", result: "succeeded", summary: { delete: resources } });
      expect(await list(emulator, "/vpcs")).toEqual([]);
      expect(await list(emulator, "/databases/instances")).toEqual([]);
    },
    installDir: () => installDir,
  };
}
