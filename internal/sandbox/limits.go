package sandbox

import (
	"fmt"
	"strconv"
	"time"
)

// Limit names the limit that ended a run (Result.LimitHit).
type Limit string

// The limits of a run, as automation_runs.limit_hit spells them. The log cap
// truncates and is not one of them.
const (
	LimitNone          Limit = ""
	LimitExecutionTime Limit = "execution_time"
	LimitMemory        Limit = "memory"
	LimitActions       Limit = "actions"
	LimitReads         Limit = "reads"
)

// Limits bound one run. A zero field takes its default (DefaultLimits).
type Limits struct {
	WallTime  time.Duration // from the runtime's start to the script's end
	Memory    int           // bytes the engine may allocate
	Proposals int           // calls of share/notify/tag/untag/write recorded
	Reads     int           // calls of find/get answered
	LogBytes  int           // console output kept; the rest is dropped
}

// DefaultLimits are the limits of the automations spec.
var DefaultLimits = Limits{
	WallTime:  2 * time.Second,
	Memory:    32 << 20,
	Proposals: 50,
	Reads:     10,
	LogBytes:  64 << 10,
}

func (l Limits) withDefaults() Limits {
	if l.WallTime <= 0 {
		l.WallTime = DefaultLimits.WallTime
	}
	if l.Memory <= 0 {
		l.Memory = DefaultLimits.Memory
	}
	if l.Proposals <= 0 {
		l.Proposals = DefaultLimits.Proposals
	}
	if l.Reads <= 0 {
		l.Reads = DefaultLimits.Reads
	}
	if l.LogBytes <= 0 {
		l.LogBytes = DefaultLimits.LogBytes
	}
	return l
}

// mergeLimits is base with over's non-zero fields (Input.Limits over
// Config.Limits).
func mergeLimits(base, over Limits) Limits {
	if over.WallTime > 0 {
		base.WallTime = over.WallTime
	}
	if over.Memory > 0 {
		base.Memory = over.Memory
	}
	if over.Proposals > 0 {
		base.Proposals = over.Proposals
	}
	if over.Reads > 0 {
		base.Reads = over.Reads
	}
	if over.LogBytes > 0 {
		base.LogBytes = over.LogBytes
	}
	return base
}

// bytesText writes n as MiB or KiB when it is a whole number of them.
func bytesText(n int) string {
	switch {
	case n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}

func limitMessage(l Limit, lim Limits) string {
	switch l {
	case LimitExecutionTime:
		return fmt.Sprintf("the script ran longer than %s", lim.WallTime)
	case LimitActions:
		return fmt.Sprintf("the script proposed more than %d actions", lim.Proposals)
	case LimitReads:
		return fmt.Sprintf("the script read more than %d times", lim.Reads)
	case LimitMemory:
		return fmt.Sprintf("the script needed more than %s of memory", bytesText(lim.Memory))
	}
	return string(l)
}
