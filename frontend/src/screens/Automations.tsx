// Placeholder: this screen is being built.
export default function Automations() {
  return <section><h1>Automations</h1><p className="status empty">Not built yet.</p></section>
}
