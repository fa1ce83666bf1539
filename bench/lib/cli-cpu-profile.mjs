// Reads the V8 .cpuprofile of one CLI start (node --cpu-prof) and says where its time went:
//   - phases: every sample put in one bucket (module evaluation, module loading and linking,
//     the command itself, garbage collection, Node's own work), so the rows add up to the total;
//   - module evaluations with their INCLUSIVE time (the module's top-level code and everything it
//     calls, built-in modules it loads included): our bundle's chunks, Node's built-in modules
//     (node:http2, ...) and the modules inside Node's bundled undici (lib/web/fetch/index.js, ...).
//     A module nested in another of the same name is counted once (the outermost);
//   - for each, the first frame of our own code above it ("loaded by"), mapped through the
//     bundle's source map to the original file and line (e.g. ky/source/core/constants.ts:4).
// Positions in the profile are 0-based; the ones printed are 1-based.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const sourceMaps = new Map();

function sourceMapOf(file) {
  if (!sourceMaps.has(file)) {
    let map = null;
    try {
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(file, map);
  }
  return sourceMaps.get(file);
}

/** "ky@2.1.0", "commander@15.1.0", or the path after the last ../ for our own sources. */
function shortSource(source) {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules !== -1) return source.slice(nodeModules + 'node_modules/'.length);
  return source.replace(/^(\.\.\/)+/, '');
}

