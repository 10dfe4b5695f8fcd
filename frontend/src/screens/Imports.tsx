// Placeholder: this screen is being built.
export default function Imports() {
  return <section><h1>Imports</h1><p className="status empty">Not built yet.</p></section>
}
