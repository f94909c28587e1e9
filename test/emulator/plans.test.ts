/**
 * The database plans (`GET /databases/types`) on each platform: the cluster sizes each plan lists
 * are those a create on the emulator's platform takes, the list pages and filters like the API's
 * others, and an unknown plan is a 404.
 */
import { RECORDED } from "../support/todays-answers.js";
import { startTestEmulator, type TestEmulator } from "../support/emulator.js";

type Plan = { id: string; class: string; engines: Record<string, { quantity: number }[]> };
type Page = { data: Plan[]; page: number; pages: number; results: number };

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());
beforeEach(() => emu.control.reset());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${emu.url}/v4${path}`, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const sizes = (plans: Plan[], engine: string) =>
  Object.fromEntries(plans.map((p) => [p.id, p.engines[engine]!.map((s) => s.quantity)]));

test("today's platform lists the 18 recorded plans, as recorded, with no token", async () => {
  await emu.control.setPlatform("rdbms-default");
  const { status, body } = await get("/databases/types");
  expect(status).toBe(200);
  expect(body).toEqual(RECORDED.types!.answer);
});

test.each([
  ["rdbms-default", [1, 3], [1, 2, 3]],
  ["rdbms-legacy", [1, 3], [1, 3]],
] as const)(
  "on %s a shared plan lists %j nodes and a dedicated one %j: what a create there takes",
  async (platform, shared, dedicated) => {
    await emu.control.setPlatform(platform);
    const plans = ((await get("/databases/types")).body as Page).data;
    for (const engine of ["mysql", "postgresql"]) {
      expect(sizes(plans, engine)["g6-nanode-1"]).toEqual(shared);
      expect(sizes(plans, engine)["g6-standard-4"]).toEqual(shared);
      expect(sizes(plans, engine)["g6-dedicated-2"]).toEqual(dedicated);
    }
    expect(((await get("/databases/types/g6-dedicated-4")).body as Plan).engines.mysql!.map((s) => s.quantity)).toEqual(
      dedicated,
    );
  },
);

test("the list pages and filters by class; another key and an unknown plan are refused", async () => {
  const paged = (await get("/databases/types?page_size=25")).body as Page;
  expect([paged.page, paged.pages, paged.results, paged.data.length]).toEqual([1, 1, 18, 18]);
  const dedicated = (await get("/databases/types", { "X-Filter": JSON.stringify({ class: "dedicated" }) }))
    .body as Page;
  expect(dedicated.data.map((p) => p.id)).toEqual([
    "g6-dedicated-2",
    "g6-dedicated-4",
    "g6-dedicated-8",
    "g6-dedicated-16",
    "g6-dedicated-32",
    "g6-dedicated-48",
    "g6-dedicated-50",
    "g6-dedicated-56",
  ]);
  const bad = await get("/databases/types", { "X-Filter": JSON.stringify({ nope: "x" }) });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toMatch(/X-Filter/);
  expect((await get("/databases/types/g6-nope-1")).status).toBe(404);
});
