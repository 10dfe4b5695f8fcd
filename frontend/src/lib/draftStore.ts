import { draftKey, draftPrefix, expired, type Draft } from './draft'

// The drafts' store: one IndexedDB database, "codna-drafts", one object store
// "drafts" keyed by draftKey (docs/frontend.md, "Drafts"). Every call
// swallows a browser that refuses IndexedDB (private mode, quota): a draft is
// a safety net, never a reason for the editor to fail.

const dbName = 'codna-drafts'
const storeName = 'drafts'

let opening: Promise<IDBDatabase> | null = null

function open(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const req = indexedDB.open(dbName, 1)
      req.onupgradeneeded = () => req.result.createObjectStore(storeName, { keyPath: 'key' })
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error ?? new Error('IndexedDB refused'))
    })
    opening.catch(() => {
      opening = null
    })
  }
  return opening
}

async function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open()
  return new Promise((resolve, reject) => {
    const tx = db.transaction(storeName, mode)
    const req = work(tx.objectStore(storeName))
    tx.oncomplete = () => resolve(req ? req.result : undefined)
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'))
  })
}

async function quietly<T>(p: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await p()
  } catch {
    return fallback
  }
}

/** Writes (or replaces) the draft of person's edit of page on top of baseVersion. */
export function putDraft(d: Omit<Draft, 'key' | 'savedAt'>): Promise<void> {
  const draft: Draft = { ...d, key: draftKey(d.person, d.page, d.baseVersion), savedAt: Date.now() }
  return quietly(async () => void (await run('readwrite', (s) => s.put(draft))), undefined)
}

/** The person's drafts of page (any base version); expired ones are deleted on the way. */
export function draftsOf(person: string, page: string): Promise<Draft[]> {
  return quietly(async () => {
    const prefix = draftPrefix(person, page)
    const range = IDBKeyRange.bound(prefix, prefix + '\uffff')
    const all = ((await run('readonly', (s) => s.getAll(range))) ?? []) as Draft[]
    const now = Date.now()
    const old = all.filter((d) => expired(d.savedAt, now))
    if (old.length > 0) await run('readwrite', (s) => old.forEach((d) => s.delete(d.key)))
    return all.filter((d) => !expired(d.savedAt, now))
  }, [])
}

/** Every draft the person has, of any page, newest first; expired ones are left out (sweepDrafts deletes them). */
export function draftsOfPerson(person: string): Promise<Draft[]> {
  return quietly(async () => {
    const prefix = `${person}\u0000`
    const all = ((await run('readonly', (s) => s.getAll(IDBKeyRange.bound(prefix, prefix + '\uffff')))) ?? []) as Draft[]
    const now = Date.now()
    return all.filter((d) => d.person === person && !expired(d.savedAt, now)).sort((a, b) => b.savedAt - a.savedAt)
  }, [])
}

/** Deletes every draft the person has of page: after a save, a discard, or when the page is gone. */
export function clearDrafts(person: string, page: string): Promise<void> {
  const prefix = draftPrefix(person, page)
  return quietly(async () => void (await run('readwrite', (s) => s.delete(IDBKeyRange.bound(prefix, prefix + '\uffff')))), undefined)
}

/**
 * Deletes every draft in this browser, and co-editing's local copies of
 * pages (IndexedDB databases `codna-coedit/…` and their generations in
 * localStorage, docs/frontend.md "Co-editing"): on sign-out, the next
 * person must not see them.
 */
export async function clearAllDrafts(): Promise<void> {
  await quietly(async () => void (await run('readwrite', (s) => s.clear())), undefined)
  await quietly(async () => {
    for (const d of (await indexedDB.databases?.()) ?? []) if (d.name?.startsWith('codna-coedit/')) indexedDB.deleteDatabase(d.name)
    for (const k of Object.keys(localStorage)) if (k.startsWith('codna-coedit-generation/')) localStorage.removeItem(k)
  }, undefined)
}

/** Deletes every expired draft (the app does it once when it starts). */
export function sweepDrafts(): Promise<void> {
  return quietly(async () => {
    const all = ((await run('readonly', (s) => s.getAll())) ?? []) as Draft[]
    const now = Date.now()
    const old = all.filter((d) => expired(d.savedAt, now))
    if (old.length > 0) await run('readwrite', (s) => old.forEach((d) => s.delete(d.key)))
  }, undefined)
}

// Who is signed in, for the drafts' keys: set by the app's shell.
let person = ''

/** Sets who is signed in (the app's shell does, once it knows). */
export function setDraftPerson(id: string): void {
  person = id
}

/** Who is signed in, or '' before the shell knows: drafts are off until then. */
export function draftPerson(): string {
  return person
}

// Pages whose editor is open, and those to open again in the editor after a
// move made while editing (the page view moves to the new address and
// mounts anew; the editor there takes its draft back at once).
const editing = new Set<string>()
const resuming = new Set<string>()

/** Marks page's editor open; returns the unmark. */
export function editorOpen(page: string): () => void {
  editing.add(page)
  return () => {
    editing.delete(page)
  }
}

/**
 * Called before a move of page navigates: if its editor is open, the page
 * opens in the editor again at its new address with the edit restored.
 * Returns whether it was open (the navigation then need not ask).
 */
export function keepEditingAfterMove(page: string): boolean {
  if (!editing.has(page)) return false
  resuming.add(page)
  return true
}

/** Opens page in the editor with its draft back when the page view shows next ("Continue editing" on home). */
export function continueEditing(page: string): void {
  resuming.add(page)
}

/** Whether page is to open in the editor (a move made while editing, or "Continue editing"). */
export function resumesEditing(page: string): boolean {
  return resuming.has(page)
}

/** Takes the mark left by keepEditingAfterMove: true once. */
export function takeResume(page: string): boolean {
  return resuming.delete(page)
}
