// Placeholder: this screen is being built.
export default function Trash() {
  return <section><h1>Trash</h1><p className="status empty">Not built yet.</p></section>
}
