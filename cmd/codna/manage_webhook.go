package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"

	"codna/internal/document"
	"codna/internal/webhook"
)

// webhookCommands are `codna manage webhook …`: management's instance-wide
// webhooks, whose bodies carry metadata only (docs/operations.md,
// "Management's webhooks").
var webhookCommands = []manageCommand{
	{"webhook", "list", "", "list management's webhooks, oldest first",
		func() manageVerb { return &webhookList{} }},
	{"webhook", "create", "--url URL [--events E,E] [--space S]", "subscribe an instance-wide endpoint to metadata-only events and print its secret once",
		func() manageVerb { return &webhookCreate{} }},
	{"webhook", "disable", "--id ID", "pause one of management's webhooks: it takes no new events, its pending deliveries wait",
		webhookDisable},
	{"webhook", "enable", "--id ID", "resume a paused or disabled webhook of management's",
		webhookEnable},
	{"webhook", "delete", "--id ID", "delete one of management's webhooks and its deliveries",
		webhookDelete},
	{"webhook", "deliveries", "--id ID [--first N]", "list a webhook's deliveries, newest first: status, attempts, last answer and error, times",
		func() manageVerb { return &webhookDeliveries{} }},
}

type webhookList struct {
	noFlags
	noCheck
}

// orAll writes an empty filter as "*".
func orAll(s string) string {
	if s == "" {
		return "*"
	}
	return s
}

func (webhookList) run(ctx context.Context, m *manageEnv) error {
	ws, err := m.webhook.ManagementList(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(m.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tURL\tEVENTS\tSPACE\tSTATUS\tDEAD IN A ROW\tCREATED\tREASON")
	for _, w := range ws {
		space := ""
		if w.Space != nil {
			space = string(*w.Space)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", w.ID, w.URL, orAll(strings.Join(w.Events, ",")), orAll(space),
			w.Status, w.ConsecutiveDead, w.CreatedAt.Format(time.RFC3339), w.StatusReason)
	}
	return tw.Flush()
}

type webhookCreate struct {
	url, events, space string
	in                 webhook.CreateInput
}

func (c *webhookCreate) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.url, "url", "", "the endpoint: an https URL on a public address")
	fs.StringVar(&c.events, "events", "", "comma-separated public event types (docs/api.md); none: every event")
	fs.StringVar(&c.space, "space", "", "only pages in this space: raw, wiki or output; none: every space")
}

func (c *webhookCreate) check(io.Reader) error {
	if c.url == "" {
		return usagef("webhook create needs --url")
	}
	c.in = webhook.CreateInput{URL: c.url}
	for _, e := range strings.Split(c.events, ",") {
		if e = strings.TrimSpace(e); e != "" {
			c.in.Events = append(c.in.Events, e)
		}
	}
	if c.space != "" {
		sp := document.Space(c.space)
		c.in.Space = &sp
	}
	return nil
}

func (c *webhookCreate) run(ctx context.Context, m *manageEnv) error {
	w, secret, err := m.webhook.ManagementCreate(ctx, c.in)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "webhook %s created for %s\n", w.ID, w.URL)
	fmt.Fprintf(m.stdout, "secret (shown this once; verify signatures with it): %s\n", secret)
	return nil
}

// webhookByID is a verb acting on one of management's webhooks by --id.
type webhookByID struct {
	verb string
	act  func(ctx context.Context, m *manageEnv, id uuid.UUID) error
	id   string
	uid  uuid.UUID
}

func (c *webhookByID) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.id, "id", "", "the webhook's id")
}

func (c *webhookByID) check(io.Reader) (err error) {
	if c.id == "" {
		return usagef("webhook %s needs --id", c.verb)
	}
	c.uid, err = parseIDFlag("id", c.id)
	return err
}

func (c *webhookByID) run(ctx context.Context, m *manageEnv) error { return c.act(ctx, m, c.uid) }

func webhookDisable() manageVerb {
	return &webhookByID{verb: "disable", act: func(ctx context.Context, m *manageEnv, id uuid.UUID) error {
		w, err := m.webhook.ManagementPause(ctx, id)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.stdout, "webhook %s is %s: it takes no new events (webhook enable resumes it)\n", w.ID, w.Status)
		return nil
	}}
}

func webhookEnable() manageVerb {
	return &webhookByID{verb: "enable", act: func(ctx context.Context, m *manageEnv, id uuid.UUID) error {
		w, err := m.webhook.ManagementResume(ctx, id)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.stdout, "webhook %s is %s: it takes events again and sends what waited\n", w.ID, w.Status)
		return nil
	}}
}

func webhookDelete() manageVerb {
	return &webhookByID{verb: "delete", act: func(ctx context.Context, m *manageEnv, id uuid.UUID) error {
		if err := m.webhook.ManagementDelete(ctx, id); err != nil {
			return err
		}
		fmt.Fprintf(m.stdout, "webhook %s deleted with its deliveries\n", id)
		return nil
	}}
}

type webhookDeliveries struct {
	id    string
	first int
	uid   uuid.UUID
}

func (c *webhookDeliveries) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.id, "id", "", "the webhook's id")
	fs.IntVar(&c.first, "first", 20, fmt.Sprintf("how many, newest first (1 to %d)", webhook.MaxDeliveries))
}

func (c *webhookDeliveries) check(io.Reader) (err error) {
	if c.id == "" {
		return usagef("webhook deliveries needs --id")
	}
	if c.first < 1 || c.first > webhook.MaxDeliveries {
		return usagef("--first is 1 to %d", webhook.MaxDeliveries)
	}
	c.uid, err = parseIDFlag("id", c.id)
	return err
}

func (c *webhookDeliveries) run(ctx context.Context, m *manageEnv) error {
	ds, err := m.webhook.ManagementDeliveries(ctx, c.uid, c.first, 0)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(m.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DELIVERY\tSEQ\tEVENT\tSTATUS\tATTEMPTS\tLAST STATUS\tEVENT AT\tNEXT ATTEMPT\tDELIVERED\tLAST ERROR")
	for _, d := range ds {
		last, delivered, next := "-", "-", "-"
		if d.LastStatus != nil {
			last = fmt.Sprint(*d.LastStatus)
		}
		if d.DeliveredAt != nil {
			delivered = d.DeliveredAt.Format(time.RFC3339)
		}
		if d.Status == webhook.DeliveryPending {
			next = d.NextAttemptAt.Format(time.RFC3339)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", d.ID, d.Seq, d.EventType, d.Status, d.Attempts, last,
			d.EventAt.Format(time.RFC3339), next, delivered, d.LastError)
	}
	return tw.Flush()
}
