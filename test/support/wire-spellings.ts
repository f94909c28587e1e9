/**
 * Where the hand-written sources spell a wire name of the model by hand, as the TypeScript type
 * checker sees the code (test/api/wire-names.test.ts holds the rule; docs/contributing.md says it
 * in prose). One program over src/ with tsconfig.json's options; the checker resolves each key and
 * property access to the declaration it names, so a use of the model's own field (a type mapped
 * from src/api) is told apart from a field declared again by hand.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { parsedOnceHost } from "./parsed-once.js";

const ROOT = path.resolve(__dirname, "..", "..");
const SRC = path.join(ROOT, "src") + path.sep;
const MODEL = path.join(SRC, "api") + path.sep;

/** How a file spells a wire name. */
export type How = "string" | "declaration" | "key" | "access";

/** One spelling: the file (relative to src/), its line and how. */
export interface Spelling {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly how: How;
}

/** Whether a source file is generated (its first line says so). */
const isGenerated = (sf: ts.SourceFile): boolean => /^\/\/ Generated/.test(sf.text);
/** A hand-written source of src/, the model's included. */
const isHandWritten = (sf: ts.SourceFile): boolean =>
  sf.fileName.startsWith(SRC) && sf.fileName.endsWith(".ts") && !isGenerated(sf);

/** The program over src/, with tsconfig.json's options; `planted` adds files by text (the self-test). */
export function sourceProgram(planted: Record<string, string> = {}, old?: ts.Program): ts.Program {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  // src/ uses no test types: jest's are left out.
  const options = { ...parsed.options, noEmit: true, declaration: false, sourceMap: false, types: ["node"] };
  const extra = new Map(Object.entries(planted).map(([f, text]) => [path.join(SRC, f), text]));
  // A second program (the self-test's) reuses the files the first one parsed.
  const host = parsedOnceHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, version, ...rest) => {
    const text = extra.get(file);
    return text !== undefined ? ts.createSourceFile(file, text, version, true) : getSourceFile(file, version, ...rest);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => extra.has(file) || fileExists(file);
  const rootNames = [...parsed.fileNames.filter((f) => path.resolve(f).startsWith(SRC)), ...extra.keys()];
  return ts.createProgram({ rootNames, options, host, oldProgram: old });
}

/** What to measure: the wire names, the model's enum values, and (the self-test) one file only. */
export interface Measure {
  readonly names: ReadonlySet<string>;
  readonly values: ReadonlySet<string>;
  readonly only?: string;
}

