import type { PageDoc } from './PageView'

// Placeholder: this screen is being built.
export default function Related({ doc }: { doc: PageDoc }) {
  return <p className="status empty">Pages related to {doc.title}: not built yet.</p>
}
