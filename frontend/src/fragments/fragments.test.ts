import { describe, expect, it } from 'vitest'
import {
  buildSchema,
  getNamedType,
  isObjectType,
  Kind,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLObjectType,
  type SelectionSetNode,
} from 'graphql'
import * as generated from '../gql/graphql'
import { embedded } from '../client'

// The rule of src/fragments: every selection of an entity (a type with an
// id that the normalized cache keys by it) spreads that entity's one
// fragment, <Type>Fields, so every screen reads the same fields of it.

const sdl = import.meta.glob<string>('../../../graph/schema/*.graphqls', { query: '?raw', import: 'default', eager: true })
const schema = buildSchema(Object.values(sdl).join('\n'))

function isEntity(t: GraphQLObjectType): boolean {
  return 'id' in t.getFields() && !embedded.includes(t.name) && !t.name.endsWith('Payload')
}

const definitions = new Map<string, DefinitionNode>()
for (const v of Object.values(generated) as unknown[]) {
  const doc = v as DocumentNode
  if (doc?.kind !== Kind.DOCUMENT) continue
  for (const d of doc.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) definitions.set(d.name?.value ?? '', d)
  }
}

/** Whether a selection set spreads a fragment, itself or through another fragment it spreads (the page's, say). */
function spreads(set: SelectionSetNode, name: string): boolean {
  return set.selections.some((s) => {
    if (s.kind !== Kind.FRAGMENT_SPREAD) return false
    if (s.name.value === name) return true
    const f = definitions.get(s.name.value)
    return f?.kind === Kind.FRAGMENT_DEFINITION && spreads(f.selectionSet, name)
  })
}

/** The entity selections of a definition that do not spread their type's fragment, as "Type at path". */
function unspread(def: DefinitionNode): string[] {
  const out: string[] = []
  const walk = (set: SelectionSetNode, type: GraphQLObjectType, path: string, own: boolean) => {
    if (isEntity(type) && !own) {
      if (!spreads(set, `${type.name}Fields`)) out.push(`${type.name} at ${path}`)
    }
    for (const s of set.selections) {
      if (s.kind !== Kind.FIELD || !s.selectionSet) continue
      const field = type.getFields()[s.name.value]
      const next = field && getNamedType(field.type)
      if (next && isObjectType(next)) walk(s.selectionSet, next, `${path}.${s.name.value}`, false)
    }
  }
  if (def.kind === Kind.OPERATION_DEFINITION) {
    const root = def.operation === 'query' ? schema.getQueryType() : def.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType()
    if (root) walk(def.selectionSet, root, def.name?.value ?? '', false)
  } else if (def.kind === Kind.FRAGMENT_DEFINITION) {
    const type = schema.getType(def.typeCondition.name.value)
    if (type && isObjectType(type)) walk(def.selectionSet, type, def.name.value, def.name.value === `${type.name}Fields`)
  }
  return out
}

describe('fragments', () => {
  it('reads the schema and the operations', () => {
    expect(schema.getType('Document')).toBeTruthy()
    expect(definitions.size).toBeGreaterThan(90)
    expect(definitions.has('Start')).toBe(true)
  })

  it('are spread wherever an operation reads their entity', () => {
    const missing = [...definitions.values()].flatMap(unspread)
    expect(missing).toEqual([])
  })

})