/** Every hand-written spelling of the wire names in the program's sources of src/. */
export function wireSpellings(program: ts.Program, { names, values, only }: Measure): Spelling[] {
  const checker = program.getTypeChecker();
  const shapes = new Map<ts.Node, boolean>();

  /**
   * A hand-written interface or type literal describes the API's JSON (a wire shape) when at least
   * two of its members, and more than half, carry wire names: a record, a body or an answer written
   * out again rather than mapped from the model.
   */
  const isWireShape = (container: ts.Node): boolean => {
    let known = shapes.get(container);
    if (known === undefined) {
      const members =
        ts.isInterfaceDeclaration(container) || ts.isTypeLiteralNode(container)
          ? container.members
          : ts.isObjectLiteralExpression(container)
            ? container.properties
            : [];
      const named = members.filter((m) => m.name && ts.isIdentifier(m.name));
      const wire = named.filter((m) => names.has((m.name as ts.Identifier).text)).length;
      known = wire >= 2 && wire * 2 > named.length;
      shapes.set(container, known);
    }
    return known;
  };

  /** A member declared by hand outside the model: in a wire shape, or an object literal's own key. */
  const isHandWireMember = (d: ts.Declaration): boolean => {
    const sf = d.getSourceFile();
    if (!isHandWritten(sf) || sf.fileName.startsWith(MODEL)) return false;
    if (ts.isPropertySignature(d)) return isWireShape(d.parent);
    return isLiteralKey(d) && untypedLiteral(d.parent as ts.ObjectLiteralExpression);
  };

  /**
   * An object literal whose keys nothing declares: one given to untyped JSON, or one with no
   * contextual type at all that is a wire shape by its keys (as a declaration is, above).
   */
  const untypedLiteral = (literal: ts.ObjectLiteralExpression): boolean => {
    const type = checker.getContextualType(literal);
    return type ? isUntyped(type) : isWireShape(literal);
  };

  /**
   * A property the checker resolved: spelled by hand when every declaration of it is a hand-written
   * wire shape's (one of the model's, a generated file's or a library's is not).
   */
  const resolvedByHand = (symbol: ts.Symbol): boolean => {
    const declarations = symbol.declarations ?? [];
    return declarations.length > 0 && declarations.every(isHandWireMember);
  };

  /**
   * Untyped JSON: `any`, `unknown` or a string-keyed record of such. A table keyed by string with
   * typed rows (a field table, by Pulumi name) is no JSON.
   */
  const isUntyped = (type: ts.Type): boolean =>
    isAnyOrUnknown(type) ||
    checker.getIndexInfosOfType(type).some((info) => isAnyOrUnknown(info.type)) ||
    (type.isUnionOrIntersection() && type.types.some(isUntyped));
  const isAnyOrUnknown = (type: ts.Type): boolean => (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0;

  /**
   * A key against the type it meets: spelled by hand when that type declares it by hand, or when
   * nothing declares it (untyped JSON); not when the model, a generated file or a library does.
   */
  const keyByHand = (type: ts.Type, name: string): boolean => {
    for (const t of type.isUnion() ? type.types : [type]) {
      const property = checker.getPropertyOfType(checker.getApparentType(t), name);
      if (property) return resolvedByHand(property);
    }
    return isUntyped(type);
  };

  /**
   * A string literal where a value goes (`engine === "mysql"`, `status: "active"`, a pending
   * change's `kind: "updated"`): the type it meets (or the union type it is a member of) is a
   * union of string literals, every one an enum value of the model, or one at least no wire name
   * (a hand-written set of values or of Pulumi names). A union of wire names only (`keyof` an
   * answer) is a set of keys: the literal counts.
   */
  const isValue = (node: ts.StringLiteralLike): boolean => {
    const p = node.parent;
    const type =
      ts.isLiteralTypeNode(p) && ts.isUnionTypeNode(p.parent)
        ? checker.getTypeFromTypeNode(p.parent)
        : ts.isBinaryExpression(p) && EQUALITY.has(p.operatorToken.kind)
          ? checker.getTypeAtLocation(p.left === node ? p.right : p.left)
          : ts.isCaseClause(p)
            ? checker.getTypeAtLocation(p.parent.parent.expression)
            : checker.getContextualType(node as ts.StringLiteral);
    if (!type) return false;
    const parts = type.isUnion() ? type.types : [type];
    const literals = parts.filter((t): t is ts.StringLiteralType => t.isStringLiteral());
    const anyString = parts.some((t) => (t.flags & (ts.TypeFlags.String | ts.TypeFlags.Any)) !== 0);
    if (literals.length === 0 || anyString) return false;
    return literals.every((t) => values.has(t.value)) || literals.some((t) => !names.has(t.value));
  };

  const found: Spelling[] = [];
  for (const sf of program.getSourceFiles()) {
    if (!isHandWritten(sf)) continue;
    const file = path.relative(SRC, sf.fileName);
    if (only && file !== only) continue;
    const add = (name: string, node: ts.Node, how: How): void => {
      found.push({ name, file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, how });
    };
    const inModel = sf.fileName.startsWith(MODEL);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) && names.has(node.text) && !isSpecifier(node)) {
        if (!isValue(node)) add(node.text, node, "string");
      } else if (ts.isIdentifier(node) && names.has(node.text)) {
        const how = inModel ? "declaration" : identifierSpelling(node);
        if (how) add(node.text, node, how);
      }
      ts.forEachChild(node, visit);
    };
    /** How an identifier names the API's field by hand, if it does. */
    const identifierSpelling = (node: ts.Identifier): How | undefined => {
      const p = node.parent;
      if (ts.isPropertySignature(p) && p.name === node) return isHandWireMember(p) ? "declaration" : undefined;
      if (ts.isPropertyAccessExpression(p) && p.name === node) {
        const symbol = checker.getSymbolAtLocation(node);
        if (symbol) return resolvedByHand(symbol) ? "access" : undefined;
        return isUntyped(checker.getTypeAtLocation(p.expression)) ? "access" : undefined;
      }
      if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name === node) {
        const type = checker.getContextualType(p.parent);
        return (type ? keyByHand(type, node.text) : isWireShape(p.parent)) ? "key" : undefined;
      }
      if (ts.isBindingElement(p) && (p.propertyName ?? p.name) === node && ts.isObjectBindingPattern(p.parent)) {
        return keyByHand(checker.getTypeAtLocation(p.parent), node.text) ? "key" : undefined;
      }
      return undefined;
    };
    visit(sf);
  }
  return found;
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** A key of an object literal: a property with no declared type but the literal's own. */
function isLiteralKey(d: ts.Declaration): boolean {
  return ts.isPropertyAssignment(d) || ts.isShorthandPropertyAssignment(d);
}

/** A module specifier (`from "./x"`, `declare module "x"`): a path, not a name. */
function isSpecifier(node: ts.Node): boolean {
  const p = node.parent;
  return (
    ts.isImportDeclaration(p) ||
    ts.isExportDeclaration(p) ||
    ts.isExternalModuleReference(p) ||
    ts.isModuleDeclaration(p)
  );
}
