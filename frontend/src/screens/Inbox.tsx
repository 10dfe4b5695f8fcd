// Placeholder: this screen is being built.
export default function Inbox() {
  return <section><h1>Inbox</h1><p className="status empty">Not built yet.</p></section>
}
