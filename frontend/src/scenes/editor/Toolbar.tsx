import type { EditorView } from '@codemirror/view'
import { makeLink, toggleCode, togglePrefix, toggleWrap } from '../../lib/markdownEdit'
import { runEdit } from './writing'

/** The toolbar's buttons: label, what they show, their shortcut, and their edit. */
const tools: { label: string; text: string; keys?: string; aria?: string; edit: Parameters<typeof runEdit>[0] }[] = [
  { label: 'Bold', text: 'B', keys: 'Ctrl B', aria: 'Control+B', edit: (t, f, to) => toggleWrap(t, f, to, '**') },
  { label: 'Italic', text: 'I', keys: 'Ctrl I', aria: 'Control+I', edit: (t, f, to) => toggleWrap(t, f, to, '*') },
  { label: 'Link', text: 'Link', keys: 'Ctrl K', aria: 'Control+K', edit: makeLink },
  { label: 'Heading', text: 'H', edit: (t, f, to) => togglePrefix(t, f, to, '## ') },
  { label: 'List', text: '•', edit: (t, f, to) => togglePrefix(t, f, to, '- ') },
  { label: 'Code', text: '</>', edit: toggleCode },
]

/** The editor's formatting toolbar; a click keeps the focus (and the selection) in the body. */
export function Toolbar({ view }: { view: () => EditorView | null }) {
  return (
    <div className="editor-tools" role="toolbar" aria-label="Formatting">
      {tools.map((t) => (
        <button
          key={t.label}
          type="button"
          aria-label={t.label}
          title={`${t.label}${t.keys ? ` (${t.keys})` : ''}`}
          aria-keyshortcuts={t.aria}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const v = view()
            if (!v) return
            runEdit(t.edit)(v)
            v.focus()
          }}
        >
          {t.text}
        </button>
      ))}
    </div>
  )
}
