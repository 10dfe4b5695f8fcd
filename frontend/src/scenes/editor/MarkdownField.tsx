import { useEffect, useId, useRef, useState } from 'react'
import { useClient } from 'urql'
import { Compartment, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { Toolbar } from './Toolbar'
import { ModeToggle } from './ModeToggle'
import { modeExtension, previewHost, writingExtensions } from './setup'
import { editorMode, setEditorMode, type EditorMode } from '../../lib/editorMode'
import { draftPerson } from '../../lib/draftStore'
import { MentionList } from '../../components/mention/MentionSuggest'
import { useEditorMentions } from './useEditorMentions'
import './Editor.css'

/**
 * A markdown body edited as the page editor edits one (the same CodeMirror
 * set-up: highlighting, toolbar, shortcuts, the `[[`, `/` and `@` menus,
 * live preview), for a form with no page yet: files are not taken. onChange
 * hears every change of the text; onView gets the editor (to set its text).
 */
export function MarkdownField({
  initial,
  page,
  onChange,
  onView,
}: {
  initial: string
  /** Where the page will be: relative links and images resolve from there. */
  page: { space: string; path: string }
  onChange: (text: string) => void
  onView?: (v: EditorView | null) => void
}) {
  const ids = useId()
  const client = useClient()
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const [mode, setMode] = useState<EditorMode>(() => editorMode(draftPerson()))
  const [modeSlot] = useState(() => new Compartment())
  const pageRef = useRef(page)
  pageRef.current = page
  const [preview] = useState(() =>
    previewHost(
      {
        get space() {
          return pageRef.current.space
        },
        get path() {
          return pageRef.current.path
        },
      },
      () => new Map(),
    ),
  )
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const { picker, pickerRef, insertMention } = useEditorMentions(`${ids}-mentions`, view)

  useEffect(() => {
    const el = host.current
    if (!el) return
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' })
    const parent = document.createElement('div')
    root.appendChild(parent)
    const v = new EditorView({
      parent,
      root,
      state: EditorState.create({
        doc: initial,
        extensions: [
          ...writingExtensions({
            client,
            mentionKey: (key) => {
              const r = pickerRef.current.key(key)
              if (r.chosen) insertMention(r.chosen)
              return r.handled
            },
            preview,
            mode: modeSlot,
            initialMode: mode,
          }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged || u.selectionSet) pickerRef.current.update(u.state.doc.toString(), u.state.selection.main.head)
            if (u.docChanged) onChangeRef.current(u.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = v
    onView?.(v)
    return () => {
      onView?.(null)
      v.destroy()
      parent.remove()
      view.current = null
    }
    // Made once; the text is the editor's from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const switchMode = (m: EditorMode) => {
    setMode(m)
    setEditorMode(draftPerson(), m)
    view.current?.dispatch({ effects: modeSlot.reconfigure(modeExtension(m, preview)) })
  }

  return (
    <div className="markdown-field">
      <div className="editor-bar">
        <span className="editor-label" aria-hidden="true">
          Body
        </span>
        <Toolbar view={() => view.current} />
        <ModeToggle mode={mode} onChange={switchMode} />
      </div>
      <p className="editor-hint">Type / for blocks, @ and a name to mention someone, [[ and a title to link a page. Ctrl B, Ctrl I and Ctrl K make bold, italic and a link.</p>
      <div className="editor-host-wrap">
        <div ref={host} className="editor-host" />
        <MentionList id={`${ids}-mentions`} options={picker.options} active={picker.active} onPick={insertMention} />
      </div>
    </div>
  )
}
