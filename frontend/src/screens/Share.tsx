import type { PageDoc } from './PageView'

// Placeholder: this screen is being built.
export default function Share({ doc, onClose }: { doc: PageDoc; onClose: () => void }) {
  return (
    <section>
      <p className="status empty">Sharing {doc.title} is not built yet.</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  )
}
