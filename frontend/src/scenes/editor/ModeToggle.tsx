import type { EditorMode } from '../../lib/editorMode'

/**
 * Switches a markdown body between its source and live preview (two toggle
 * buttons, one pressed). "Live", not "Live preview": the side preview's
 * button is "Preview", and names that contain each other are ambiguous.
 */
export function ModeToggle({ mode, onChange }: { mode: EditorMode; onChange: (m: EditorMode) => void }) {
  return (
    <div className="editor-mode" role="group" aria-label="Editor mode: source or live preview">
      <button type="button" aria-pressed={mode === 'source'} onClick={() => onChange('source')} title="Show the markdown as it is">
        Source
      </button>
      <button type="button" aria-pressed={mode === 'live'} onClick={() => onChange('live')} title="Render headings, emphasis, links and images in place; the line you are on shows its markdown">
        Live
      </button>
    </div>
  )
}
