/** The page's actions for every reader: download it as markdown (GET /documents/<id>.md, a zip when it has files) and print it (the print stylesheet in styles.css keeps the page alone). */
export default function ExportActions({ id }: { id: string }) {
  return (
    <>
      <a className="action-link" href={`/documents/${encodeURIComponent(id)}.md`} download>
        Download (.md)
      </a>
      <button type="button" onClick={() => window.print()}>
        Print
      </button>
    </>
  )
}
