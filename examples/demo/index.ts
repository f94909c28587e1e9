/**
 * Entry point for `pulumi up` run by the Pulumi CLI in a project whose Pulumi.yaml names this file
 * (the repository's top-level Pulumi.yaml does). `npm run demo` runs the same program inline through
 * the Automation API instead.
 */
import { demo } from "./program";

export = demo;
