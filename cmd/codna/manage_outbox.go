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

// outboxFlags are the flags of `codna manage outbox …`.
type outboxFlags struct {
	consumer *string
}

func newOutboxFlags(fs *flag.FlagSet) *outboxFlags {
	return &outboxFlags{consumer: fs.String("consumer", "", "outbox: the consumer an event is parked for")}
}

// outboxManage is `codna manage outbox parked` (the parked events, by id:
// never a payload) and `codna manage outbox retry --id EVENT --consumer C`.
// It returns nil for any other command.
func outboxManage(cmd string, f *outboxFlags, id string, stdout io.Writer) (func(context.Context, *manage.Service) error, error) {
	switch cmd {
	case "outbox parked":
		return func(ctx context.Context, svc *manage.Service) error {
			ps, err := svc.ListParkedEvents(ctx, manage.MaxParkedPage)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "EVENT\tCONSUMER\tTYPE\tSUBJECT\tATTEMPTS\tCLASS\tPARKED")
			for _, p := range ps {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", p.EventID, p.Consumer, p.EventType, p.SubjectType, p.Attempts, p.ErrorClass, p.ParkedAt.Format(time.RFC3339))
			}
			return tw.Flush()
		}, nil
	case "outbox retry":
		if id == "" || *f.consumer == "" {
			return nil, usageError{"outbox retry needs --id (the event) and --consumer"}
		}
		eid, err := uuid.Parse(id)
		if err != nil {
			return nil, usageError{fmt.Sprintf("--id %q is not a valid id", id)}
		}
		return func(ctx context.Context, svc *manage.Service) error {
			p, err := svc.RetryParkedEvent(ctx, manage.CLI, eid, *f.consumer)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "event %s (%s) is back in the queue for %s\n", p.EventID, p.EventType, p.Consumer)
			return nil
		}, nil
	}
	return nil, nil
}
