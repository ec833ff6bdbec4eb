// Command dockerfilecheck parses a Dockerfile with BuildKit's own parser (the one `docker build`
// uses), so syntax errors, unknown instructions and bad flags (--mount, --from, --chown) fail
// without a Docker engine. For each -service it resolves the stage graph the build would take
// (ARG defaults and build args expanded in FROM) and checks that every stage it references exists.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/buildkit/frontend/dockerfile/shell"
)

func main() {
	file := flag.String("file", "Dockerfile", "the Dockerfile")
	services := flag.String("services", "", "comma-separated values of build arg SERVICE to resolve")
	targets := flag.String("targets", "", "comma-separated extra targets to resolve (e.g. dev)")
	flag.Parse()

	f, err := os.Open(*file)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	ast, err := parser.Parse(f)
	if err != nil {
		fail(err)
	}
	for _, w := range ast.Warnings {
		fmt.Fprintf(os.Stderr, "dockerfilecheck: warning: %s\n", w.Short)
	}
	stages, metaArgs, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		fail(err)
	}
	byName := map[string]int{}
	for i, s := range stages {
		if s.Name != "" {
			byName[strings.ToLower(s.Name)] = i
		}
	}
	problems := 0
	for _, svc := range strings.Split(*services, ",") {
		if svc == "" {
			continue
		}
		args := map[string]string{}
		for _, m := range metaArgs {
			for _, kv := range m.Args {
				if kv.Value != nil {
					args[kv.Key] = *kv.Value
				}
			}
		}
		args["SERVICE"] = svc
		lex := shell.NewLex(ast.EscapeToken)
		resolve := func(start int) error {
			seen := map[int]bool{}
			var walk func(i int) error
			walk = func(i int) error {
				if seen[i] {
					return nil
				}
				seen[i] = true
				st := stages[i]
				base, _, err := lex.ProcessWord(st.BaseName, shell.EnvsFromSlice(envList(args)))
				if err != nil {
					return fmt.Errorf("stage %d FROM %s: %w", i, st.BaseName, err)
				}
				if j, ok := byName[strings.ToLower(base)]; ok {
					if err := walk(j); err != nil {
						return err
					}
				}
				for _, cmd := range st.Commands {
					if c, ok := cmd.(*instructions.CopyCommand); ok && c.From != "" {
						j, ok := byName[strings.ToLower(c.From)]
						if !ok {
							return fmt.Errorf("stage %q: COPY --from=%s: no such stage", st.Name, c.From)
						}
						if err := walk(j); err != nil {
							return err
						}
					}
				}
				return nil
			}
			return walk(start)
		}
		last := len(stages) - 1
		finalBase, _, err := lex.ProcessWord(stages[last].BaseName, shell.EnvsFromSlice(envList(args)))
		if err != nil {
			fail(err)
		}
		if _, ok := byName[strings.ToLower(finalBase)]; !ok {
			fmt.Fprintf(os.Stderr, "dockerfilecheck: SERVICE=%s: default target FROM %s is no stage\n", svc, finalBase)
			problems++
			continue
		}
		if err := resolve(last); err != nil {
			fmt.Fprintf(os.Stderr, "dockerfilecheck: SERVICE=%s: %v\n", svc, err)
			problems++
		}
		for _, t := range strings.Split(*targets, ",") {
			if t == "" {
				continue
			}
			i, ok := byName[strings.ToLower(t)]
			if !ok {
				fmt.Fprintf(os.Stderr, "dockerfilecheck: target %s: no such stage\n", t)
				problems++
				continue
			}
			if err := resolve(i); err != nil {
				fmt.Fprintf(os.Stderr, "dockerfilecheck: SERVICE=%s target %s: %v\n", svc, t, err)
				problems++
			}
		}
	}
	if problems > 0 {
		os.Exit(1)
	}
	fmt.Printf("dockerfilecheck: %s: %d stages parse; targets resolve for SERVICE=%s\n", *file, len(stages), *services)
}

func envList(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "dockerfilecheck:", err)
	os.Exit(1)
}
