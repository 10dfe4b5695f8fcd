// Placeholder: this screen is being built.
export default function Manage() {
  return <section><h1>Manage</h1><p className="status empty">Not built yet.</p></section>
}
