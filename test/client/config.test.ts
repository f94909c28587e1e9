import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultUserAgent, resolveClientConfig } from "../../src/client/index.js";

const noEnv = { env: {}, namespace: "cloudplatform" };

describe("resolveClientConfig", () => {
  test("reads cloudplatform:token and cloudplatform:apiUrl from the provider's config bag", () => {
    const values: Record<string, string> = {
      "cloudplatform:token": "stack-token",
      "cloudplatform:apiUrl": "https://api.example.com",
    };
    const config = resolveClientConfig({ config: { get: (k) => values[k] } }, noEnv);
    expect(config).toEqual({
      token: "stack-token",
      apiUrl: "https://api.example.com",
      configNamespace: "cloudplatform",
    });
  });

  test("reads a pulumi.Config('cloudplatform') bag, which namespaces keys itself", () => {
    const bag = { name: "cloudplatform", get: (k: string) => ({ token: "t", apiUrl: "https://a.example" })[k] };
    expect(resolveClientConfig({ config: bag }, noEnv)).toEqual({
      token: "t",
      apiUrl: "https://a.example",
      configNamespace: "cloudplatform",
    });
  });

  test("falls back to CLOUDPLATFORM_TOKEN and CLOUDPLATFORM_API_URL", () => {
    const env = { CLOUDPLATFORM_TOKEN: "env-token", CLOUDPLATFORM_API_URL: "http://127.0.0.1:4010/" };
    expect(resolveClientConfig({ config: { get: () => undefined } }, { env })).toEqual({
      token: "env-token",
      apiUrl: "http://127.0.0.1:4010",
    });
  });

  test("stack config wins over the environment, explicit values over both", () => {
    const env = { CLOUDPLATFORM_TOKEN: "env", CLOUDPLATFORM_API_URL: "https://env.example" };
    const bag = { get: (k: string) => (k === "cloudplatform:token" ? "stack" : undefined) };
    const namespace = "cloudplatform";
    expect(resolveClientConfig({ config: bag }, { env, namespace }).token).toBe("stack");
    expect(resolveClientConfig({ config: bag, token: "explicit" }, { env, namespace }).token).toBe("explicit");
  });

  test("a missing token names both ways to set it", () => {
    const call = () => resolveClientConfig({ apiUrl: "https://api.example.com" }, noEnv);
    expect(call).toThrow(/cloudplatform:token/);
    expect(call).toThrow(/CLOUDPLATFORM_TOKEN/);
  });

  test("a missing API URL names both ways to set it", () => {
    const call = () => resolveClientConfig({ token: "t" }, noEnv);
    expect(call).toThrow(/cloudplatform:apiUrl/);
    expect(call).toThrow(/CLOUDPLATFORM_API_URL/);
  });

  test("the token may be left out for public look-ups", () => {
    expect(resolveClientConfig({ apiUrl: "https://a.example" }, { env: {}, requireToken: false })).toEqual({
      apiUrl: "https://a.example",
    });
  });

  test("CLOUDPLATFORM_RETRY_MAX_SECONDS bounds the time one call spends on retries", () => {
    const env = { CLOUDPLATFORM_RETRY_MAX_SECONDS: "1.5" };
    expect(resolveClientConfig({ token: "t", apiUrl: "https://a.example" }, { env }).retry).toEqual({
      maxRetryTimeMs: 1500,
    });
  });

  test.each(["soon", "-1", "2m"])("CLOUDPLATFORM_RETRY_MAX_SECONDS=%s is refused, naming the variable", (value) => {
    const env = { CLOUDPLATFORM_RETRY_MAX_SECONDS: value };
    expect(() => resolveClientConfig({ token: "t", apiUrl: "https://a.example" }, { env })).toThrow(
      `CLOUDPLATFORM_RETRY_MAX_SECONDS must be a number of seconds, 0 or more, got "${value}"`,
    );
  });

  test.each(["http://api.example.com", "http://10.0.0.5:4010", "http://128.0.0.1"])(
    "plain http to a non-loopback host is refused: %s",
    (apiUrl) => {
      expect(() => resolveClientConfig({ token: "t", apiUrl }, noEnv)).toThrow(/Refusing plain http/);
    },
  );

  test.each(["http://127.0.0.1:4010", "http://127.8.9.10", "http://localhost:1", "http://[::1]:4010"])(
    "plain http to loopback is accepted: %s",
    (apiUrl) => {
      expect(resolveClientConfig({ token: "t", apiUrl }, noEnv).apiUrl).toBe(apiUrl);
    },
  );

  test("plain http to any host is accepted once opted in, by config key, environment or option", () => {
    const apiUrl = "http://emulator:4010";
    const bag = { get: (k: string) => ({ "cloudplatform:allowInsecureHttp": "true" })[k] };
    expect(resolveClientConfig({ token: "t", apiUrl, config: bag }, noEnv)).toEqual({
      token: "t",
      apiUrl,
      allowInsecureHttp: true,
      configNamespace: "cloudplatform",
    });
    const env = { CLOUDPLATFORM_ALLOW_INSECURE_HTTP: "TRUE" };
    expect(resolveClientConfig({ token: "t", apiUrl }, { env }).allowInsecureHttp).toBe(true);
    expect(resolveClientConfig({ token: "t", apiUrl, allowInsecureHttp: true }, noEnv).apiUrl).toBe(apiUrl);
  });

  test("the refusal names both ways to opt in; false, and the stack setting over the environment, keep it", () => {
    const call = (config?: Record<string, string>, env: Record<string, string> = {}) =>
      resolveClientConfig(
        { token: "t", apiUrl: "http://emulator:4010", config: { get: (k) => config?.[k] } },
        { env, namespace: "cloudplatform" },
      );
    expect(call).toThrow(
      /Refusing plain http to emulator: .*`pulumi config set cloudplatform:allowInsecureHttp true` or set CLOUDPLATFORM_ALLOW_INSECURE_HTTP=true/,
    );
    expect(() =>
      call({ "cloudplatform:allowInsecureHttp": "false" }, { CLOUDPLATFORM_ALLOW_INSECURE_HTTP: "true" }),
    ).toThrow(/Refusing plain http/);
  });

  test("an opt-in that is not true or false is refused, naming the setting", () => {
    const env = { CLOUDPLATFORM_ALLOW_INSECURE_HTTP: "yes" };
    expect(() => resolveClientConfig({ token: "t", apiUrl: "https://a.example" }, { env })).toThrow(
      'CLOUDPLATFORM_ALLOW_INSECURE_HTTP must be true or false, got "yes".',
    );
  });

  test("the opt-in never turns https into http or lets other protocols through", () => {
    const env = { CLOUDPLATFORM_ALLOW_INSECURE_HTTP: "true" };
    expect(resolveClientConfig({ token: "t", apiUrl: "https://a.example" }, { env }).apiUrl).toBe("https://a.example");
    expect(() => resolveClientConfig({ token: "t", apiUrl: "ftp://x" }, { env })).toThrow(/protocol ftp:/);
  });

  test("a trailing /v4 is dropped because every path adds it", () => {
    expect(resolveClientConfig({ token: "t", apiUrl: "https://api.example.com/v4/" }, noEnv).apiUrl).toBe(
      "https://api.example.com",
    );
  });

  test("other protocols and malformed URLs are refused", () => {
    expect(() => resolveClientConfig({ token: "t", apiUrl: "ftp://x" }, noEnv)).toThrow(/protocol ftp:/);
    expect(() => resolveClientConfig({ token: "t", apiUrl: "not a url" }, noEnv)).toThrow(/Invalid/);
  });
});

test("the default User-Agent carries the package version", () => {
  const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string };
  expect(defaultUserAgent()).toBe(`pulumi-cloudplatform/${pkg.version}`);
});
