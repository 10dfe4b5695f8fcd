import { ExportSection } from './ExportSection'
import { ImportSection } from './ImportSection'
import { IngestSection } from './IngestSection'
import '../../components/admin.css'

/** /imports: originals into raw, archives into a folder, folders out as a zip. */
export default function Imports() {
  return (
    <section className="admin">
      <h1>Imports</h1>
      <IngestSection />
      <ImportSection />
      <ExportSection />
    </section>
  )
}
