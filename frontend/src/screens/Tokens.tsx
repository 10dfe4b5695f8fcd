// Placeholder: this screen is being built.
export default function Tokens() {
  return <section><h1>Tokens</h1><p className="status empty">Not built yet.</p></section>
}
