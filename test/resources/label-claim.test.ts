/**
 * The claim rule on its own: an object under a create's label is taken over only with the record
 * this resource's interrupted attempt left (same API, URN and label; an object made after it).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { configure, resetCaches } from "../../src/shared/runtime/context.js";
import { dropRecord, readRecord, recordsDir, writeRecord } from "../../src/shared/account/create-records.js";
import {
  claimedCreate,
  CreateInFlightError,
  LabelTakenError,
  lookIn,
  type ClaimedCreate,
  type CreateClaim,
  type LabelHolder,
} from "../../src/shared/account/label-claim.js";
import { configBag, thrown } from "./provider-env.js";

const API = "http://127.0.0.1:4999";
const URN = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/cloudplatform:Vpc::network";
const claim: CreateClaim = { scope: "vpc:app", label: "app", urn: URN };
const key = { apiUrl: API, urn: URN, scope: claim.scope };

interface Obj {
  id: number;
  label: string;
}

const holderOf = (o: Obj, over: Partial<LabelHolder> = {}): LabelHolder => ({
  what: `VPC ${o.id}`,
  apiId: o.id,
  created: "2026-11-23T11:50:00",
  adoptWith: `adoptId: ${o.id}`,
  ...over,
});

/** Steps over a fixed list; records what was sent and finished. */
function steps(list: Obj[], over: Partial<ClaimedCreate<Obj, string>> = {}) {
  const seen = { sent: 0, finished: [] as [number, boolean][] };
  const s: ClaimedCreate<Obj, string> = {
    look: async () => lookIn(list, "app"),
    holder: (o) => holderOf(o),
    send: async () => {
      seen.sent++;
      return { id: 99, label: "app" };
    },
    finish: async (o, earlier) => {
      seen.finished.push([o.id, earlier]);
      return `done ${o.id}`;
    },
    ...over,
  };
  return { s, seen };
}

let home: string;
const savedHome = process.env.PULUMI_HOME;
beforeEach(async () => {
  home = mkdtempSync(path.join(tmpdir(), "claims-"));
  process.env.PULUMI_HOME = home;
  resetCaches();
  await configure({ config: configBag({ "cloudplatform:apiUrl": API }) });
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  if (savedHome === undefined) delete process.env.PULUMI_HOME;
  else process.env.PULUMI_HOME = savedHome;
});

test("a free label: the record is kept while the create runs and dropped once the answer is in", async () => {
  let during: unknown;
  const { s, seen } = steps([{ id: 5, label: "other" }], {
    send: async () => {
      during = await readRecord(key);
      return { id: 99, label: "app" };
    },
  });
  expect(await claimedCreate(claim, s)).toBe("done 99");
  expect(during).toEqual({ ...key, maxId: 5 });
  expect(seen.finished).toEqual([[99, false]]);
  expect(await readRecord(key)).toBeUndefined();
  expect(readdirSync(recordsDir())).toEqual([]);
});

test("an object under the label without a record is refused, naming it and every way out; nothing is sent", async () => {
  const { s, seen } = steps([{ id: 12, label: "app" }]);
  const err = await thrown(claimedCreate(claim, s));
  expect(err).toBeInstanceOf(LabelTakenError);
  expect(err.message).toContain('The label "app" is already taken by VPC 12 (created 2026-11-23T11:50:00)');
  expect(err.message).toContain("Nothing was created or changed");
  expect(err.message).toContain("give this resource another label");
  expect(err.message).toContain("add `adoptId: 12` to its arguments");
  expect(err.message).toContain("interrupted on another machine or a fresh CI runner");
  expect(err.message).toContain("`pulumi refresh --clear-pending-creates`");
  expect(seen).toEqual({ sent: 0, finished: [] });
});

test("the record of this resource's interrupted attempt proves an object made after it; it is then dropped", async () => {
  await writeRecord(key, 11);
  const { s, seen } = steps([{ id: 12, label: "app" }]);
  expect(await claimedCreate(claim, s)).toBe("done 12");
  expect(seen).toEqual({ sent: 0, finished: [[12, true]] });
  expect(await readRecord(key)).toBeUndefined();
});

test("a record proves nothing about an older object, another stack's label, another API or an automatic backup", async () => {
  // The object was there before the attempt looked.
  await writeRecord(key, 12);
  expect((await thrown(claimedCreate(claim, steps([{ id: 12, label: "app" }]).s))).message).toContain(
    "already taken by VPC 12",
  );
  // Another stack of the same program: another URN, no record of its own.
  await writeRecord(key, 1);
  const staging = { ...claim, urn: URN.replace(":dev::", ":staging::") };
  expect(await thrown(claimedCreate(staging, steps([{ id: 12, label: "app" }]).s))).toBeInstanceOf(LabelTakenError);
  // The same stack against another API.
  await dropRecord(key);
  await writeRecord({ ...key, apiUrl: "http://elsewhere:1" }, 1);
  expect(await thrown(claimedCreate(claim, steps([{ id: 12, label: "app" }]).s))).toBeInstanceOf(LabelTakenError);
  // A holder no create can own, whatever the records say: no refresh way out is offered.
  await writeRecord(key, 1);
  const foreign = steps([{ id: 12, label: "app" }], {
    holder: (o) => holderOf(o, { foreign: "it is an automatic backup, which no snapshot resource can own" }),
  });
  const err = await thrown(claimedCreate(claim, foreign.s));
  expect(err.message).toContain("it is an automatic backup");
  expect(err.message).not.toContain("adoptId");
});

test("without a URN nothing can be proven and no record is written", async () => {
  const anonymous = { ...claim, urn: undefined };
  const { s } = steps([]);
  expect(await claimedCreate(anonymous, s)).toBe("done 99");
  expect(await thrown(claimedCreate(anonymous, steps([{ id: 12, label: "app" }]).s))).toBeInstanceOf(LabelTakenError);
});

test("a create sent whose object may still appear keeps its record; a refused one drops it", async () => {
  const inFlight = steps([], {
    send: async () => {
      throw new CreateInFlightError("timed out waiting for the snapshot to appear");
    },
  });
  expect(await thrown(claimedCreate(claim, inFlight.s))).toBeInstanceOf(CreateInFlightError);
  expect(await readRecord(key)).toEqual({ ...key, maxId: 0 });
  // The next run takes the object over once it appears.
  expect(await claimedCreate(claim, steps([{ id: 3, label: "app" }]).s)).toBe("done 3");

  const refused = steps([], {
    send: async () => {
      throw new Error("400 label must be unique");
    },
  });
  await thrown(claimedCreate(claim, refused.s));
  expect(await readRecord(key)).toBeUndefined();
});
