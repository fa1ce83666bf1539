// What an application developer's editor shows of the SDK: the TypeScript
// language service, as editors run it, on test/fixtures/hover-app.ts, with the
// options of a user's project (no source condition: the built declarations).
// Hovers name the SDK's types (`PetListParams`, `Pet[]`), not the helpers they
// are made with, and "Go to definition" lands in the file named for what it holds.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const app = fileURLToPath(new URL('fixtures/hover-app.ts', import.meta.url));
const text = readFileSync(app, 'utf8');
const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2023, strict: true, noEmit: true };

const service = ts.createLanguageService({
  getScriptFileNames: () => [app],
  getScriptVersion: () => '1',
  getScriptSnapshot: (name) => (ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name) ?? '') : undefined),
  getCurrentDirectory: () => fileURLToPath(new URL('.', import.meta.url)),
  getCompilationSettings: () => options,
  getDefaultLibFileName: ts.getDefaultLibFilePath,
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
});

/** The hover at the first `word` after `after` in the app. */
function hover(after: string, word: string): string {
  const position = text.indexOf(word, text.indexOf(after));
  return ts.displayPartsToString(service.getQuickInfoAtPosition(app, position)?.displayParts);
}

describe('the SDK in an editor', () => {
  it('type-checks the app against the built declarations', () => {
    const problems = [...service.getSyntacticDiagnostics(app), ...service.getSemanticDiagnostics(app)].map((item) => ts.flattenDiagnosticMessageText(item.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it('hovers name the types: the parameters, the result', () => {
    expect(hover('client.pets.list', 'list')).toBe('(method) PetsResource.list(query?: PetListParams, options?: RequestOptions): ApiPromise<Pet[]>');
    expect(hover('client.pets.create', 'create')).toBe('(method) PetsResource.create(pet: PetCreateParams, options?: RequestOptions): ApiPromise<Pet>');
    expect(hover('export const ', 'pets')).toBe('const pets: Pet[]');
  });

  it('"Go to definition" lands in a file named for what it holds, never a hashed chunk', () => {
    const position = text.indexOf('list', text.indexOf('client.pets.list'));
    const [definition] = service.getDefinitionAtPosition(app, position) ?? [];
    expect(definition?.fileName).toMatch(/\/dist\/client\/pets-resource\.d\.ts$/);
    const created = service.getTypeDefinitionAtPosition(app, text.indexOf('created')) ?? [];
    expect(created.length).toBeGreaterThan(0);
    for (const item of created) expect(item.fileName).toMatch(/\/dist\/contract\/pet\.d\.ts$/);
  });
});
