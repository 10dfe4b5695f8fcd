package automation

import (
	"crypto/sha256"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // time zones resolve on machines without a zoneinfo database
	"unicode/utf8"

	"github.com/adhocore/gronx"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/sandbox"
)

// Input is an automation's definition, as created or replaced. Kind is
// fixed at creation (Update ignores it).
type Input struct {
	Name          string
	Description   string
	Kind          Kind
	Script        string
	TriggerEvents []string // event
	Scope         Scope    // event
	Schedule      string   // schedule: a 5-field cron expression
	TimeZone      string   // schedule: an IANA name; "" is UTC
}

// definition is a validated Input.
type definition struct {
	Input
	loc      *time.Location
	scope    []byte
	hash     []byte
	schedule *string
}

// validate checks in and returns it normalized. Errors: BAD_USER_INPUT
// naming the field (name, description, kind, script, triggerEvents,
// scope.space, scope.pathPrefix, scope.tags, scope, schedule, timezone).
func validate(in Input) (*definition, error) {
	d := &definition{Input: in}
	d.Name = strings.TrimSpace(in.Name)
	switch {
	case d.Name == "":
		return nil, fault.Input("name", "Give the automation a name.")
	case !utf8.ValidString(d.Name) || strings.ContainsAny(d.Name, "\r\n\x00"):
		return nil, fault.Input("name", "A name is one line of text.")
	case utf8.RuneCountInString(d.Name) > MaxNameLength:
		return nil, fault.Input("name", "A name has at most %d characters.", MaxNameLength)
	}
	d.Description = strings.TrimSpace(in.Description)
	if !utf8.ValidString(d.Description) || strings.ContainsRune(d.Description, 0) || utf8.RuneCountInString(d.Description) > MaxDescription {
		return nil, fault.Input("description", "A description is text of at most %d characters.", MaxDescription)
	}
	if err := checkScript(in.Script); err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(in.Script))
	d.hash = sum[:]

	switch in.Kind {
	case KindEvent:
		if strings.TrimSpace(in.Schedule) != "" {
			return nil, fault.Input("schedule", "An event automation has no schedule: it runs on its trigger events.")
		}
		if in.TimeZone != "" && in.TimeZone != "UTC" {
			return nil, fault.Input("timezone", "An event automation has no time zone: it runs on its trigger events.")
		}
		events, err := checkTriggers(in.TriggerEvents)
		if err != nil {
			return nil, err
		}
		d.TriggerEvents = events
		if d.Scope, err = checkScope(in.Scope); err != nil {
			return nil, err
		}
		d.TimeZone, d.loc = "UTC", time.UTC
	case KindSchedule:
		if len(in.TriggerEvents) > 0 {
			return nil, fault.Input("triggerEvents", "A scheduled automation has no trigger events: it runs on its schedule.")
		}
		if in.Scope.Space != "" || in.Scope.PathPrefix != "" || len(in.Scope.Tags) > 0 {
			return nil, fault.Input("scope", "A scheduled automation has no scope: it has no event to filter. Its script reads what it needs with codna.find.")
		}
		expr, err := checkCron(in.Schedule)
		if err != nil {
			return nil, err
		}
		d.Schedule, d.schedule = expr, &expr
		if d.TimeZone, d.loc, err = checkTimeZone(in.TimeZone); err != nil {
			return nil, err
		}
		d.TriggerEvents = []string{}
		d.Scope = Scope{}
	default:
		return nil, fault.Input("kind", "An automation's kind is event or schedule.")
	}
	scope, err := json.Marshal(d.Scope)
	if err != nil {
		return nil, err
	}
	d.scope = scope
	return d, nil
}

// checkScript validates a script's size and encoding; whether it parses is
// known when it runs (dryRunAutomation says so at once).
func checkScript(script string) error {
	switch {
	case strings.TrimSpace(script) == "":
		return fault.Input("script", "Give the automation a script.")
	case len(script) > sandbox.MaxScriptBytes:
		return fault.Input("script", "A script has at most %d bytes; this one has %d.", sandbox.MaxScriptBytes, len(script))
	case !utf8.ValidString(script) || strings.ContainsRune(script, 0):
		return fault.Input("script", "A script is UTF-8 text without NUL characters.")
	}
	return nil
}

