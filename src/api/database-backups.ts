/**
 * What hangs off a managed database besides its answer: the contract's "Database backup" and
 * "Credentials and certificate".
 */
import { entity } from "./field.js";

/** A backup of a database; a snapshot create takes its label and a target. */
export const BACKUP = entity({
  name: "Database backup",
  published: "DatabaseBackup",
  fields: {
    id: { type: "integer", source: "Database backup: | id | integer |" },
    label: {
      type: "string",
      create: "required",
      minLength: 1,
      maxLength: 30,
      pattern: "^[A-Za-z0-9_]+$",
      source:
        "Database backup: | label | string, at most 30 characters | ASCII letters or numbers only |; #26: label (required, 1..30 characters)",
    },
    type: {
      type: "string",
      enum: ["snapshot", "auto"],
      filterable: true,
      source: "Database backup: | type | string | enum: `snapshot`, `auto` |",
    },
    target: {
      type: "string",
      enum: ["primary", "secondary"],
      create: "optional",
      answer: false,
      default: "primary",
      source: "#26 POST .../backups: target (enum primary, secondary; default primary)",
    },
    created: { type: "date-time", filterable: true, source: "Database backup: | created | string, date-time |" },
  },
});

/** Root credentials of a database. */
export const CREDENTIALS = entity({
  name: "credentials",
  published: "DatabaseCredentials",
  fields: {
    username: {
      type: "string",
      source: "Credentials and certificate: | credentials | `username` string (root user) |",
    },
    password: { type: "string", source: "Credentials and certificate: | credentials | `password` string |" },
  },
});

/** The SSL CA certificate of a database, base64-encoded. */
export const CERTIFICATE = entity({
  name: "certificate",
  published: "DatabaseSSL",
  fields: {
    ca_certificate: {
      type: "string",
      source: "Credentials and certificate: | certificate | `ca_certificate` string, base64-encoded |",
    },
  },
});
