// Placeholder: this screen is being built.
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  return <div role="dialog" aria-label="Search"><button type="button" onClick={onClose}>Close</button></div>
}
