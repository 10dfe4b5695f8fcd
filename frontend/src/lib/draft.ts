// Drafts: what a person typed in the editor and has not saved, kept in the
// browser (IndexedDB, see lib/draftStore.ts and docs/frontend.md, "Drafts")
// so that a reload, a navigation or a crash does not lose it.

/** How long an unsaved draft is kept, in ms: 7 days. */
export const draftTTL = 7 * 24 * 60 * 60 * 1000

/** How long the editor waits after the last keystroke before it writes the draft, in ms. */
export const draftDelay = 400

/** One unsaved edit of one page by one person, made on top of one version of the page. */
export interface Draft {
  /** The key: see draftKey. */
  key: string
  person: string
  page: string
  baseVersion: number
  title: string
  content: string
  /** When it was last written (ms since the epoch). */
  savedAt: number
}

/** The key of a draft: person, page and the version the edit started from. */
export function draftKey(person: string, page: string, baseVersion: number): string {
  return `${person}\u0000${page}\u0000${baseVersion}`
}

/** The key prefix of every draft of one page by one person (any base version). */
export function draftPrefix(person: string, page: string): string {
  return `${person}\u0000${page}\u0000`
}

/** Whether a draft written at savedAt has expired at now. */
export function expired(savedAt: number, now: number): boolean {
  return now - savedAt > draftTTL
}

/** Whether the editor holds something the page does not: a draft worth keeping. */
export function unsaved(base: { title: string; content: string }, now: { title: string; content: string }): boolean {
  const title = now.title.trim()
  return (title !== '' && title !== base.title) || now.content !== base.content
}

/**
 * The draft to offer back when a page's editor opens: the newest one not
 * expired whose text differs from the page as it is now. Others are stale.
 */
export function draftToOffer(drafts: Draft[], page: { title: string; content: string }, now: number): Draft | null {
  let best: Draft | null = null
  for (const d of drafts) {
    if (expired(d.savedAt, now)) continue
    if (d.content === page.content && d.title === page.title) continue
    if (!best || d.savedAt > best.savedAt) best = d
  }
  return best
}
