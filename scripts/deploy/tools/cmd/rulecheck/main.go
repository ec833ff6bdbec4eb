package main

import (
	"fmt"
	"os"

	"log/slog"

	"github.com/prometheus/common/model"
	"github.com/prometheus/prometheus/model/rulefmt"
	"github.com/prometheus/prometheus/promql/parser"
)

func main() {
	bad := 0
	for _, f := range os.Args[1:] {
		groups, errs := rulefmt.ParseFile(f, false, model.UTF8Validation, parser.NewParser(parser.Options{}), slog.Default())
		for _, e := range errs {
			fmt.Fprintln(os.Stderr, f+":", e)
			bad++
		}
		if groups != nil {
			n := 0
			for _, g := range groups.Groups {
				n += len(g.Rules)
			}
			fmt.Printf("%s: %d groups, %d rules OK\n", f, len(groups.Groups), n)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
}