function packageOf(source, ownPackage) {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules === -1) {
    // A workspace package's own sources: ../src/x.ts (this package) or ../../sdk/src/x.ts.
    const sibling = /^\.\.\/\.\.\/([^./][^/]*)\/src\//.exec(source);
    return sibling ? `@petstore/${sibling[1]}` : ownPackage;
  }
  const rest = source.slice(nodeModules + 'node_modules/'.length).split('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** The packages a bundled file was built from, from its source map: "ky, zod, ...". */
export function bundleContents(file) {
  const map = sourceMapOf(file);
  if (!map) return '';
  // packages/NAME/dist/x.js was built from ../src/*.ts: @petstore/NAME's own sources.
  const own = /[\\/]packages[\\/]([^\\/]+)[\\/]dist[\\/]/.exec(file);
  const ownPackage = own ? `@petstore/${own[1]}` : 'its own sources';
  const packages = [...new Set(map.payload.sources.map((source) => packageOf(source, ownPackage)))];
  return packages.join(', ');
}

function filePath(url) {
  if (!url.startsWith('file://')) return null;
  try {
    return fileURLToPath(url);
  } catch {
    return null;
  }
}

/** Where a call frame is: the original source and line when the bundle has a source map. */
function describeFrame(callFrame, root) {
  const path = filePath(callFrame.url);
  const name = callFrame.functionName || '(anonymous)';
  if (!path) return `${name} ${callFrame.url}:${callFrame.lineNumber + 1}`;
  const map = sourceMapOf(path);
  const entry = map?.findEntry(callFrame.lineNumber, callFrame.columnNumber);
  if (entry?.originalSource) {
    return `${shortSource(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1} (${relative(root, path)})`;
  }
  return `${name} ${relative(root, path)}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`;
}

/**
 * The name of the module whose evaluation a node is, or null:
 *   - an ES module of ours: the anonymous top-level function at 0:0 of a file:// URL, called by
 *     V8's `evaluate` (a resumed top-level await shows the same frame under another parent: that
 *     is the module's code running later, not its evaluation);
 *   - a built-in module: the anonymous top-level function at 0:0 of a node: URL;
 *   - a module of a CommonJS bundle made by esbuild (Node's undici is one): a function named
 *     after its file, "lib/web/fetch/index.js".
 */
function moduleEvaluation(node, parent, root) {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  if (functionName === '' && lineNumber === 0 && columnNumber === 0 && url) {
    if (url.startsWith('file://')) {
      if (parent?.callFrame.functionName !== 'evaluate') return null;
      const path = filePath(url);
      return path ? relative(root, path) : url;
    }
    // node:internal/main/* is the script that starts the entry point, not a module.
    if (url.startsWith('node:') && !url.startsWith('node:internal/main/')) return url;
  }
  if (/^[\w./@-]+\.[cm]?js$/.test(functionName) && functionName.includes('/') && url.startsWith('node:internal/deps/')) {
    return `${url.slice('node:internal/deps/'.length).split('/')[0]}: ${functionName}`;
  }
  return null;
}

function isLoaderFrame(url) {
  return url.startsWith('node:internal/modules/');
}

/**
 * Analyses one profile. `root` is the repository (paths are shown relative to it).
 * Returns { file, spanMs, sampledMs, phases: [{ phase, ms }], modules: [{ module, ms, selfMs,
 * count, loadedBy, contains }] } with modules sorted by inclusive time, the first `limit` of them.
 */
export function analyseStartProfile(file, { root = process.cwd(), limit = 15 } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);

  // Sample i's duration is timeDeltas[i + 1] (the time until the next sample).
  const selfUs = new Map();
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index];
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, profile.timeDeltas[index + 1] ?? 0));
  }

  const phases = new Map();
  const modules = new Map();
  // The same evaluations as a tree: a module's children are the modules evaluated while it was.
  const tree = { module: '(all)', us: 0, selfUs: 0, children: new Map(), loadedBy: new Set() };
  let sampledUs = 0;
  const addPhase = (phase, us) => phases.set(phase, (phases.get(phase) ?? 0) + us);

  for (const [id, us] of selfUs) {
    if (us === 0) continue;
    sampledUs += us;
    const leaf = byId.get(id);
    // The stack, outermost first.
    const stack = [];
    for (let node = leaf; node; node = parentOf.get(node.id)) stack.unshift(node);
    const leafName = leaf.callFrame.functionName;
    if (leafName === '(garbage collector)') {
      addPhase('garbage collection', us);
      continue;
    }
    if (leafName === '(idle)') {
      addPhase('idle (waiting: the server, the event loop)', us);
      continue;
    }
    if (leafName === '(program)') {
      addPhase('V8 and Node native code outside any JavaScript frame', us);
      continue;
    }
    // Module evaluations on the stack: the outermost occurrence of each name gets the time
    // (inclusive); the innermost evaluation is charged its self time.
    const seen = new Set();
    let branch = tree;
    let innermost = null;
    let innermostDepth = -1;
    let loaderDepth = -1;
    for (let depth = 0; depth < stack.length; depth++) {
      if (isLoaderFrame(stack[depth].callFrame.url)) loaderDepth = depth;
      const name = moduleEvaluation(stack[depth], stack[depth - 1], root);
      if (!name) continue;
      innermost = name;
      innermostDepth = depth;
      if (branch.module !== name) {
        let next = branch.children.get(name);
        if (!next) {
          next = { module: name, us: 0, selfUs: 0, children: new Map(), loadedBy: new Set() };
          branch.children.set(name, next);
        }
        next.us += us;
        branch = next;
      }
      if (seen.has(name)) continue;
      seen.add(name);
      const entry = modules.get(name) ?? { module: name, us: 0, selfUs: 0, nodes: new Set(), loadedBy: new Map() };
      entry.us += us;
      if (!entry.nodes.has(stack[depth].id)) {
        entry.nodes.add(stack[depth].id);
        // The nearest frame of our own code (a file:// URL) above this evaluation.
        let trigger = null;
        for (let up = depth - 1; up >= 0; up--) {
          const frame = stack[up].callFrame;
          if (frame.url.startsWith('file://')) {
            trigger = describeFrame(frame, root);
            break;
          }
        }
        const loader = trigger ?? (stack.slice(0, depth).some((node) => isLoaderFrame(node.callFrame.url)) ? 'the module loader (evaluating an import\'s module graph)' : 'Node start-up');
        entry.loadedBy.set(loader, (entry.loadedBy.get(loader) ?? 0) + 1);
        branch.loadedBy.add(loader);
      }
      modules.set(name, entry);
    }

    // The phase is decided by the innermost frame that is a module evaluation or the module
    // loader: e.g. the loader linking an import() made by a module's top-level code is loading,
    // a built-in module evaluated because the loader links it is evaluation.
    if (innermost) branch.selfUs += us;
    if (innermost && innermostDepth > loaderDepth) {
      modules.get(innermost).selfUs += us;
      addPhase(innermost.startsWith('node:') || innermost.includes(': ') ? 'evaluating built-in modules (node:*, Node\'s bundled undici), inclusive of nothing else' : 'evaluating our bundle\'s modules (their own top-level code)', us);
      continue;
    }
    if (innermost) modules.get(innermost).selfUs += us;
    if (loaderDepth !== -1) {
      addPhase('module loading and linking (resolve, read, compile, link)', us);
      continue;
    }
    if (stack.some((node) => node.callFrame.url.startsWith('node:internal/main/') || node.callFrame.url.startsWith('node:internal/process/pre_execution'))) {
      addPhase('Node start-up of the entry point', us);
      continue;
    }
    if (stack.some((node) => node.callFrame.url.startsWith('file://'))) {
      addPhase('the command (parse argv, settings, SDK call, output)', us);
      continue;
    }
    addPhase('Node internals called back by the event loop (sockets, HTTP, fetch, streams)', us);
  }

  const toMs = (us) => Math.round(us / 100) / 10;
  const moduleRows = [...modules.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, limit)
    .map((entry) => {
      const path = entry.module.includes(':') ? null : `${root}/${entry.module}`;
      return {
        module: entry.module,
        ms: toMs(entry.us),
        selfMs: toMs(entry.selfUs),
        count: entry.nodes.size,
        loadedBy: [...entry.loadedBy.keys()].join('; '),
        contains: path ? bundleContents(path) : '',
      };
    });
  const pruneUs = Math.max(300, sampledUs * 0.005);
  const treeRows = (node) =>
    [...node.children.values()]
      .filter((child) => child.us >= pruneUs)
      .sort((a, b) => b.us - a.us)
      .map((child) => ({
        module: child.module,
        ms: toMs(child.us),
        selfMs: toMs(child.selfUs),
        loadedBy: [...child.loadedBy].join('; '),
        contains: child.module.includes(':') ? '' : bundleContents(`${root}/${child.module}`),
        children: treeRows(child),
      }));
  return {
    file,
    spanMs: toMs(profile.endTime - profile.startTime),
    sampledMs: toMs(sampledUs),
    phases: [...phases.entries()].sort((a, b) => b[1] - a[1]).map(([phase, us]) => ({ phase, ms: toMs(us) })),
    modules: moduleRows,
    evaluationTree: treeRows(tree),
    evaluationTreeCutoffMs: toMs(pruneUs),
  };
}

/** Text for the console. */
export function formatStartProfile(analysis, title) {
  const lines = [`${title}: ${basename(analysis.file)}, ${analysis.spanMs} ms profiled (${analysis.sampledMs} ms in samples)`];
  lines.push('  where the time goes (each sample counted once):');
  for (const { phase, ms } of analysis.phases) lines.push(`    ${String(ms.toFixed(1)).padStart(6)} ms  ${phase}`);
  lines.push(`  module evaluations, inclusive (each includes the modules evaluated inside it; under ${analysis.evaluationTreeCutoffMs} ms left out):`);
  const walk = (rows, depth, parentLoadedBy) => {
    for (const row of rows) {
      const contains = row.contains ? ` [${row.contains}]` : '';
      const loadedBy = row.loadedBy && row.loadedBy !== parentLoadedBy ? `  <- ${row.loadedBy}` : '';
      lines.push(`    ${String(row.ms.toFixed(1)).padStart(6)} ms (self ${row.selfMs.toFixed(1).padStart(4)})  ${'  '.repeat(depth)}${row.module}${contains}${loadedBy}`);
      walk(row.children, depth + 1, row.loadedBy);
    }
  };
  walk(analysis.evaluationTree, 0, null);
  return lines.join('\n');
}
