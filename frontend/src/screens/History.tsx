import type { PageDoc } from './PageView'

// Placeholder: this screen is being built.
export default function History({ doc, onRestored }: { doc: PageDoc; onRestored: () => void }) {
  return (
    <section>
      <p className="status empty" onClick={onRestored}>
        The history of {doc.title} is not built yet.
      </p>
    </section>
  )
}
