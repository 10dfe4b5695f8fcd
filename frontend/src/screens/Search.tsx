// Placeholder: this screen is being built.
export default function Search() {
  return <section><h1>Search</h1><p className="status empty">Not built yet.</p></section>
}
