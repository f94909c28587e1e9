/**
 * Who can reach the emulator. The control API (`/_emulator`) has no authentication: anyone who
 * reaches it can reset the account, read the seeded tokens' effects or inject faults. It is
 * served on a loopback address only, unless the user opts in for a network address.
 */

/** Whether `host` listens on this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(h);
}

/** Whether the control API is served for these options. */
export function controlApiServed(host: string, remoteControl: boolean | undefined): boolean {
  return isLoopbackHost(host) || remoteControl === true;
}

/** What a user starting the emulator on `host` should know, one line each (none on loopback). */
export function exposureWarnings(host: string, remoteControl: boolean | undefined): string[] {
  if (isLoopbackHost(host)) return [];
  const api = `warning: listening on ${host}, not a loopback address: every host that reaches this port can use the API with the seeded token emulator-token`;
  return remoteControl === true
    ? [
        api,
        "warning: the control API (/_emulator, no authentication) is served on this address too (--allow-remote-control)",
      ]
    : [api, "the control API (/_emulator) is off on this address: add --allow-remote-control to serve it"];
}

/** The refusal a control request gets when the control API is off. */
export const CONTROL_OFF =
  "The control API is not served on a non-loopback address; start the emulator with --allow-remote-control to serve it";
