// The editor's mode, remembered per person in this browser
// (docs/frontend.md, "The editor"): the markdown source, or live preview.

export type EditorMode = 'source' | 'live'

const key = (person: string) => `codna.editorMode.${person || 'anonymous'}`

/** The person's editor mode here ('source' until they choose). */
export function editorMode(person: string): EditorMode {
  try {
    return localStorage.getItem(key(person)) === 'live' ? 'live' : 'source'
  } catch {
    return 'source'
  }
}

/** Remembers the person's editor mode. */
export function setEditorMode(person: string, mode: EditorMode): void {
  try {
    localStorage.setItem(key(person), mode)
  } catch {
    // A browser refusing storage only forgets the choice.
  }
}
