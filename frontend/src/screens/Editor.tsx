import type { PageDoc } from './PageView'

// Placeholder: this screen is being built.
export default function Editor({ doc, onDone }: { doc: PageDoc; onDone: () => void }) {
  return (
    <section>
      <p className="status empty">Editing {doc.title} is not built yet.</p>
      <button type="button" onClick={onDone}>
        Back
      </button>
    </section>
  )
}