func checkTriggers(events []string) ([]string, error) {
	if len(events) == 0 {
		return nil, fault.Input("triggerEvents", "An event automation needs at least one trigger event: %s.", strings.Join(TriggerEvents, ", "))
	}
	out := make([]string, 0, len(events))
	for _, e := range events {
		e = strings.TrimSpace(e)
		if !slices.Contains(TriggerEvents, e) {
			if len(e) > 64 {
				e = e[:64] + "…"
			}
			return nil, fault.Input("triggerEvents", "%q is not an event an automation can trigger on; these are: %s.", e, strings.Join(TriggerEvents, ", "))
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out, nil
}

func checkScope(sc Scope) (Scope, error) {
	out := Scope{}
	if sc.Space != "" {
		sp, err := document.ParseSpace("scope.space", string(sc.Space))
		if err != nil {
			return out, err
		}
		out.Space = sp
	}
	if sc.PathPrefix != "" {
		p, err := document.NormalizePath(sc.PathPrefix)
		if err != nil {
			return out, fault.Input("scope.pathPrefix", "%s", fault.As(err).Message)
		}
		out.PathPrefix = p
	}
	if len(sc.Tags) > 0 {
		if len(sc.Tags) > MaxScopeTags {
			return out, fault.Input("scope.tags", "A scope lists at most %d tags.", MaxScopeTags)
		}
		tags, err := document.NormalizeTags(sc.Tags)
		if err != nil {
			return out, fault.Input("scope.tags", "%s", fault.As(err).Message)
		}
		out.Tags = tags
	}
	return out, nil
}

// gronxValid serializes gronx.IsValid, which checks against a package-level
// checker.
var gronxValid sync.Mutex

// checkCron validates a 5-field cron expression (minute hour day-of-month
// month day-of-week) and returns it with its fields single-spaced.
func checkCron(expr string) (string, error) {
	fields := strings.Fields(expr)
	if len(fields) != 5 || len(expr) > 200 {
		return "", fault.Input("schedule", "A schedule is a cron expression of 5 fields (minute hour day-of-month month day-of-week), like \"0 9 * * 1\".")
	}
	norm := strings.Join(fields, " ")
	gronxValid.Lock()
	ok := gronx.IsValid(norm)
	gronxValid.Unlock()
	if !ok {
		return "", fault.Input("schedule", "%q is not a valid cron expression: minutes are 0-59, hours 0-23, days 1-31, months 1-12, weekdays 0-6.", norm)
	}
	if _, err := nextTick(norm, time.UTC, time.Now()); err != nil {
		return "", fault.Input("schedule", "%q never comes: it names no time that exists.", norm)
	}
	return norm, nil
}

// checkTimeZone resolves an IANA time zone name; "" is UTC.
func checkTimeZone(name string) (string, *time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" || name == "UTC" {
		return "UTC", time.UTC, nil
	}
	if name == "Local" || len(name) > 64 || strings.Contains(name, "..") {
		return "", nil, fault.Input("timezone", "%q is not a time zone: use an IANA name like Europe/Berlin or Asia/Tbilisi.", truncate(name, 64))
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return "", nil, fault.Input("timezone", "%q is not a time zone: use an IANA name like Europe/Berlin or Asia/Tbilisi.", truncate(name, 64))
	}
	return name, loc, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// nextTick is the first tick of the 5-field cron expression after the
// instant after, read on the wall clock of loc. The expression is matched
// against wall-clock time, so a daily 02:30 runs every day across daylight
// saving changes: on the day 02:30 does not exist (clocks jump forward) it
// runs when the wall clock has passed it (03:30), and on the day 01:30
// comes twice (clocks fall back) it runs at the first.
func nextTick(expr string, loc *time.Location, after time.Time) (time.Time, error) {
	wall := after.In(loc)
	// The wall clock as if it were UTC, where no time is missing or doubled.
	at := time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), 0, time.UTC)
	for range 4 {
		n, err := gronx.NextTickAfter(expr, at, false)
		if err != nil {
			return time.Time{}, err
		}
		next := time.Date(n.Year(), n.Month(), n.Day(), n.Hour(), n.Minute(), 0, 0, loc)
		if w := next.In(loc); w.Hour() != n.Hour() || w.Minute() != n.Minute() {
			// A wall time the clocks jumped over: read it with the offset
			// from before the jump, which lands after it (02:30 → 03:30).
			_, before := next.Add(-3 * time.Hour).Zone()
			next = time.Date(n.Year(), n.Month(), n.Day(), n.Hour(), n.Minute(), 0, 0, time.UTC).Add(-time.Duration(before) * time.Second)
		}
		if next.After(after) {
			return next.UTC(), nil
		}
		// A wall time that maps to an instant already past (the second
		// pass through a repeated hour): that tick has been had.
		at = n
	}
	return time.Time{}, fault.Input("schedule", "The schedule's next time could not be found.")
}
