// Line diffs: an LCS diff of two texts (the editor's conflict view) and the
// lines of a unified diff as the server writes it (the history).

export type DiffOp = 'same' | 'add' | 'del'

export interface DiffLine {
  op: DiffOp
  text: string
}

/** Above this many cells the middle of a diff is shown as all removed then all added. */
const maxCells = 4_000_000

function splitLines(s: string): string[] {
  if (s === '') return []
  const lines = s.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** The lines of a turned into the lines of b: kept ('same'), removed ('del') and added ('add'), in order. */
export function lineDiff(a: string, b: string): DiffLine[] {
  const x = splitLines(a)
  const y = splitLines(b)
  let start = 0
  while (start < x.length && start < y.length && x[start] === y[start]) start++
  let endX = x.length
  let endY = y.length
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--
    endY--
  }
  const out: DiffLine[] = x.slice(0, start).map((text) => ({ op: 'same', text }))
  const mx = x.slice(start, endX)
  const my = y.slice(start, endY)
  const n = mx.length
  const m = my.length
  if (n * m > maxCells) {
    for (const text of mx) out.push({ op: 'del', text })
    for (const text of my) out.push({ op: 'add', text })
  } else if (n > 0 || m > 0) {
    // lcs[i][j]: the longest common subsequence of mx[i..] and my[j..].
    const w = m + 1
    const lcs = new Uint32Array((n + 1) * w)
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] = mx[i] === my[j] ? (lcs[(i + 1) * w + j + 1] as number) + 1 : Math.max(lcs[(i + 1) * w + j] as number, lcs[i * w + j + 1] as number)
      }
    }
    let i = 0
    let j = 0
    while (i < n && j < m) {
      if (mx[i] === my[j]) {
        out.push({ op: 'same', text: mx[i] as string })
        i++
        j++
      } else if ((lcs[(i + 1) * w + j] as number) >= (lcs[i * w + j + 1] as number)) {
        out.push({ op: 'del', text: mx[i++] as string })
      } else {
        out.push({ op: 'add', text: my[j++] as string })
      }
    }
    while (i < n) out.push({ op: 'del', text: mx[i++] as string })
    while (j < m) out.push({ op: 'add', text: my[j++] as string })
  }
  for (const text of x.slice(endX)) out.push({ op: 'same', text })
  return out
}

export type ShownLine = DiffLine | { op: 'skip'; count: number }

/** A diff with long runs of unchanged lines folded to `context` lines around each change. */
export function withContext(lines: DiffLine[], context = 3): ShownLine[] {
  const keep = new Array<boolean>(lines.length).fill(false)
  lines.forEach((l, i) => {
    if (l.op === 'same') return
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true
  })
  const out: ShownLine[] = []
  let skipped = 0
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (skipped) out.push({ op: 'skip', count: skipped })
      skipped = 0
      out.push(l)
    } else skipped++
  })
  if (skipped) out.push({ op: 'skip', count: skipped })
  return out
}

export type UnifiedKind = 'file' | 'hunk' | 'add' | 'del' | 'same'

/** What a line of a unified diff is: a file header, a hunk header, an added, removed or context line. */
export function unifiedKind(line: string): UnifiedKind {
  if (line.startsWith('+++') || line.startsWith('---')) return 'file'
  if (line.startsWith('@@')) return 'hunk'
  if (line.startsWith('+')) return 'add'
  if (line.startsWith('-')) return 'del'
  return 'same'
}

/** The lines of a unified diff, each with its kind (no trailing empty line). */
export function unifiedLines(diff: string): { kind: UnifiedKind; text: string }[] {
  return splitLines(diff).map((text) => ({ kind: unifiedKind(text), text }))
}
