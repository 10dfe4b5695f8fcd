// The keyboard of a tree view (the WAI-ARIA tree pattern): what a key does
// given the tree's visible items in order. Pure, so it is unit-tested; the
// sidebar's FolderTree applies it to the DOM.

/** A visible tree item: its depth (1 at the top) and, for a folder, whether it is open. */
export type TreeItem = { level: number; expanded?: boolean }

/** What a key does: focus another item, open or close a folder, or nothing (null). */
export type TreeMove = { focus: number } | { expand: number } | { collapse: number } | null

/**
 * What key does on items[at]: Down and Up move to the next and previous
 * visible item, Home and End to the first and last; Right opens a closed
 * folder and enters an open one (its first item); Left closes an open
 * folder and otherwise goes to the item's folder. Enter and Space are left
 * to the item itself (a link follows, a folder button toggles).
 */
export function treeMove(items: TreeItem[], at: number, key: string): TreeMove {
  const item = items[at]
  if (!item) return null
  switch (key) {
    case 'ArrowDown':
      return at + 1 < items.length ? { focus: at + 1 } : null
    case 'ArrowUp':
      return at > 0 ? { focus: at - 1 } : null
    case 'Home':
      return items.length ? { focus: 0 } : null
    case 'End':
      return items.length ? { focus: items.length - 1 } : null
    case 'ArrowRight':
      if (item.expanded === false) return { expand: at }
      if (item.expanded && items[at + 1]?.level === item.level + 1) return { focus: at + 1 }
      return null
    case 'ArrowLeft': {
      if (item.expanded) return { collapse: at }
      for (let i = at - 1; i >= 0; i--) if (items[i]?.level === item.level - 1) return { focus: i }
      return null
    }
  }
  return null
}
