// Plain helpers for sharing, the trash and shared-with-me: kept free of
// React so they are tested alone.

/** Whole days from now until a time (rounded up), null when there is no time. */
export function daysLeft(t: string | null | undefined, now: Date): number | null {
  if (!t) return null
  const d = new Date(t).getTime()
  if (Number.isNaN(d)) return null
  return Math.ceil((d - now.getTime()) / 86400000)
}

/** An RFC 3339 time `days` days before now. */
export function since(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86400000).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

const reasons: Record<string, string> = {
  DIRECT: 'shared directly',
  LINK_SUGGESTION: 'shared along with a linking page',
  BULK_TAG: 'shared with everything carrying a tag',
  FOLDER: 'a folder share covers it',
  SCRIPT: 'shared by an automation',
  IMPORT: 'came with an import',
  SPACE_DEFAULT: 'everyone reads new pages in its space by default',
  AGENT_RESPONSIBLE: 'you answer for the agent that wrote it',
  MENTION: 'shared when its author mentioned you',
}

/** Why a grant exists, in words. */
export function reasonWords(r: string): string {
  return reasons[r] ?? r.toLowerCase().replace(/_/g, ' ')
}

/** What a permission lets one do, in words. */
export function permissionWords(p: string): string {
  return p === 'WRITE' ? 'can edit' : p === 'OWNER' ? 'owner' : 'can read'
}

const emailish = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const prefixed = /^(group|agent):[a-z0-9][a-z0-9-]*$/

/**
 * The recipients typed in a field, as a share names them: emails,
 * `group:<slug>` and `agent:<slug>`, split on commas, semicolons and spaces.
 * What is not one of those is returned in `invalid`.
 */
export function parseRecipients(text: string): { recipients: string[]; invalid: string[] } {
  const recipients: string[] = []
  const invalid: string[] = []
  for (const raw of text.split(/[\s,;]+/)) {
    const t = raw.trim()
    if (!t) continue
    const v = t.toLowerCase()
    if (emailish.test(t) || prefixed.test(v)) {
      if (!recipients.includes(v)) recipients.push(v)
    } else invalid.push(t)
  }
  return { recipients, invalid }
}

/** What a share outcome means, in words. */
export function outcomeWords(o: string): string {
  if (o === 'CREATED') return 'shared'
  if (o === 'UPGRADED') return 'upgraded to edit'
  return 'already had access'
}
