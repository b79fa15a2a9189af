import ts from 'typescript';

/** A module-level binding that can hold state between calls, with where it is. */
export interface ModuleStateFinding {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly why: string;
}

/** Collections whose contents change in place. Weak ones are allowed case by case (below). */
const MUTABLE_COLLECTIONS: ReadonlySet<string> = new Set([
  'Map',
  'Set',
  'Array',
  'ArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
]);
const WEAK_COLLECTIONS: ReadonlySet<string> = new Set(['WeakMap', 'WeakSet', 'WeakRef']);

/**
 * Module-level state in `files` (TypeScript sources): every top-level `let` or `var`, every
 * top-level binding whose type changes in place — a Map, Set, array or typed array that is not
 * typed read-only, an object with a writable index signature or writable fields — and every
 * writable static class field; and every weak collection (allowed when keyed by the object
 * whose data it holds). Bindings `allowed` names as `path:name` (relative to `root`) are not
 * reported.
 */
export function findModuleState(
  root: string,
  files: readonly string[],
  allowed: ReadonlySet<string> = new Set(),
): ModuleStateFinding[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noResolve: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const findings: ModuleStateFinding[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not a source file: ${file}`);
    const relative = file.startsWith(root) ? file.slice(root.length + 1) : file;
    const report = (node: ts.Node, name: string, why: string) =>
      findings.push({
        file: relative,
        name,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        why,
      });
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        const list = statement.declarationList;
        const constant = (list.flags & ts.NodeFlags.Const) !== 0;
        for (const declaration of list.declarations) {
          const name = declaration.name.getText(source);
          if (!constant) {
            if (!allowed.has(`${relative}:${name}`))
              report(declaration, name, 'a module-level let/var');
            continue;
          }
          const type = checker.getTypeAtLocation(declaration.name);
          const why = mutability(checker, type, declaration.initializer);
          if (allowed.has(`${relative}:${name}`)) continue;
          if (why !== null) report(declaration, name, why === 'weak' ? 'a weak collection' : why);
        }
      } else if (ts.isClassDeclaration(statement)) {
        for (const member of statement.members) {
          const modifiers = ts.canHaveModifiers(member) ? ts.getModifiers(member) : undefined;
          const isStatic = modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
          const readonly = modifiers?.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword);
          if (ts.isPropertyDeclaration(member) && isStatic && !readonly) {
            report(member, member.name.getText(source), 'a writable static field');
          }
        }
      }
    }
  }
  return findings;
}

/**
 * Why a value of `type` (made by `initializer`) can change in place: 'weak' for a weak
 * collection, null if it cannot.
 */
function mutability(
  checker: ts.TypeChecker,
  type: ts.Type,
  initializer: ts.Expression | undefined,
): string | null {
  const name = type.getSymbol()?.getName() ?? type.aliasSymbol?.getName();
  if (name !== undefined && WEAK_COLLECTIONS.has(name)) return 'weak';
  // `Array` here, `ReadonlyArray` for arrays typed read-only.
  if (name !== undefined && MUTABLE_COLLECTIONS.has(name)) return `a ${name}`;
  if (name === 'RegExp') {
    // A global or sticky expression keeps where it stopped (`lastIndex`) between calls.
    const flags =
      initializer && ts.isRegularExpressionLiteral(initializer)
        ? initializer.text.slice(initializer.text.lastIndexOf('/') + 1)
        : 'g';
    return /[gy]/.test(flags) ? 'a global or sticky RegExp' : null;
  }
  if (checker.isTupleType(type)) {
    return (type as ts.TupleTypeReference).target.readonly ? null : 'a tuple';
  }
  if (!(type.flags & ts.TypeFlags.Object)) return null;
  // Functions, classes and modules are not records: their fields are not game state.
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return null;
  for (const info of checker.getIndexInfosOfType(type)) {
    if (!info.isReadonly) return 'an object with a writable index signature';
  }
  for (const property of type.getProperties()) {
    const declaration = property.valueDeclaration;
    if (!declaration || !isWritableField(declaration)) continue;
    const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
    // A writable field holding a function (a card's hook) is part of a definition, not state.
    if (propertyType.getCallSignatures().length > 0) continue;
    return `an object with the writable field ${property.getName()}`;
  }
  return null;
}

function isWritableField(declaration: ts.Declaration): boolean {
  if (!ts.isPropertySignature(declaration) && !ts.isPropertyAssignment(declaration)) {
    return ts.isShorthandPropertyAssignment(declaration);
  }
  if (ts.isPropertyAssignment(declaration)) {
    // A field of an object literal: writable unless the literal is `as const` (readonly type).
    return !isConstAsserted(declaration.parent);
  }
  return !(ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly);
}

function isConstAsserted(literal: ts.Node): boolean {
  let node: ts.Node = literal.parent;
  while (ts.isParenthesizedExpression(node)) node = node.parent;
  return (
    (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
    ts.isTypeReferenceNode(node.type) &&
    node.type.typeName.getText() === 'const'
  );
}
