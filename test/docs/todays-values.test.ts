/**
 * The docs check of today's values: a code block in README.md or docs/ that names a region lacking
 * a capability it uses (VPCs, Managed Databases), a region today's list does not hold, or an
 * engine id today's catalogue does not list, fails, naming file and line. A block about the legacy
 * platform says so with the marker (`rdbms-legacy` in it, docs/contributing.md) and is exempt.
 */
import { readdirSync } from "node:fs";
import * as path from "node:path";
import {
  codeBlocks,
  problemsOf,
  root,
  TODAYS_ENGINE_IDS,
  TODAYS_REGION_CAPABILITIES,
  type CodeBlock,
} from "./snippets";

const files = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

test.each(files)("every code block of %s uses a region and engine ids today's API takes", (file) => {
  expect(codeBlocks(file).flatMap(problemsOf)).toEqual([]);
});

describe("the check itself", () => {
  const block = (code: string): CodeBlock => ({ file: "x.md", line: 1, lang: "typescript", code });

  test("its facts are the emulator's seed: the 2026 region list and today's engine catalogue", () => {
    expect(TODAYS_REGION_CAPABILITIES.get("us-east")).toContain("Managed Databases");
    expect(TODAYS_REGION_CAPABILITIES.get("us-east")).not.toContain("VPCs");
    expect([...TODAYS_ENGINE_IDS].sort()).toEqual([
      "mysql/8",
      "postgresql/13",
      "postgresql/14",
      "postgresql/15",
      "postgresql/16",
      "postgresql/17",
    ]);
  });

  test("a VPC in a region without VPCs fails, naming region and capability", () => {
    expect(problemsOf(block(`new cloud.Vpc("n", { label: "n", region: "us-east" });`))).toEqual([
      "x.md:1: region us-east lacks the capability VPCs",
    ]);
  });

  test("a database in a region without databases fails; one in a region with them passes", () => {
    const db = (region: string) => `new cloud.MysqlDatabase("d", { region: "${region}", engineId: "mysql/8" });`;
    expect(problemsOf(block(db("eu-west")))).toEqual(["x.md:1: region eu-west lacks the capability Managed Databases"]);
    expect(problemsOf(block(db("us-east")))).toEqual([]);
  });

  test("a region the list does not hold fails, in YAML and JSON too", () => {
    expect(problemsOf(block("region: sa-east\nresources:\n  network:\n    type: cloudplatform:index:Vpc"))).toEqual([
      "x.md:1: region sa-east is not in today's region list",
    ]);
    expect(problemsOf(block(`{"label": "n", "region": "sa-east"}`))).toEqual([
      "x.md:1: region sa-east is not in today's region list",
    ]);
  });

  test("an engine id of the legacy catalogue fails; today's passes", () => {
    expect(problemsOf(block(`engineId: "mysql/8.0.30"`))).toEqual([
      expect.stringMatching(/^x\.md:1: engine id mysql\/8\.0\.30 is not in today's catalogue/),
    ]);
    expect(problemsOf(block(`engineId: "postgresql/16"`))).toEqual([]);
  });

  test("a block marked as about the legacy platform is exempt", () => {
    const legacy = `// rdbms-legacy: the contract's platform\nnew cloud.Vpc("n", { region: "us-east" }); // mysql/8.0.30`;
    expect(problemsOf(block(legacy))).toEqual([]);
  });
});
