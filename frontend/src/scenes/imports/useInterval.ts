import { useEffect, useRef } from 'react'

/** Calls fn every ms milliseconds while on (the latest fn, without restarting the timer). */
export function useInterval(fn: () => void, ms: number, on: boolean) {
  const ref = useRef(fn)
  ref.current = fn
  useEffect(() => {
    if (!on) return
    const t = setInterval(() => ref.current(), ms)
    return () => clearInterval(t)
  }, [ms, on])
}
