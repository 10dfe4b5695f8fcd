// Placeholder: this screen is being built.
export default function NewPage() {
  return <section><h1>NewPage</h1><p className="status empty">Not built yet.</p></section>
}
