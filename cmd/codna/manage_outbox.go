package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"

	"codna/internal/manage"
)

// outboxCommands are `codna manage outbox …`: outbox events parked for a
// consumer (docs/operations.md, "Parked events"), by id — never a payload.
var outboxCommands = []manageCommand{
	{"outbox", "parked", "", "list the parked events, most recently parked first",
		func() manageVerb { return &outboxParked{} }},
	{"outbox", "retry", "--id EVENT --consumer C", "put an event parked for a consumer back in the queue",
		func() manageVerb { return &outboxRetry{} }},
}

type outboxParked struct {
	noFlags
	noCheck
}

func (outboxParked) run(ctx context.Context, m *manageEnv) error {
	ps, err := m.svc.ListParkedEvents(ctx, manage.MaxParkedPage)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(m.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "EVENT\tCONSUMER\tTYPE\tSUBJECT\tATTEMPTS\tCLASS\tPARKED")
	for _, p := range ps {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", p.EventID, p.Consumer, p.EventType, p.SubjectType, p.Attempts, p.ErrorClass, p.ParkedAt.Format(time.RFC3339))
	}
	return tw.Flush()
}

type outboxRetry struct {
	id, consumer string
	eid          uuid.UUID
}

func (c *outboxRetry) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.id, "id", "", "the event's id")
	fs.StringVar(&c.consumer, "consumer", "", "the consumer it is parked for")
}

func (c *outboxRetry) check(io.Reader) (err error) {
	if c.id == "" || c.consumer == "" {
		return usagef("outbox retry needs --id (the event) and --consumer")
	}
	c.eid, err = parseIDFlag("id", c.id)
	return err
}

func (c *outboxRetry) run(ctx context.Context, m *manageEnv) error {
	p, err := m.svc.RetryParkedEvent(ctx, c.eid, c.consumer)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "event %s (%s) is back in the queue for %s\n", p.EventID, p.EventType, p.Consumer)
	return nil
}
