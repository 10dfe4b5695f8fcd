package main

import (
	"context"
	"fmt"
	"io"

	"codna/internal/app"
)

func migrateCmd(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || (args[0] != "up" && args[0] != "down" && args[0] != "version") {
		return usageError{msg: "migrate takes one of: up, down, version"}
	}
	dbase, _, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer dbase.Close()
	switch args[0] {
	case "up":
		if err := app.MigrateUp(ctx, dbase.URL); err != nil {
			return err
		}
	case "down":
		if err := app.MigrateDown(ctx, dbase.URL); err != nil {
			return err
		}
	}
	v, dirty, latest, err := app.SchemaVersion(ctx, dbase.URL)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "schema version %d (dirty=%v); this binary's latest is %d\n", v, dirty, latest)
	return nil
}
