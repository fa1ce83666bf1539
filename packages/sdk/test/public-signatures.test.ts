import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

// What API Extractor calls a forgotten export: a public method whose
// parameter or result is a type of ours that `@petstore/sdk` does not export.
// Users can pass such a value but cannot name its type, and typecheck is
// clean, so a new method's params type was missed once (#28's trial).
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ENTRY = `${SRC}index.ts`;

/** The names each exported class's public methods and exported functions use, that are declared in src/ and not exported. */
function forgottenExports(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(fileURLToPath(new URL('../tsconfig.json', import.meta.url)), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (config === undefined) throw new Error('packages/sdk/tsconfig.json was not read');
  const program = ts.createProgram([ENTRY], config.options);
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(ENTRY);
  const entrySymbol = entry && checker.getSymbolAtLocation(entry);
  if (entrySymbol === undefined) throw new Error('src/index.ts was not read');

  const resolve = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const exported = new Set(checker.getExportsOfModule(entrySymbol).map(resolve));
  const forgotten = new Set<string>();

  const visitType = (where: string, node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const symbol = checker.getSymbolAtLocation(node.typeName);
      const declared = symbol && resolve(symbol);
      const file = declared?.declarations?.[0]?.getSourceFile().fileName;
      const generic = declared?.declarations?.some(ts.isTypeParameterDeclaration);
      if (declared && file?.startsWith(SRC) && !generic && !exported.has(declared)) forgotten.add(`${where}: ${declared.name}`);
    }
    ts.forEachChild(node, (child) => visitType(where, child));
  };
  const visitSignature = (where: string, signature: ts.SignatureDeclaration): void => {
    for (const parameter of signature.parameters) if (parameter.type) visitType(where, parameter.type);
    if (signature.type) visitType(where, signature.type);
  };

  for (const symbol of exported) {
    for (const declaration of symbol.declarations ?? []) {
      if (ts.isFunctionDeclaration(declaration)) visitSignature(symbol.name, declaration);
      if (!ts.isClassDeclaration(declaration)) continue;
      for (const member of declaration.members) {
        const hidden = ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
        const internal = ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'internal');
        if (hidden || internal || (member.name && ts.isPrivateIdentifier(member.name))) continue;
        if (ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) {
          visitSignature(`${symbol.name}.${member.name?.getText() ?? 'constructor'}`, member);
        }
      }
    }
  }
  return [...forgotten].sort();
}

it('every type a public method or function of @petstore/sdk names is exported from it', () => {
  expect(forgottenExports()).toEqual([]);
}, 60_000);
