// Placeholder: this screen is being built.
export default function Shared() {
  return <section><h1>Shared</h1><p className="status empty">Not built yet.</p></section>
}
