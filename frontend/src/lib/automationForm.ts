import type { AutomationKind, AutomationProposalKind, CreateAutomationInput, Permission, Space, UpdateAutomationInput } from '../gql/graphql'

// The automation form's state and how it becomes the API's inputs.

export const triggerEvents = [
  'document.created',
  'document.updated',
  'document.moved',
  'document.renamed',
  'document.deleted',
  'document.restored',
  'document.transferred',
  'document.quarantined',
  'document.released',
  'access.granted',
  'access.revoked',
  'access.permission_changed',
  'link.state_changed',
  'ingestion.ready',
] as const

export interface AutomationDraft {
  id?: string
  name: string
  description: string
  kind: AutomationKind
  script: string
  triggerEvents: string[]
  scopeSpace: '' | Space
  scopePath: string
  scopeTags: string
  schedule: string
  timezone: string
}

export const exampleScript = `// event is the event that started the run (null on a schedule).
// Propose what should happen; each proposal is applied as you.
if (event && event.document) {
  console.log('Saw', event.type, 'on', event.document.address)
}
`

export function emptyDraft(): AutomationDraft {
  return {
    name: '',
    description: '',
    kind: 'EVENT',
    script: exampleScript,
    triggerEvents: ['document.created', 'document.updated'],
    scopeSpace: '',
    scopePath: '',
    scopeTags: '',
    schedule: '0 9 * * 1',
    timezone: 'UTC',
  }
}

/** Tags typed as "a, b c" → ["a", "b", "c"]. */
export function parseTags(s: string): string[] {
  return s
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '')
}

export function draftFrom(a: {
  id: string
  name: string
  description: string
  kind: AutomationKind
  script?: string | null
  triggerEvents: string[]
  scope: { space?: Space | null; pathPrefix?: string | null; tags: string[] }
  schedule?: string | null
  timezone: string
}): AutomationDraft {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    kind: a.kind,
    script: a.script ?? '',
    triggerEvents: [...a.triggerEvents],
    scopeSpace: a.scope.space ?? '',
    scopePath: a.scope.pathPrefix ?? '',
    scopeTags: a.scope.tags.join(', '),
    schedule: a.schedule ?? '',
    timezone: a.timezone,
  }
}

function scopeOf(d: AutomationDraft) {
  const tags = parseTags(d.scopeTags)
  return {
    ...(d.scopeSpace ? { space: d.scopeSpace } : {}),
    ...(d.scopePath.trim() ? { pathPrefix: d.scopePath.trim() } : {}),
    ...(tags.length ? { tags } : {}),
  }
}

/** The createAutomation input of a draft: only the fields its kind has. */
export function createInput(d: AutomationDraft): CreateAutomationInput {
  const base = { name: d.name.trim(), description: d.description, kind: d.kind, script: d.script }
  if (d.kind === 'EVENT') return { ...base, triggerEvents: d.triggerEvents, scope: scopeOf(d) }
  return { ...base, schedule: d.schedule.trim(), timezone: d.timezone.trim() || 'UTC' }
}

/** The updateAutomation input of a draft (its kind never changes). */
export function updateInput(d: AutomationDraft & { id: string }): UpdateAutomationInput {
  const base = { id: d.id, name: d.name.trim(), description: d.description, script: d.script }
  if (d.kind === 'EVENT') return { ...base, triggerEvents: d.triggerEvents, scope: scopeOf(d) }
  return { ...base, schedule: d.schedule.trim(), timezone: d.timezone.trim() || 'UTC' }
}

/** The sample event of a dry run: null for none, or the parsed JSON object; throws a readable error. */
export function parseSampleEvent(s: string): Record<string, unknown> | null {
  if (s.trim() === '') return null
  let v: unknown
  try {
    v = JSON.parse(s)
  } catch {
    throw new Error('The sample event is not valid JSON.')
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('The sample event must be a JSON object.')
  return v as Record<string, unknown>
}

export interface ProposalLike {
  kind: AutomationProposalKind
  documentId?: string | null
  recipient?: string | null
  permission?: Permission | null
  message?: string | null
  tag?: string | null
  write?: { space: Space; path: string; slug: string; title: string } | null
}

/** What a proposal is about, in words. */
export function proposalText(p: ProposalLike): string {
  switch (p.kind) {
    case 'SHARE':
      return `Share ${p.documentId ?? ''} with ${p.recipient ?? ''} (${(p.permission ?? '').toLowerCase()})`
    case 'NOTIFY':
      return `Notify ${p.recipient ?? ''}: ${p.message ?? ''}`
    case 'TAG':
      return `Tag ${p.documentId ?? ''} with ${p.tag ?? ''}`
    case 'UNTAG':
      return `Untag ${p.tag ?? ''} from ${p.documentId ?? ''}`
    case 'WRITE':
      return p.write ? `Write ${p.write.space.toLowerCase()}:${p.write.path ? p.write.path + '/' : ''}${p.write.slug} “${p.write.title}”` : 'Write'
  }
  return p.kind
}

