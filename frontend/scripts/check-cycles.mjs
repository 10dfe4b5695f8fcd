// Fails when the web app's modules import each other in a cycle (make lint
// runs it). Every relative import counts: static, type-only (`import type`),
// re-exports and lazy `import()` alike, since a cycle through any of them
// still ties the modules together. Packages are not followed. It reads the
// sources with the TypeScript compiler's parser, from node_modules, so it
// needs no network.
//
//   node scripts/check-cycles.mjs [dir]     (dir: src by default)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(process.argv[2] ?? 'src')

/** Every .ts and .tsx file under dir. */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : []
  })
}

/** The specifiers of the modules a file imports, in every form. */
function specifiers(file) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const out = []
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      out.push(node.arguments[0].text)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

/** The source file a relative specifier names, or null (a package, a stylesheet). */
function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

const files = sources(root)
const edges = new Map(files.map((f) => [f, [...new Set(specifiers(f).map((s) => resolveImport(f, s)).filter(Boolean))]]))

// Tarjan's strongly connected components: a component of more than one
// module, or a module importing itself, is a cycle.
let counter = 0
const index = new Map()
const low = new Map()
const stack = []
const onStack = new Set()
const cycles = []
function connect(v) {
  index.set(v, counter)
  low.set(v, counter)
  counter++
  stack.push(v)
  onStack.add(v)
  for (const w of edges.get(v) ?? []) {
    if (!index.has(w)) {
      connect(w)
      low.set(v, Math.min(low.get(v), low.get(w)))
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
  }
  if (low.get(v) !== index.get(v)) return
  const component = []
  let w
  do {
    w = stack.pop()
    onStack.delete(w)
    component.push(w)
  } while (w !== v)
  if (component.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(component)
}
for (const f of files) if (!index.has(f)) connect(f)

/** One concrete loop through a component, from its first module back to it. */
function loop(component) {
  const inside = new Set(component)
  const start = component.slice().sort()[0]
  const path = [start]
  const seen = new Set([start])
  const walk = (v) => {
    for (const w of edges.get(v) ?? []) {
      if (w === start) return true
      if (!inside.has(w) || seen.has(w)) continue
      seen.add(w)
      path.push(w)
      if (walk(w)) return true
      path.pop()
    }
    return false
  }
  walk(start)
  return [...path, start]
}

const name = (f) => relative(process.cwd(), f)
if (cycles.length > 0) {
  console.error(`import cycles among the web app's modules (${cycles.length}); move what both sides need into a module of its own:`)
  for (const c of cycles) {
    console.error(`  ${c.map(name).sort().join(', ')}\n    for one: ${loop(c).map(name).join(' -> ')}`)
  }
  process.exit(1)
}
console.log(`no import cycles among ${files.length} modules under ${name(root) || '.'}`)
