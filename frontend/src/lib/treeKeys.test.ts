import { describe, expect, it } from 'vitest'
import { treeMove, type TreeItem } from './treeKeys'

// eng/ (open) > [onboarding/ (closed), Setup], Home, ops/ (closed)
const items: TreeItem[] = [
  { level: 1, expanded: true },
  { level: 2, expanded: false },
  { level: 2 },
  { level: 1 },
  { level: 1, expanded: false },
]

describe('treeMove', () => {
  it('moves up and down the visible items, and to the ends', () => {
    expect(treeMove(items, 0, 'ArrowDown')).toEqual({ focus: 1 })
    expect(treeMove(items, 4, 'ArrowDown')).toBeNull()
    expect(treeMove(items, 3, 'ArrowUp')).toEqual({ focus: 2 })
    expect(treeMove(items, 0, 'ArrowUp')).toBeNull()
    expect(treeMove(items, 2, 'Home')).toEqual({ focus: 0 })
    expect(treeMove(items, 2, 'End')).toEqual({ focus: 4 })
  })
  it('opens a closed folder with Right, then enters it', () => {
    expect(treeMove(items, 1, 'ArrowRight')).toEqual({ expand: 1 })
    expect(treeMove(items, 0, 'ArrowRight')).toEqual({ focus: 1 })
    expect(treeMove(items, 2, 'ArrowRight')).toBeNull() // a page
    // An open folder with nothing in it (yet): Right stays.
    expect(treeMove([{ level: 1, expanded: true }, { level: 1 }], 0, 'ArrowRight')).toBeNull()
  })
  it('closes an open folder with Left, else goes to the folder above', () => {
    expect(treeMove(items, 0, 'ArrowLeft')).toEqual({ collapse: 0 })
    expect(treeMove(items, 2, 'ArrowLeft')).toEqual({ focus: 0 })
    expect(treeMove(items, 1, 'ArrowLeft')).toEqual({ focus: 0 })
    expect(treeMove(items, 3, 'ArrowLeft')).toBeNull() // top level
  })
  it('leaves other keys alone', () => {
    expect(treeMove(items, 0, 'Enter')).toBeNull()
    expect(treeMove(items, 0, 'a')).toBeNull()
    expect(treeMove([], 0, 'ArrowDown')).toBeNull()
  })
})
