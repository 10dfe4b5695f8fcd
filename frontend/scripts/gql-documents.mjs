// A Vite plugin doing at build time what graphql-codegen's client preset
// does with its babel plugin (babelOptimizerPlugin, "Reducing bundle size"
// in the preset's docs), without babel (plugin-react 6 no longer runs it):
// each `graphql(`…`)` call in src is replaced by an import of that one
// document from src/gql/graphql.ts. Without it every chunk calling
// graphql() pulls in src/gql/gql.ts, which maps the source text of every
// operation of the app to its document: the first route's script carried
// all of them (docs/frontend.md, "Big pages and the first route").
//
// The generated code stays as `npm run codegen` writes it (checked in,
// checked for staleness by `make check-generated`); only the bundle
// changes. A call whose document is not exported by src/gql/graphql.ts
// (codegen not run) fails the build.
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { parse } from 'graphql'

const call = /\bgraphql\(\s*`((?:[^`$]|\$(?!\{))*)`\s*,?\s*\)/g

/** The name codegen gives a document: operations `<Name>Document`, fragments `<Name>FragmentDoc`. */
export function documentName(source) {
  const def = parse(source).definitions[0]
  if (!def?.name) return undefined
  if (def.kind === 'OperationDefinition') return `${def.name.value}Document`
  if (def.kind === 'FragmentDefinition') return `${def.name.value}FragmentDoc`
  return undefined
}

export default function gqlDocuments({ gqlDir }) {
  const artifact = resolve(gqlDir, 'graphql.ts')
  let exported
  return {
    name: 'codna-gql-documents',
    enforce: 'pre',
    buildStart() {
      exported = new Set([...readFileSync(artifact, 'utf8').matchAll(/^export const (\w+) = /gm)].map((m) => m[1]))
    },
    transform(code, id) {
      const file = id.split('?')[0]
      if (!/\.(ts|tsx)$/.test(file) || file.startsWith(resolve(gqlDir) + sep) || !code.includes('graphql(`')) return null
      const names = new Set()
      const out = code.replace(call, (whole, source) => {
        const name = documentName(source)
        if (!name) return whole
        if (!exported.has(name)) this.error(`${name} is not in src/gql/graphql.ts: run npm run codegen`)
        names.add(name)
        return name
      })
      if (names.size === 0) return null
      let rel = relative(dirname(file), artifact).replace(/\.ts$/, '').split(sep).join('/')
      if (!rel.startsWith('.')) rel = './' + rel
      return { code: `import { ${[...names].join(', ')} } from '${rel}'\n${out}`, map: null }
    },
  }
}
